/** The client runtime: everything generated operations share. */
export {
  BINDINGS,
  BINDING_INFO,
  SOAP11_NS,
  SOAP12_NS,
  bindingInfo,
  type Binding,
  type BindingInfo,
} from "./binding.js";
export {
  createConfig,
  type CallErrorEvent,
  type CallOptions,
  type ClientHooks,
  type ClientOptions,
  type Config,
  type RequestEvent,
  type ResponseEvent,
} from "./config.js";
export { invoke, prepareRequest } from "./call.js";
export { XsdDateTime } from "./datetime.js";
export type { ScalarCodec } from "./codec.js";
export {
  anyURICodec,
  base64BinaryCodec,
  booleanCodec,
  byteCodec,
  dateCodec,
  dateTimeCodec,
  decimalCodec,
  doubleCodec,
  durationCodec,
  floatCodec,
  guidCodec,
  intCodec,
  longCodec,
  shortCodec,
  stringCodec,
  timeCodec,
  unsignedByteCodec,
  unsignedIntCodec,
  unsignedLongCodec,
  unsignedShortCodec,
} from "./scalars.js";
export { charCodec, hexBinaryCodec, QNameCodec, xmlCodec } from "./leaf-codecs.js";
export { ResponseDecoder, decodeResponse, withHeaders, type DecodeOutcome, type FaultInfo } from "./decode.js";
export {
  defineEnum,
  defineOperation,
  defineRecord,
  type EnumDescriptor,
  type FieldDescriptor,
  type HeaderDescriptor,
  type LazyRecordDescriptor,
  type OperationDescriptor,
  type ParamDescriptor,
  type RecordWriter,
  type RecordDescriptor,
  type ResultDescriptor,
  type ScalarName,
  type ValueType,
} from "./descriptor.js";
export { writeRecord } from "./record-writer.js";
export { encodeRequest, escapeXmlText, soapActionFor, soapHeaderSecrets, type Credentials, type SoapHeaderValues, type WireRequest } from "./encode.js";
export {
  AbortError,
  AsmxError,
  DecodeError,
  EncodeError,
  HttpFaultError,
  HttpStatusError,
  MiddlewareError,
  NetworkError,
  RedirectError,
  ResponseTooLargeError,
  ServiceFaultError,
  SoapFaultError,
  TimeoutError,
  type ErrorContext,
} from "./errors.js";
export type {
  Middleware,
  MiddlewareHeaders,
  MiddlewareRequest,
  MiddlewareResponse,
  MutableMiddlewareHeaders,
} from "./middleware.js";
export type { FetchBody, FetchBodyReader, FetchLike, FetchRequestInit, FetchResponse } from "./transport.js";
export { XmlSyntaxError, type XmlErrorCode } from "./xml.js";
export type { QName } from "./qname.js";
export type {
  XmlAttributeInput,
  XmlAttributeNode,
  XmlElementInput,
  XmlElementNode,
  XmlNamespaceDeclaration,
  XmlNode,
  XmlNodeInput,
} from "./raw-xml.js";
