/**
 * The full shape of a spec document once it has passed the JSON Schema (spec/service.schema.json):
 * what import writes, verify and merge compare, and the model builds from (raw.ts).
 */
import type { Binding } from "../../templates/runtime/binding.ts";

export interface SpecField {
  name: string;
  tsName?: string;
  type: string;
  /** A list (`ArrayOfX` wrapper named as the field, items named `item`). */
  list?: boolean;
  item?: string;
  /** Whether the service may omit the element (minOccurs 0). */
  nullable?: boolean;
  /** A value type that may be sent as `xsi:nil="true"` (.NET `int?`). */
  nillable?: boolean;
  /** A list without a wrapper: one element named as the field per item ([XmlElement] on an array). */
  repeated?: boolean;
  /** A secret value (redacted from errors, hooks and middleware like the password). Not in the WSDL: set by hand. */
  secret?: boolean;
  description?: string;
}
export interface SpecParam {
  name: string;
  tsName?: string;
  type: string;
  list?: boolean;
  item?: string;
  optional?: boolean;
  /** A value type that may be sent as `xsi:nil="true"` (.NET `int?`). */
  nillable?: boolean;
  credential?: "username" | "password";
  description?: string;
}
export interface SpecResult {
  /** `void`: the response element is empty (a .NET `void` method). */
  kind: "scalar" | "record" | "list" | "void";
  type?: string;
  item?: string;
  soapElement?: string;
  httpRoot?: string;
  nullable?: boolean;
  /** A value-type result that may be `xsi:nil` (.NET `int?`). */
  nillable?: boolean;
  description?: string;
}
/** A SOAP header ([SoapHeader]) of an operation. */
export interface SpecHeader {
  /** Element name of the header. */
  element: string;
  /** Record type of the header element. */
  type: string;
  /** in: sent by the client; out: sent by the service; inout: both. */
  direction: "in" | "out" | "inout";
  description?: string;
}
export interface SpecOperation {
  name: string;
  tsName?: string;
  /** The .NET method name when it differs from the wire name (overloads with MessageName). */
  methodName?: string;
  description?: string;
  path?: string;
  soapAction?: string;
  partial?: boolean;
  /** Bindings that serve this operation, when fewer than the endpoint's. */
  bindings?: Binding[];
  headers?: SpecHeader[];
  params: SpecParam[];
  result?: SpecResult;
}
export interface SpecEndpoint {
  name: string;
  description?: string;
  path: string;
  alternatePaths?: string[];
  /** XML namespace of this endpoint file's service, when it differs from service.namespace. */
  namespace?: string;
  /** Bindings the endpoint file offers. Default: all four. */
  bindings?: Binding[];
  operations: SpecOperation[];
}
export interface SpecEnum {
  wireName?: string;
  description?: string;
  /** A [Flags] enum: values are sent as a space-separated list. */
  flags?: boolean;
  values: string[];
}
export interface SpecRecord {
  wireName?: string;
  description?: string;
  /** Record this one extends (complexContent/extension): its fields come first on the wire. */
  base?: string;
  /** An abstract base type: never sent as itself. */
  abstract?: boolean;
  fields: SpecField[];
}
export interface SpecDocument {
  service: {
    name: string;
    description?: string;
    namespace: string;
    package: { name: string; version: string; description?: string };
  };
  enums?: Record<string, SpecEnum>;
  records?: Record<string, SpecRecord>;
  endpoints: SpecEndpoint[];
}
