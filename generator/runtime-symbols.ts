/**
 * The runtime symbols generated code uses, checked against the runtime's exports at compile
 * time: renaming a runtime export breaks the generator's build, not the generated output.
 */
import type * as Runtime from "../templates/runtime/index.ts";

/** Runtime values referenced by generated code. */
export const RT = {
  defineOperation: "defineOperation",
  defineRecord: "defineRecord",
  defineEnum: "defineEnum",
  invoke: "invoke",
  createConfig: "createConfig",
  XsdDateTime: "XsdDateTime",
} as const satisfies { readonly [K in keyof typeof Runtime]?: K };

/** Runtime types referenced by generated code; each entry is checked to exist below. */
export const RT_TYPES = {
  Config: "Config",
  CallOptions: "CallOptions",
  ClientOptions: "ClientOptions",
  OperationDescriptor: "OperationDescriptor",
  RecordDescriptor: "RecordDescriptor",
  EnumDescriptor: "EnumDescriptor",
} as const;
type CheckTypes = [Runtime.Config, Runtime.CallOptions, Runtime.ClientOptions, Runtime.OperationDescriptor, Runtime.RecordDescriptor, Runtime.EnumDescriptor];
export type { CheckTypes };

/** Every public name of the runtime (values and types); spec names may not collide with them. A test keeps this list equal to the runtime's exports. */
export const RUNTIME_PUBLIC_NAMES: readonly string[] = [
  "BINDINGS", "BINDING_INFO", "SOAP11_NS", "SOAP12_NS", "bindingInfo", "Binding", "BindingInfo", "createConfig", "CallErrorEvent", "CallOptions", "ClientHooks",
  "ClientOptions", "Config", "RequestEvent", "ResponseEvent", "invoke",
  "prepareRequest", "XsdDateTime", "ResponseDecoder", "decodeResponse", "DecodeOutcome", "FaultInfo", "defineEnum",
  "defineOperation", "defineRecord", "EnumDescriptor", "FieldDescriptor", "OperationDescriptor", "ParamDescriptor",
  "RecordDescriptor", "ResultDescriptor", "ScalarName", "ValueType", "encodeRequest", "escapeXmlText", "soapActionFor",
  "Credentials", "WireRequest", "AbortError", "AsmxError", "DecodeError", "EncodeError", "HttpFaultError",
  "HttpStatusError", "NetworkError", "ResponseTooLargeError", "ServiceFaultError", "SoapFaultError", "TimeoutError",
  "ErrorContext", "XmlSyntaxError", "XmlErrorCode", "MiddlewareError", "RedirectError", "Middleware", "MiddlewareHeaders",
  "MiddlewareRequest", "MiddlewareResponse", "MutableMiddlewareHeaders", "FetchBody", "FetchBodyReader", "FetchLike",
  "FetchRequestInit", "FetchResponse",
  // Names the generated package itself defines.
  "createClient", "Client", "SERVICE_NAMESPACE",
];
