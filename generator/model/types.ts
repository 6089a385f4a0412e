/**
 * The normalised model of a service spec. Every default is explicit here, and every name and
 * type expression of the generated code is decided here, once: emitters read only this model
 * (never the YAML), never re-derive order (array order is wire order) and never compute a name.
 * This module imports nothing from ts-morph or the file system.
 */
import type { Binding } from "../../templates/runtime/binding.ts";
import type { ScalarName } from "../../templates/runtime/descriptor.ts";
import type { SourcePos } from "../spec/position.ts";
import type { GenSymbol, TypeText } from "./symbols.ts";

export type { SourcePos } from "../spec/position.ts";

/**
 * XSD scalar types: the runtime's `ScalarName` is the one list. The generator's table
 * (`model/scalars.ts`), the runtime's codec exports (`<name>Codec`, checked in runtime-symbols.ts)
 * and its name table (`CODECS`, runtime codecs.ts) are all keyed by it, so adding a scalar fails
 * to compile until every column on both sides is filled.
 */
export type ScalarType = ScalarName;

export type TypeRef =
  | { readonly kind: "scalar"; readonly name: ScalarType }
  | { readonly kind: "enum"; readonly name: string }
  | { readonly kind: "record"; readonly name: string };

export interface EnumModel {
  /** Name in the spec. */
  readonly name: string;
  readonly wireName: string;
  readonly description: string;
  readonly values: readonly string[];
  /** A [Flags] enum: values are lists of names (space-separated on the wire). */
  readonly flags: boolean;
  readonly pos: SourcePos;
  /** The string-literal union type. */
  readonly typeSymbol: GenSymbol;
  /** The `as const` array of all values. */
  readonly valuesSymbol: GenSymbol;
  /** The runtime descriptor. */
  readonly descriptorSymbol: GenSymbol;
}

export interface FieldModel {
  readonly wireName: string;
  /** Property name of the decoded object. */
  readonly tsName: string;
  /** The property name as TypeScript source (quoted when it is not an identifier). */
  readonly propertyKey: string;
  readonly type: TypeRef;
  /** The service may omit the element; decoded as `null`. */
  readonly nullable: boolean;
  /** A value type sent as `xsi:nil="true"` when null (.NET `int?`); other nullable fields are left out. */
  readonly nillable: boolean;
  /** A wrapped list (`ArrayOfX`): the element name of each item; null for a single value or a repeated field. */
  readonly listItem: string | null;
  /** A list without a wrapper: one element named as the field per item ([XmlElement] on an array). */
  readonly repeated: boolean;
  /** A secret value: redacted from errors, hooks and middleware like the password. */
  readonly secret: boolean;
  /** Record whose declaration the field comes from (the record itself, or a base record). */
  readonly declaredIn: string;
  readonly description: string;
  readonly pos: SourcePos;
  /** TypeScript type of the decoded property (with `| null` when nullable). */
  readonly tsType: TypeText;
  /** Descriptor expression of the field's type. */
  readonly descriptorType: TypeText;
  /** How the type is written on the wire, for docs (e.g. `xsd:long`, `element ScheduleDetails`). */
  readonly wireType: string;
}

export interface RecordModel {
  readonly name: string;
  readonly wireName: string;
  readonly description: string;
  /** Every field in wire order: the base record's fields first (recursively), then its own. */
  readonly fields: readonly FieldModel[];
  readonly pos: SourcePos;
  /**
   * The type of values of this record: its interface, or, when the record is abstract or has
   * subtypes, the union of the interfaces of its concrete kinds (itself and its descendants).
   */
  readonly typeSymbol: GenSymbol;
  /** The interface of exactly this record's shape; null for an abstract record (never sent as itself). */
  readonly shapeSymbol: GenSymbol | null;
  /** The concrete kinds a value of this record may be, when that is more than itself: their shape interfaces (union members). */
  readonly unionMembers: readonly GenSymbol[] | null;
  readonly descriptorSymbol: GenSymbol;
  /** The record this one extends (complexContent/extension), or null. */
  readonly base: string | null;
  readonly abstract: boolean;
  /** Concrete records derived from this one, directly or not, in spec order (xsi:type on the wire). */
  readonly subtypes: readonly string[];
  /** The descriptors of `subtypes`, in the same order. */
  readonly subtypeDescriptors: readonly GenSymbol[];
  /**
   * The value of the `$type` property of this record's objects when it belongs to a hierarchy
   * (has a base or subtypes): its TypeScript name; null otherwise (no `$type` property).
   */
  readonly discriminator: string | null;
  /** Contains itself, directly or through other records (its descriptor gives its fields late). */
  readonly recursive: boolean;
}

/** A SOAP header of an operation ([SoapHeader]). */
export interface HeaderModel {
  /** Element name of the header (in the operation's namespace). */
  readonly element: string;
  /** Property of the `soapHeaders` objects (options in, result out). */
  readonly tsName: string;
  readonly propertyKey: string;
  readonly type: TypeRef;
  /** Sent by the client (in, inout). */
  readonly sent: boolean;
  /** Sent by the service (out, inout). */
  readonly received: boolean;
  readonly direction: "in" | "out" | "inout";
  readonly description: string;
  readonly pos: SourcePos;
  readonly tsType: TypeText;
  readonly descriptorType: TypeText;
}

export interface ParamModel {
  readonly wireName: string;
  /** Property name in the call's parameter object. */
  readonly tsName: string;
  readonly propertyKey: string;
  readonly type: TypeRef;
  /** SOAP element name of each list item, or null for a single value. */
  readonly listItem: string | null;
  /** minOccurs 0: the caller may leave it out. */
  readonly optional: boolean;
  /** A value type sent as `xsi:nil="true"` when null (.NET `int?`). */
  readonly nillable: boolean;
  /** Filled from the client's credentials instead of the call's parameters. */
  readonly credential: "username" | "password" | null;
  readonly description: string;
  readonly pos: SourcePos;
  /** TypeScript type accepted for the parameter (without the optional marker). */
  readonly inputType: TypeText;
  readonly descriptorType: TypeText;
  readonly wireType: string;
  /** A plain example value, as TypeScript source (for docs). */
  readonly example: TypeText;
  /** A representative value for the golden request tests, as TypeScript source (deterministic, hard). */
  readonly sample: TypeText;
}

export interface ResultModel {
  readonly kind: "scalar" | "record" | "list";
  /** A .NET void method: nothing to decode, the function resolves to undefined. */
  readonly void: boolean;
  readonly type: TypeRef;
  /** Element name of each list item (list results only). */
  readonly item: string | null;
  readonly soapElement: string;
  readonly httpRoot: string;
  readonly nullable: boolean;
  readonly description: string;
  readonly pos: SourcePos;
  /** TypeScript type of the decoded result. */
  readonly tsType: TypeText;
  readonly descriptorType: TypeText;
}

export interface OperationModel {
  /** Wire name of the operation (also the name of its function and client method). */
  readonly name: string;
  readonly description: string;
  /** Path of the endpoint file used for this operation (override or the endpoint's path). */
  readonly path: string;
  /** XML namespace of its request and response elements (its endpoint file's service). */
  readonly namespace: string;
  readonly soapAction: string;
  /** The bindings that serve it, when not all four (SOAP-only operations and endpoint files); null: all. */
  readonly bindings: readonly Binding[] | null;
  /** Every parameter, in wire order (credentials included). */
  readonly params: readonly ParamModel[];
  /** SOAP headers, in spec order (HTTP GET/POST ignore them, as ASMX does). */
  readonly headers: readonly HeaderModel[];
  readonly pos: SourcePos;
}

export interface CompleteOperationModel extends OperationModel {
  readonly partial: false;
  readonly result: ResultModel;
  /** The typed function (exact wire name unless the spec sets `tsName`). */
  readonly fnSymbol: GenSymbol;
  /** Parameters type (PascalCase). */
  readonly paramsSymbol: GenSymbol;
  /** Result type (PascalCase): `{ result, headers }` when the operation has out headers. */
  readonly resultSymbol: GenSymbol;
  /**
   * The type the function resolves to: the result type, or, when the service sends headers back
   * (out/inout), `{ result, headers }` with each such header `| null` (absent over HTTP GET/POST).
   */
  readonly outputType: TypeText;
  /** The per-call options type: the runtime's CallOptions, with the service's typed `soapHeaders` when it has headers. */
  readonly optionsType: TypeText;
  /** The frozen descriptor. */
  readonly descriptorSymbol: GenSymbol;
  /** Parameters the caller passes (credentials come from the client). */
  readonly callerParams: readonly ParamModel[];
  /** Whether the caller must pass a parameter object (some caller parameter is required). */
  readonly paramsRequired: boolean;
  /** An example argument object, as TypeScript source. */
  readonly exampleArgs: TypeText;
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
  /** Module of the endpoint's operations, relative to `src/` (see MODULES.endpoint). */
  readonly module: string;
  /** Property of the client holding the endpoint's operations. */
  readonly clientProperty: string;
  /** Interface of that property (PascalCase). */
  readonly groupSymbol: GenSymbol;
}

/** The usage example shown in docs and the README: one call of one operation. */
export interface ExampleModel {
  readonly endpoint: EndpointModel;
  readonly operation: CompleteOperationModel;
}

export interface ServiceModel {
  readonly name: string;
  readonly description: string;
  readonly namespace: string;
  readonly packageName: string;
  readonly packageVersion: string;
  readonly packageDescription: string;
  readonly license: string;
  /** The spec file as generated files name it (relative, stable; never a line number). */
  readonly specFile: string;
  readonly enums: readonly EnumModel[];
  readonly records: readonly RecordModel[];
  /** The records in an order where each comes after the records it contains (for declarations). */
  readonly recordsInDeclarationOrder: readonly RecordModel[];
  readonly endpoints: readonly EndpointModel[];
  /** Whether any operation has credential parameters (username/password). */
  readonly usesCredentials: boolean;
  /**
   * Every SOAP header the client can send (in/inout), by element name, first use wins: the
   * `SoapHeaders` interface of client and call options; null when no operation sends one.
   */
  readonly soapHeaders: { readonly symbol: GenSymbol; readonly headers: readonly HeaderModel[] } | null;
  /** The client options type: the runtime's ClientOptions, with typed `soapHeaders` when the service has headers. */
  readonly clientOptionsType: TypeText;
  /** Every complete operation, endpoint by endpoint, in spec order. */
  readonly operations: readonly CompleteOperationModel[];
  readonly example: ExampleModel | null;
  readonly clientSymbol: GenSymbol;
  readonly createClientSymbol: GenSymbol;
}
