/**
 * Data-only descriptors of a service, emitted by the generator and read by the encoder and
 * the decoder. The phantom type parameters of OperationDescriptor tie each descriptor to the
 * TypeScript types of its parameters and result, so generated functions need no casts.
 */

import type { Binding } from "./binding.js";
import type { ScalarCodec, ScalarName } from "./codec.js";
import type { ErrorContext } from "./errors.js";

export type { ScalarName };

/** An enumeration: string values sent and received as written. */
export interface EnumDescriptor {
  readonly kind: "enum";
  readonly name: string;
  readonly values: readonly string[];
  /** A [Flags] enum: a value is a list of names, sent space-separated (xs:list). */
  readonly flags?: true;
}

/** A record (XSD complex type): child elements in wire order. */
export interface RecordDescriptor {
  readonly kind: "record";
  /** TypeScript name. */
  readonly name: string;
  /** Element name on the wire (e.g. `UserGridList`). */
  readonly wire: string;
  readonly fields: readonly FieldDescriptor[];
  /**
   * Makes an empty record: an object literal with every property, in field order, so that every
   * decoded record of this type has its final shape from the start (the fastest way to build
   * objects in JavaScript engines). Emitted by the generator from `fields`.
   */
  readonly create: () => Record<string, unknown>;
  /**
   * The concrete records derived from this one (directly or not), told apart on the wire by
   * `xsi:type` and in TypeScript by the `$type` property (the record's `name`). Absent: none.
   */
  readonly subtypes?: readonly RecordDescriptor[];
  /** An abstract record: a value is always one of its subtypes. */
  readonly abstract?: true;
  /** The record belongs to a hierarchy: its objects carry `$type` (its `name`). */
  readonly discriminated?: true;
  /**
   * Stores `value` in field `index` (position in `fields`) of a record made by `create`: one
   * function with a named store per field, so that the decoder writes every property through
   * a monomorphic store instead of a generic keyed one. Emitted by the generator; without it
   * the decoder writes `record[fields[index].prop]`.
   */
  readonly set?: (record: Record<string, unknown>, index: number, value: unknown) => void;
}

/** The type of a value on the wire: a scalar's codec itself (so an app bundles only the codecs it uses), an enum or a record. */
export type ValueType = ScalarCodec | EnumDescriptor | RecordDescriptor;

export interface FieldDescriptor {
  /** Element name on the wire. */
  readonly wire: string;
  /** Property name of the decoded object. */
  readonly prop: string;
  readonly type: ValueType;
  /** The service may omit the element; decoded as `null`. */
  readonly nullable: boolean;
  /** A value type sent as `xsi:nil="true"` when null (.NET `int?`); other null fields are left out. */
  readonly nillable?: true;
  /** A wrapped list (`ArrayOfX`): the element name of each item. */
  readonly item?: string;
  /** A list without a wrapper: one element named as the field per item ([XmlElement] on an array). */
  readonly repeated?: true;
  /** A secret (e.g. a token in a SOAP header): redacted from errors, hooks and middleware like the password. */
  readonly secret?: true;
}

/**
 * Writes one record value as the element `name` (`attrs`: attributes written on it; `ns`: the
 * default namespace in scope); throws EncodeError naming `label` and the field path. The runtime's
 * is `writeRecord` (record-writer.ts).
 */
export type RecordWriter = (name: string, type: RecordDescriptor, value: unknown, label: string, ctx: ErrorContext, attrs: string, ns: string) => string;

/** A SOAP header of an operation ([SoapHeader]); HTTP GET/POST ignore it, as ASMX does. */
export interface HeaderDescriptor {
  /** Element name, in the operation's namespace. */
  readonly element: string;
  /** Property of the `soapHeaders` objects (options in, result out). */
  readonly prop: string;
  readonly type: RecordDescriptor;
  /** in: sent by the client; out: sent by the service; inout: both. */
  readonly direction: "in" | "out" | "inout";
  /** How the header is written, for one the client sends (in, inout): `writeRecord`. Given only there, so apps that send no record do not bundle the writer. */
  readonly writer?: RecordWriter;
}

export interface ParamDescriptor {
  /** Parameter (element, query or form) name on the wire. */
  readonly wire: string;
  /** Property name in the call's parameter object. */
  readonly prop: string;
  /** A record travels only in a SOAP envelope (ASMX offers no HTTP GET/POST for such an operation). */
  readonly type: ValueType;
  /** How a record parameter is written: `writeRecord`. Given only for records, so apps that send no record do not bundle the writer. */
  readonly writer?: RecordWriter;
  /** SOAP element name of each list item; null for a single value. */
  readonly item: string | null;
  /** The caller may leave it out (minOccurs 0). */
  readonly optional: boolean;
  /** A value type sent as `xsi:nil="true"` when null (.NET `int?`). */
  readonly nillable?: true;
  /** Filled from the client's credentials instead of the parameter object. */
  readonly credential: "username" | "password" | null;
}

export interface ResultDescriptor {
  readonly kind: "scalar" | "record" | "list";
  readonly type: ValueType;
  /** Element name of each item of a list result. */
  readonly item: string | null;
  /** Child of `<Operation>Response` that holds the result (SOAP bindings). */
  readonly soapElement: string;
  /**
   * Root element of HTTP GET/POST responses. "" for a raw XML result whose root element is the
   * value itself, whatever its name (ASMX answers a .NET XmlElement so).
   */
  readonly httpRoot: string;
  /** The service may answer null. */
  readonly nullable: boolean;
  /** A .NET void method: SOAP answers an empty response element, HTTP GET/POST an empty body. */
  readonly void?: true;
}

declare const paramsBrand: unique symbol;
declare const resultBrand: unique symbol;

/** Everything the runtime needs to call one operation. `P` and `R` are compile-time only. */
export interface OperationDescriptor<P = unknown, R = unknown> {
  readonly name: string;
  /** Path of the endpoint file under the base URL, e.g. `/post/receive.asmx`. */
  readonly path: string;
  /** XML namespace of the request and response elements (the spec's default; overridable per client). */
  readonly namespace: string;
  /** SOAPAction for SOAP 1.1 when the namespace is the default one. */
  readonly soapAction: string;
  /** The bindings that serve the operation, when not all four (e.g. SOAP only); absent: all. */
  readonly bindings?: readonly Binding[];
  readonly params: readonly ParamDescriptor[];
  readonly result: ResultDescriptor;
  /**
   * SOAP headers. When one comes back from the service (out, inout), the call resolves to
   * `{ result, headers }` instead of the bare result.
   */
  readonly headers?: readonly HeaderDescriptor[];
  readonly [paramsBrand]?: P;
  readonly [resultBrand]?: R;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Freezes and types an operation descriptor (no other work: safe to tree-shake when unused). */
export function defineOperation<P, R>(descriptor: OperationDescriptor): OperationDescriptor<P, R> {
  return deepFreeze(descriptor) as OperationDescriptor<P, R>;
}

/** A record descriptor whose fields (and subtypes) are given late: the record contains itself, directly or through others. */
export interface LazyRecordDescriptor extends Omit<RecordDescriptor, "fields" | "subtypes"> {
  readonly fields: () => readonly FieldDescriptor[];
  readonly subtypes?: () => readonly RecordDescriptor[];
}

/**
 * Freezes a record descriptor. A recursive record (one that contains itself, directly or
 * through other records) gives its fields as a function, called once on first use, because its
 * descriptor cannot name itself while it is being defined.
 */
export function defineRecord(descriptor: RecordDescriptor | LazyRecordDescriptor): RecordDescriptor {
  const fields = descriptor.fields;
  if (typeof fields !== "function") return deepFreeze(descriptor as RecordDescriptor);
  let resolved: readonly FieldDescriptor[] | undefined;
  const subtypes = (descriptor as LazyRecordDescriptor).subtypes;
  let resolvedSubtypes: readonly RecordDescriptor[] | undefined;
  const lazy: RecordDescriptor = {
    kind: descriptor.kind,
    name: descriptor.name,
    wire: descriptor.wire,
    create: descriptor.create,
    ...(descriptor.abstract === true ? { abstract: true as const } : {}),
    ...(descriptor.discriminated === true ? { discriminated: true as const } : {}),
    ...(descriptor.set === undefined ? {} : { set: descriptor.set }),
    get fields(): readonly FieldDescriptor[] {
      return (resolved ??= deepFreeze(fields()));
    },
  };
  if (subtypes !== undefined)
    Object.defineProperty(lazy, "subtypes", {
      enumerable: true,
      get: (): readonly RecordDescriptor[] => (resolvedSubtypes ??= Object.freeze([...subtypes()])),
    });
  return Object.freeze(lazy);
}

/** The kinds a value of `type` may be on the wire: the record itself unless abstract, then its subtypes. */
export function concreteKinds(type: RecordDescriptor): RecordDescriptor[] {
  return [...(type.abstract === true ? [] : [type]), ...(type.subtypes ?? [])];
}

/** Freezes an enum descriptor. */
export function defineEnum(descriptor: EnumDescriptor): EnumDescriptor {
  return deepFreeze(descriptor);
}
