/** The test kit's hand-written part, shared by the generated `testing` entries. */
export {
  createMock,
  type AnyHandlers,
  type MockCallOf,
  type MockContext,
  type MockHandler,
  type MockOptions,
  type MockServer,
  type MockService,
  type ReceivedCredentials,
  type ServiceOperations,
} from "./mock.js";
export { MockFault, fault, httpFault, soapFault, type MockFaultInit, type SoapFaultCode } from "./faults.js";
