/**
 * The runtime symbols generated code uses, checked against the runtime's exports at compile
 * time: renaming a runtime export breaks the generator's build, not the generated output.
 */
import type * as Runtime from "../templates/runtime/index.ts";
import { MODULES, symbol, type GenSymbol } from "./model/symbols.ts";

type RuntimeExports = typeof Runtime;

/** Runtime values referenced by generated code, as symbols of the generated package's `runtime/index` module. */
const values = ["defineOperation", "defineRecord", "defineEnum", "invoke", "createConfig", "XsdDateTime", "writeRecord"] as const satisfies ReadonlyArray<keyof RuntimeExports>;

/** Runtime types referenced by generated code; the tuple below fails to compile if one is missing. */
const types = ["Config", "CallOptions", "ClientOptions", "OperationDescriptor", "RecordDescriptor", "EnumDescriptor", "AsmxError", "QName", "XmlNode", "XmlNodeInput"] as const;
type CheckTypes = [Runtime.Config, Runtime.CallOptions, Runtime.ClientOptions, Runtime.OperationDescriptor, Runtime.RecordDescriptor, Runtime.EnumDescriptor, Runtime.AsmxError, Runtime.QName, Runtime.XmlNode, Runtime.XmlNodeInput];
export type { CheckTypes };

const sym = (name: string, typeOnly: boolean): GenSymbol => symbol(name, MODULES.runtime, typeOnly);

/** The runtime's export of each scalar's codec (`longCodec`, …); fails to compile when the runtime lacks one. */
type CodecExports = { readonly [K in Runtime.ScalarName]: RuntimeExports[`${K}Codec`] };
export type { CodecExports };

/** The codec of a scalar, as the runtime symbol descriptors reference (an app bundles only the codecs its operations name). */
export const codecSymbol = (name: Runtime.ScalarName): GenSymbol => sym(`${name}Codec` satisfies keyof RuntimeExports, false);

/** Runtime values (imported as values). */
export const RT = Object.fromEntries(values.map((n) => [n, sym(n, false)])) as { readonly [K in (typeof values)[number]]: GenSymbol };

/** Runtime types (imported with `type`). */
export const RT_TYPES = Object.fromEntries(types.map((n) => [n, sym(n, true)])) as { readonly [K in (typeof types)[number]]: GenSymbol };

/** Every public name of the runtime (values and types); spec names may not collide with them. A test keeps this list equal to the runtime's exports. */
export const RUNTIME_PUBLIC_NAMES: readonly string[] = [
  "BINDINGS", "BINDING_INFO", "SOAP11_NS", "SOAP12_NS", "bindingInfo", "Binding", "BindingInfo", "createConfig", "CallErrorEvent", "CallOptions", "ClientHooks",
  "ClientOptions", "Config", "RequestEvent", "ResponseEvent", "invoke",
  "prepareRequest", "XsdDateTime", "ResponseDecoder", "decodeResponse", "DecodeOutcome", "FaultInfo", "defineEnum",
  "defineOperation", "defineRecord", "EnumDescriptor", "FieldDescriptor", "LazyRecordDescriptor", "OperationDescriptor", "ParamDescriptor",
  "RecordDescriptor", "RecordWriter", "writeRecord", "ResultDescriptor", "ScalarName", "ValueType", "encodeRequest", "escapeXmlText", "soapActionFor",
  "Credentials", "WireRequest", "AbortError", "AsmxError", "DecodeError", "EncodeError", "HttpFaultError",
  "HttpStatusError", "NetworkError", "ResponseTooLargeError", "ServiceFaultError", "SoapFaultError", "TimeoutError",
  "ErrorContext", "XmlSyntaxError", "XmlErrorCode", "MiddlewareError", "RedirectError", "Middleware", "MiddlewareHeaders",
  "MiddlewareRequest", "MiddlewareResponse", "MutableMiddlewareHeaders", "FetchBody", "FetchBodyReader", "FetchLike",
  "FetchRequestInit", "FetchResponse", "HeaderDescriptor", "withHeaders", "soapHeaderSecrets", "SoapHeaderValues",
  "ScalarCodec", "stringCodec", "intCodec", "longCodec", "doubleCodec", "booleanCodec", "dateTimeCodec", "unsignedByteCodec", "base64BinaryCodec",
  "byteCodec", "shortCodec", "unsignedShortCodec", "unsignedIntCodec", "unsignedLongCodec", "floatCodec", "decimalCodec", "dateCodec", "timeCodec",
  "durationCodec", "anyURICodec", "guidCodec", "hexBinaryCodec", "charCodec", "QNameCodec", "xmlCodec",
  "QName", "XmlNode", "XmlElementNode", "XmlAttributeNode", "XmlNamespaceDeclaration", "XmlNodeInput", "XmlElementInput", "XmlAttributeInput",
  // Names the generated package itself defines.
  "createClient", "Client", "SERVICE_NAMESPACE",
];
