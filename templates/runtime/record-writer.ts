/**
 * Records on the wire of a request: one record value as its element, nested records and lists
 * inside, `xsi:type` for a subtype, every field checked. Generated descriptors reference
 * {@link writeRecord} on each parameter and SOAP header that sends a record (`writer`), so an app
 * whose operations send no record does not bundle this module.
 */
import { concreteKinds, type FieldDescriptor, type RecordDescriptor, type RecordWriter, type ValueType } from "./descriptor.js";
import { encodeText, escapeXmlText, listItems, MAX_DEPTH, threw } from "./encode.js";
import { EncodeError, outside, type ErrorContext } from "./errors.js";
import { CodecError } from "./scalars.js";

const typeOf = (value: unknown): string =>
  value === null ? "null" : Array.isArray(value) ? "an array" : value instanceof Uint8Array ? "a typed array" : typeof value;

/** The kind of record a value is: the declared one, or the subtype its `$type` names (xsi:type on the wire). */
function recordKind(type: RecordDescriptor, value: object, label: string, ctx: ErrorContext): RecordDescriptor {
  if (type.discriminated !== true) return type;
  let named: unknown;
  try {
    named = (value as Record<string, unknown>)["$type"];
  } catch (err) {
    throw new EncodeError(`${label}.$type`, threw("reading the value", err), ctx);
  }
  const kinds = concreteKinds(type);
  if (named === undefined && type.abstract !== true) return type;
  for (const k of kinds) if (k.name === named) return k;
  const expected = `one of ${kinds.map((k) => JSON.stringify(k.name)).join(", ")} (the kinds of ${type.name}${type.abstract === true ? ", which is abstract" : ""})`;
  throw new EncodeError(`${label}.$type`, `expected ${expected}, got ${named === undefined ? "nothing" : typeof named === "string" ? outside(JSON.stringify(named)) : typeof named}`, ctx);
}

const knownProps = new WeakMap<RecordDescriptor, Set<string>>();
function propsOf(type: RecordDescriptor): Set<string> {
  let set = knownProps.get(type);
  if (!set) {
    set = new Set(type.fields.map((f) => f.prop));
    if (type.discriminated === true) set.add("$type");
    knownProps.set(type, set);
  }
  return set;
}


/**
 * One record value as the element `name`: `xsi:type` when it is a subtype of the declared type,
 * then its fields in wire order (the base's first). A null field is left out, or sent as
 * `xsi:nil="true"` when nillable; a missing required field, an unknown property or a wrong
 * value is an EncodeError naming the path (e.g. `d.Shapes[1].Side`).
 */
function recordElement(name: string, type: RecordDescriptor, value: unknown, label: string, ctx: ErrorContext, attrs: string, stack: object[], ns: string): string {
  if (value === null || typeof value !== "object" || Array.isArray(value) || value instanceof Uint8Array)
    throw new EncodeError(label, `expected an object (${type.name}), got ${typeOf(value)}`, ctx);
  if (stack.includes(value) || stack.length >= MAX_DEPTH)
    throw new EncodeError(label, stack.includes(value) ? "the object contains itself (a cycle cannot be sent)" : `records nested deeper than ${MAX_DEPTH}`, ctx);
  const kind = recordKind(type, value, label, ctx);
  let keys: string[];
  try {
    keys = Object.keys(value);
  } catch (err) {
    throw new EncodeError(label, threw("listing the properties", err), ctx);
  }
  const known = propsOf(kind);
  for (const k of keys)
    if (!known.has(k)) throw new EncodeError(`${label}.${outside(k)}`, `unknown field of ${kind.name} (known: ${[...known].join(", ")})`, ctx);
  stack.push(value);
  let xml = `<${name}${attrs}${kind === type ? "" : ` xsi:type="${kind.wire}"`}>`;
  for (const f of kind.fields) xml += fieldXml(f, value, `${label}.${f.wire}`, ctx, stack, ns);
  stack.pop();
  return `${xml}</${name}>`;
}

function fieldXml(f: FieldDescriptor, record: object, at: string, ctx: ErrorContext, stack: object[], ns: string): string {
  let v: unknown;
  try {
    v = (record as Record<string, unknown>)[f.prop];
  } catch (err) {
    throw new EncodeError(at, threw("reading the value", err), ctx);
  }
  if (v === undefined || v === null) {
    if (!f.nullable) throw new EncodeError(at, "missing required field", ctx);
    return f.nillable === true ? `<${f.wire} xsi:nil="true" />` : "";
  }
  if (f.item === undefined && f.repeated !== true) return valueElement(f.wire, f.type, v, at, ctx, stack, ns);
  const items = listItems({ wire: at }, v, ctx);
  let xml = "";
  const itemName = f.item ?? f.wire;
  for (let i = 0; i < items.length; i++) xml += valueElement(itemName, f.type, items[i], `${at}[${i}]`, ctx, stack, ns);
  if (f.repeated === true) return xml;
  return xml === "" ? `<${f.wire} />` : `<${f.wire}>${xml}</${f.wire}>`;
}

/** One field value as the element `name` (`ns`: the default namespace in scope, for QName and raw XML). */
function valueElement(name: string, type: ValueType, value: unknown, label: string, ctx: ErrorContext, stack: object[], ns: string): string {
  if (typeof type === "object" && type.kind === "record") return recordElement(name, type, value, label, ctx, "", stack, ns);
  // QName and raw XML write whole elements (they carry namespace declarations).
  const writeElement = type.kind === "scalar" ? type.encodeElement : undefined;
  if (writeElement !== undefined) {
    try {
      return writeElement(value, name, ns);
    } catch (err) {
      if (err instanceof CodecError) throw new EncodeError(label, err.message, ctx);
      throw new EncodeError(label, threw("encoding the value", err), ctx);
    }
  }
  return `<${name}>${escapeXmlText(encodeText(type, value, label, ctx))}</${name}>`;
}

/** Writes one record value as the element `name` (attributes `attrs`, default namespace `ns` in scope): what descriptors name as `writer`. */
export const writeRecord: RecordWriter = (name, type, value, label, ctx, attrs, ns) => recordElement(name, type, value, label, ctx, attrs, [], ns);
