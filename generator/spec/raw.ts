/** The shape of a spec document once it has passed the JSON Schema (spec/service.schema.json). */
import type { Binding } from "../../templates/runtime/binding.ts";
import type { SpecField, SpecHeader, SpecParam, SpecRecord } from "./document.ts";

/** A record field: the full document shape (lists, repeated elements, secrets). */
export type RawField = SpecField;
/** A record: the full document shape (inheritance included). */
export type RawRecord = SpecRecord;
/** A SOAP header of an operation. */
export type RawHeader = SpecHeader;
/** A parameter: the full document shape already is what the model builds from. */
export type RawParam = SpecParam;
export interface RawResult {
  kind: "scalar" | "record" | "list";
  type: string;
  item?: string;
  soapElement: string;
  /** Absent when no HTTP binding serves the operation. */
  httpRoot?: string;
  nullable?: boolean;
  /** A value-type result that may be `xsi:nil` (.NET `int?`). */
  nillable?: boolean;
  description?: string;
}
/** A .NET void method: the SOAP response element is empty, HTTP GET/POST answer an empty body. */
export interface RawVoidResult {
  kind: "void";
  description?: string;
}
export interface RawOperation {
  name: string;
  tsName?: string;
  description?: string;
  path?: string;
  soapAction?: string;
  partial?: boolean;
  /** Bindings that serve this operation, when fewer than the endpoint's. */
  bindings?: Binding[];
  headers?: RawHeader[];
  params: RawParam[];
  result?: RawResult | RawVoidResult;
}
export interface RawEndpoint {
  name: string;
  description?: string;
  path: string;
  alternatePaths?: string[];
  /** XML namespace of this endpoint file's service, when it differs from service.namespace. */
  namespace?: string;
  /** Bindings the endpoint file offers. Default: all four. */
  bindings?: Binding[];
  operations: RawOperation[];
}
export interface RawSpec {
  service: {
    name: string;
    description?: string;
    namespace: string;
    package: { name: string; version: string; description?: string; license?: string };
  };
  enums?: Record<string, { wireName?: string; description?: string; flags?: boolean; values: string[] }>;
  records?: Record<string, RawRecord>;
  endpoints: RawEndpoint[];
}
