/**
 * The normalised model of a service spec. Every default is explicit here; emitters read
 * only this model (never the YAML) and never re-derive order: array order is wire order.
 * This module imports nothing from ts-morph or the file system.
 */
import type { ScalarName } from "../../templates/runtime/descriptor.ts";

/** Where a model node came from in the spec, for error messages and TSDoc provenance. */
export interface SourcePos {
  /** Spec file path relative to the spec folder's parent, with forward slashes (e.g. `spec/service.yaml`). */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** JSON-pointer-like path inside the document, e.g. `/endpoints/0/operations/3/params/2`. */
  readonly path: string;
}

/**
 * XSD scalar types: the runtime's `ScalarName` is the one list. The generator's table
 * (`model/scalars.ts`) and the runtime's codec table (`CODECS`) are both keyed by it, so adding
 * a scalar fails to compile until every column on both sides is filled.
 */
export type ScalarType = ScalarName;

export type TypeRef =
  | { readonly kind: "scalar"; readonly name: ScalarType }
  | { readonly kind: "enum"; readonly name: string }
  | { readonly kind: "record"; readonly name: string };

export interface EnumModel {
  readonly name: string;
  readonly wireName: string;
  readonly description: string;
  readonly values: readonly string[];
  readonly pos: SourcePos;
}

export interface FieldModel {
  readonly wireName: string;
  readonly tsName: string;
  readonly type: TypeRef;
  /** The service may omit the element; decoded as `null`. */
  readonly nullable: boolean;
  readonly description: string;
  readonly pos: SourcePos;
}

export interface RecordModel {
  readonly name: string;
  readonly wireName: string;
  readonly description: string;
  readonly fields: readonly FieldModel[];
  readonly pos: SourcePos;
}

export interface ParamModel {
  readonly wireName: string;
  readonly tsName: string;
  readonly type: TypeRef;
  /** SOAP element name of each list item, or null for a single value. */
  readonly listItem: string | null;
  /** minOccurs 0: the caller may leave it out. */
  readonly optional: boolean;
  /** Filled from the client's credentials instead of the call's parameters. */
  readonly credential: "username" | "password" | null;
  readonly description: string;
  readonly pos: SourcePos;
}

export interface ResultModel {
  readonly kind: "scalar" | "record" | "list";
  readonly type: TypeRef;
  /** Element name of each list item (list results only). */
  readonly item: string | null;
  readonly soapElement: string;
  readonly httpRoot: string;
  readonly nullable: boolean;
  readonly description: string;
  readonly pos: SourcePos;
}

export interface OperationModel {
  readonly name: string;
  readonly tsName: string;
  readonly description: string;
  /** Path of the endpoint file used for this operation (override or the endpoint's path). */
  readonly path: string;
  readonly soapAction: string;
  readonly params: readonly ParamModel[];
  readonly pos: SourcePos;
}

export interface CompleteOperationModel extends OperationModel {
  readonly partial: false;
  readonly result: ResultModel;
}

/** An operation the description shows only in part: recorded, never emitted as a typed function. */
export interface PartialOperationModel extends OperationModel {
  readonly partial: true;
  readonly result: null;
}

export type AnyOperationModel = CompleteOperationModel | PartialOperationModel;

export interface EndpointModel {
  readonly name: string;
  readonly description: string;
  readonly path: string;
  readonly alternatePaths: readonly string[];
  readonly operations: readonly CompleteOperationModel[];
  readonly partialOperations: readonly PartialOperationModel[];
  readonly pos: SourcePos;
}

export interface ServiceModel {
  readonly name: string;
  readonly description: string;
  readonly namespace: string;
  readonly packageName: string;
  readonly packageVersion: string;
  readonly packageDescription: string;
  /** The spec file the model was built from (relative, forward slashes). */
  readonly specFile: string;
  readonly enums: readonly EnumModel[];
  readonly records: readonly RecordModel[];
  readonly endpoints: readonly EndpointModel[];
}
