/**
 * Descriptor-driven streaming decoder. XML events from the tokenizer drive a small state
 * machine that builds typed values directly, without a generic tree: list items and record
 * fields are matched by the descriptor (expected next field first, then a lookup), leaf text is
 * converted by the scalar codecs, and every problem becomes a DecodeError naming the path,
 * e.g. `GetMessagesAfterIDResult[3].SendDate`.
 */
import { BINDING_INFO, SOAP11_NS, SOAP12_NS, type Binding, type BindingInfo } from "./binding.js";
import type { XmlTreeBuilder } from "./codec.js";
import { concreteKinds, type FieldDescriptor, type OperationDescriptor, type RecordDescriptor, type ValueType } from "./descriptor.js";
import { AsmxError, DecodeError, SoapFaultError, type ErrorContext } from "./errors.js";
import { CodecError, stringCodec } from "./scalars.js";
import { XmlSyntaxError, XmlTokenizer, latin1OrUtf8, xmlName, type XmlAttributes, type XmlName, type XmlSink } from "./xml.js";

const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";

/** A SOAP fault as read from the body. */
export interface FaultInfo {
  readonly soapVersion: "1.1" | "1.2";
  readonly faultCode: string;
  readonly faultString: string;
  readonly subcodes: readonly string[];
  readonly actor: string | undefined;
  readonly detail: string | undefined;
}

/**
 * What a response body held: the result value (and the SOAP headers the operation receives, by
 * property, when the envelope had any), or a SOAP fault.
 */
export type DecodeOutcome =
  | { readonly kind: "value"; readonly value: unknown; readonly headers?: Readonly<Record<string, unknown>> | undefined }
  | { readonly kind: "fault"; readonly fault: FaultInfo };

/**
 * What a call resolves to: the result, or `{ result, headers }` when the operation receives SOAP
 * headers (out, inout), each header `null` when the answer had none (always so over HTTP GET/POST).
 */
export function withHeaders(op: OperationDescriptor, value: unknown, headers: Readonly<Record<string, unknown>> | undefined): unknown {
  const back = op.headers?.filter((h) => h.direction !== "in");
  if (back === undefined || back.length === 0) return value;
  const out: Record<string, unknown> = {};
  for (const h of back) out[h.prop] = headers?.[h.prop] ?? null;
  return { result: value, headers: out };
}

// Frame kinds.
const ENVELOPE = 1;
const BODY = 2;
const RESPONSE = 3;
const RECORD = 4;
const LIST = 5;
const FAULT = 7;
const HEADER = 8;

interface Frame {
  kind: number;
  /** Wire label for paths: element name, or `[i]` for list items. */
  label: string;
  record: RecordDescriptor | null;
  /** Record under construction, or list items. */
  value: Record<string, unknown> | unknown[] | null;
  /** Index of the field expected next (records). */
  next: number;
  /** Fields assigned so far (records): when all are, no field needs a null or a check. */
  assigned: number;
  /** Bit i: field i (i < 31) assigned. */
  mask: number;
  /** Whether the record's elements have come in wire order so far. */
  ordered: boolean;
  /** List item element and type (lists). */
  item: string;
  /** The list item name, or the record's field names, for the tokenizer's hint. */
  itemName: XmlName | null;
  names: Array<XmlName | null> | null;
  decs: Array<BytesDecoder | null> | null;
  /** The record's plan (records). */
  plan: RecordPlan | null;
  itemType: ValueType | null;
  /** Where the finished value goes: a record field, the list, or the result. */
  field: FieldDescriptor | null;
}

const encoder = new TextEncoder();

/** Reads a scalar from UTF-8 bytes (throws CodecError). */
type BytesDecoder = (b: Uint8Array, s: number, e: number) => unknown;

/** What the decoder works out once per record type: field names for the tokenizer's hint, and each scalar field's byte decoder. */
interface RecordPlan {
  readonly names: Array<XmlName | null>;
  /** Per field: the codec's decodeBytes for a non-string scalar field, else null. */
  readonly decs: Array<BytesDecoder | null>;
  /** Per field: its wire name, and how a whole leaf of it is read: STRING_LEAF, BYTES_LEAF, or 0 (open, text, close). */
  readonly wires: string[];
  readonly leaves: number[];
}

/** A whole leaf (XmlSink.leaf) of a string field: its text is the value. */
const STRING_LEAF = 1;
/** A whole leaf of a scalar field with a byte decoder. */
const BYTES_LEAF = 2;
const plans = new WeakMap<RecordDescriptor, RecordPlan>();
/** The last plan looked up (a list holds many records of one type). */
let lastRecord: RecordDescriptor | null = null;
let lastPlan: RecordPlan | null = null;
function planOf(record: RecordDescriptor): RecordPlan {
  if (record === lastRecord) return lastPlan as RecordPlan;
  let plan = plans.get(record);
  if (!plan) {
    plan = {
      names: record.fields.map((f) => xmlName(f.wire)),
      decs: record.fields.map((f) => (f.type.kind === "scalar" && f.type !== stringCodec ? (f.type.decodeBytes ?? null) : null)),
      wires: record.fields.map((f) => f.wire),
      leaves: [],
    };
    for (let i = 0; i < record.fields.length; i++) {
      const f = record.fields[i] as FieldDescriptor;
      plan.leaves.push(f.repeated === true || f.item !== undefined ? 0 : f.type === stringCodec ? STRING_LEAF : plan.decs[i] !== null ? BYTES_LEAF : 0);
    }
    plans.set(record, plan);
  }
  lastRecord = record;
  lastPlan = plan;
  return plan;
}

/** Stores `value` in field `index` of the record under construction in `frame`. */
function setField(frame: Frame, index: number, value: unknown): void {
  const record = frame.record as RecordDescriptor;
  const obj = frame.value as Record<string, unknown>;
  if (record.set !== undefined) record.set(obj, index, value);
  else obj[record.fields[index]!.prop] = value;
}

const fieldMaps = new WeakMap<RecordDescriptor, Map<string, number>>();
function fieldIndex(record: RecordDescriptor): Map<string, number> {
  let map = fieldMaps.get(record);
  if (!map) {
    map = new Map(record.fields.map((f, i) => [f.wire, i]));
    fieldMaps.set(record, map);
  }
  return map;
}

const localName = (name: string): string => {
  const i = name.indexOf(":");
  return i < 0 ? name : name.slice(i + 1);
};
const typeName = (t: ValueType): string => (t.kind === "scalar" ? t.name : t.kind === "enum" ? `${t.name} (one of ${t.values.join(", ")})` : `element ${t.wire}`);

/** The namespace declarations written on an element (prefix "" for `xmlns`). */
function ownDeclarations(attrs: XmlAttributes): Map<string, string> | null {
  let own: Map<string, string> | null = null;
  for (let i = 0; i < attrs.length; i++) {
    const n = attrs.name(i);
    if (n === "xmlns" || n.startsWith("xmlns:")) (own ??= new Map()).set(n.length === 5 ? "" : n.slice(6), attrs.value(i));
  }
  return own;
}

function isWhitespace(b: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) {
    const c = b[i];
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** Options of {@link ResponseDecoder} and {@link decodeResponse}. */
export interface DecodeOptions {
  /**
   * Skip elements inside a record that the spec does not know, instead of failing with a
   * DecodeError. Default false: an unknown element usually means the spec and the service
   * disagree (a renamed or misspelt field would otherwise decode as null without a word). Set
   * it when the service is known to add fields over time. Only unknown elements are relaxed:
   * every other check stays.
   */
  readonly lenient?: boolean | undefined;
}

/** Streaming decoder of one response body. Feed text with write(), then call end(). */
export class ResponseDecoder implements XmlSink {
  private readonly op: OperationDescriptor;
  private readonly info: BindingInfo;
  private readonly namespace: string;
  private readonly ctx: ErrorContext;
  private readonly tokenizer: XmlTokenizer;
  private readonly lenient: boolean;
  private readonly frames: Frame[] = [];
  /** Frames for reuse, by depth: `frames[i]` is `pool[i]` (a popped frame is reused by the next push at its depth). */
  private readonly pool: Frame[] = [];
  /** The innermost frame (cached: read on every event). */
  private top: Frame | undefined = undefined;
  private skipDepth = 0;
  // Leaf (scalar element) state: string text is decoded piece by piece into `str`; other text
  // is collected as bytes in `bytes[0..len)` (or referenced in place while it is one piece).
  private inLeaf = false;
  private leafType: ValueType = stringCodec;
  private leafNil = false;
  private leafLabel = "";
  /** The record field a leaf in progress belongs to (a frame's own `field` says where the frame's value goes). */
  private leafField: FieldDescriptor | null = null;
  /** The leaf is an item of a repeated field (pushed, not assigned). */
  private leafPush = false;
  /** SOAP headers the operation receives, by element name (as pseudo-fields: where each goes). */
  private readonly headerFields: Map<string, FieldDescriptor> | null;
  /** Received SOAP headers by property. */
  private headers: Record<string, unknown> | undefined = undefined;
  /** Byte decoder of the record field a leaf in progress belongs to (null: see leafType). */
  private leafDec: BytesDecoder | null = null;
  private str = "";
  private bytes = new Uint8Array(64);
  private len = 0;
  /** Whether the leaf had any text (a nil element must not). */
  private leafText = false;
  /** Raw XML leaf (a codec with `tree`): the content being built from the element's events. */
  private raw: XmlTreeBuilder | null = null;
  /** Namespace declarations on a scoped leaf's own element (a codec with `decodeScoped`: QName). */
  private leafScope: Map<string, string> | null = null;
  /** The leaf in progress is of a SPECIAL_LEAVES type (raw XML or QName). */
  private special = false;
  /** The raw XML result is the document's root element itself (HTTP GET/POST, `httpRoot` ""). */
  private rawRoot = false;
  // Outcome.
  private done = false;
  private result: unknown = undefined;
  private hasResult = false;
  private fault: { version: "1.1" | "1.2"; texts: Map<string, string>; path: string[]; detailDepth: number } | null = null;

  constructor(op: OperationDescriptor, binding: Binding, namespace: string, ctx?: ErrorContext, options: DecodeOptions = {}) {
    this.op = op;
    this.info = BINDING_INFO[binding];
    this.namespace = namespace;
    this.ctx = ctx ?? { operation: op.name, binding };
    this.lenient = options.lenient === true;
    this.tokenizer = new XmlTokenizer(this, { namespaces: true });
    const back = op.headers?.filter((h) => h.direction !== "in") ?? [];
    this.headerFields = back.length === 0 ? null : new Map(back.map((h) => [h.element, { wire: h.element, prop: h.prop, type: h.type, nullable: true }]));
  }

  /** Feeds the next piece of the body: UTF-8 bytes (or text). */
  write(chunk: Uint8Array | string): void {
    try {
      this.tokenizer.write(chunk);
    } catch (err) {
      throw this.wrap(err);
    }
  }

  /** Ends the body and returns the result or the fault. */
  end(): DecodeOutcome {
    try {
      this.tokenizer.end();
    } catch (err) {
      throw this.wrap(err);
    }
    if (this.fault) return { kind: "fault", fault: this.faultInfo() };
    if (!this.hasResult) throw this.error("", `element ${this.expectedTop()}`, "no result");
    return { kind: "value", value: this.result, headers: this.headers };
  }

  private wrap(err: unknown): unknown {
    if (err instanceof AsmxError) return err;
    if (err instanceof XmlSyntaxError) {
      if (err.code === "invalid-utf8") return new DecodeError("", "UTF-8 text", `invalid UTF-8 bytes at offset ${err.offset}`, this.ctx, { cause: err });
      return new DecodeError(this.path(), err.code === "namespace" ? "namespace-well-formed XML" : "well-formed XML", `${err.message} (${err.code} at offset ${err.offset})`, this.ctx, { cause: err });
    }
    return err;
  }

  private error(path: string, expected: string, found: string): DecodeError {
    return new DecodeError(path, expected, found, this.ctx);
  }

  private expectedTop(): string {
    return this.isSoap() ? `${this.op.name}Response` : this.op.result.httpRoot;
  }

  private isSoap(): boolean {
    return this.info.result === "soapBody";
  }

  private path(extra?: string): string {
    let p = "";
    for (const f of this.frames) {
      if (f.kind === RECORD || f.kind === LIST) p += f.label.startsWith("[") || p === "" ? f.label : `.${f.label}`;
    }
    if (extra !== undefined) p += extra.startsWith("[") || p === "" ? extra : `.${extra}`;
    return p;
  }

  /** Namespace of an element name (the tokenizer has checked that its prefix is declared). */
  private resolve(name: string): string {
    return this.tokenizer.namespaceOf(name) ?? "";
  }

  /** Whether the element has xsi:nil="true" (or "1"); any other xsi:nil value is an error. */
  private isNil(attrs: XmlAttributes, label: string): boolean {
    for (let i = 0; i < attrs.length; i++) {
      const n = attrs.name(i);
      if (n.length < 4 || !n.endsWith("nil") || localName(n) !== "nil" || attrs.uri(i) !== XSI_NS) continue;
      const v = attrs.value(i).trim();
      if (v === "true" || v === "1") return true;
      if (v === "false" || v === "0") return false;
      throw this.error(this.path(label), "xsi:nil true or false", JSON.stringify(v.slice(0, 40)));
    }
    return false;
  }

  private push(kind: number, label: string): Frame {
    // Frames are reused by depth (one per record would be most of the decoder's garbage).
    const depth = this.frames.length;
    let frame = this.pool[depth];
    if (frame === undefined) {
      frame = { kind, label, record: null, value: null, next: 0, assigned: 0, mask: 0, ordered: true, item: "", itemName: null, names: null, decs: null, plan: null, itemType: null, field: null };
      this.pool[depth] = frame;
    } else {
      frame.kind = kind;
      frame.label = label;
      frame.record = null;
      frame.value = null;
      frame.next = 0;
      frame.assigned = 0;
      frame.mask = 0;
      frame.ordered = true;
      frame.item = "";
      frame.itemName = null;
      frame.names = null;
      frame.decs = null;
      frame.plan = null;
      frame.itemType = null;
      frame.field = null;
    }
    this.frames.push(frame);
    this.top = frame;
    return frame;
  }

  /** Starts a value of `type` in element `label`; `field` says where it goes when done. */
  private startValue(type: ValueType, label: string, attrs: XmlAttributes, field: FieldDescriptor | null, listResult: { item: string; type: ValueType } | null): void {
    const nil = attrs.length !== 0 && this.isNil(attrs, label);
    if (listResult) {
      const f = this.push(LIST, label);
      f.value = nil ? null : [];
      f.item = listResult.item;
      f.itemName = xmlName(f.item);
      this.tokenizer.expect(f.itemName);
      f.itemType = listResult.type;
      f.field = field;
      return;
    }
    if (typeof type === "object" && type.kind === "record") {
      // A record of a hierarchy: xsi:type names the kind (a subtype of the declared record).
      const kind = type.discriminated === true ? this.kindOf(type, attrs, label, nil) : type;
      const f = this.push(RECORD, label);
      f.record = kind;
      f.field = field;
      f.value = nil ? null : kind.create();
      const plan = planOf(kind);
      f.names = plan.names;
      f.decs = plan.decs;
      f.plan = plan;
      this.hint(f);
      return;
    }
    this.startLeaf(type, label, nil, attrs);
  }

  /** The record kind an element's xsi:type names among the declared record and its subtypes. */
  private kindOf(type: RecordDescriptor, attrs: XmlAttributes, label: string, nil: boolean): RecordDescriptor {
    let named: string | null = null;
    for (let i = 0; i < attrs.length; i++) {
      const n = attrs.name(i);
      if (n.endsWith("type") && localName(n) === "type" && attrs.uri(i) === XSI_NS) named = localName(attrs.value(i).trim());
    }
    const kinds = concreteKinds(type);
    if (named === null) {
      if (type.abstract !== true || nil) return type;
    } else {
      for (const k of kinds) if (k.wire === named) return k;
    }
    throw this.error(this.path(label), `xsi:type ${kinds.map((k) => k.wire).join(" or ")} (kinds of ${type.wire})`, named === null ? "no xsi:type" : `xsi:type ${JSON.stringify(named.slice(0, 64))}`);
  }

  private startLeaf(type: ValueType, label: string, nil: boolean, attrs?: XmlAttributes): void {
    // Leaves that need more than their text: raw XML (`tree`, built from the element's events) and QName (`decodeScoped`, the prefixes in scope).
    if (type.kind === "scalar" && (type.tree !== undefined || type.decodeScoped !== undefined)) {
      this.special = true;
      if (type.tree !== undefined) this.raw = type.tree();
      else this.leafScope = attrs === undefined ? null : ownDeclarations(attrs);
    }
    this.inLeaf = true;
    this.leafType = type;
    this.leafLabel = label;
    this.leafNil = nil;
    this.leafText = false;
    this.str = "";
    this.len = 0;
    if (this.bytes.length > 65536) this.bytes = new Uint8Array(64);
  }

  open(name: string, attrs: XmlAttributes): void {
    const top = this.top;
    // Fast path: a field of a record being decoded (the bulk of every large response).
    if (top !== undefined && top.kind === RECORD && this.skipDepth === 0 && !this.inLeaf && this.fault === null) {
      this.openField(top, name, attrs);
      return;
    }
    this.openGeneral(name, attrs);
  }

  /**
   * A whole leaf element (see XmlSink.leaf). The bulk of a large response is record fields in
   * wire order: those are read straight from the tokenizer's bytes. Anything else, and any
   * value that does not read, takes the general way (open, text, close), which gives the
   * same result or the same error.
   */
  leaf(name: string, attrs: XmlAttributes, b: Uint8Array, s: number, e: number): void {
    const top = this.top;
    if (top !== undefined && top.kind === RECORD && this.skipDepth === 0 && !this.inLeaf && this.fault === null && top.value !== null) {
      const index = top.next;
      const plan = top.plan as RecordPlan;
      const how = plan.leaves[index];
      if (how !== undefined && how !== 0 && plan.wires[index] === name) {
        const bit = index < 31 ? 1 << index : 0;
        if (top.ordered || (bit !== 0 && (top.mask & bit) === 0)) {
          let value: unknown = undefined;
          let ok = true;
          if (how === STRING_LEAF) value = s === e ? "" : latin1OrUtf8(b, s, e);
          else {
            try {
              value = (plan.decs[index] as BytesDecoder)(b, s, e);
            } catch {
              ok = false; // the general way reports it, with the field's path
            }
          }
          if (ok) {
            top.next = index + 1;
            top.assigned++;
            top.mask |= bit;
            setField(top, index, value);
            this.hint(top);
            return;
          }
        }
      }
    }
    this.open(name, attrs);
    if (s < e) this.text(b, s, e);
    this.close(name);
  }

  private openGeneral(name: string, attrs: XmlAttributes): void {
    if (this.skipDepth > 0) {
      this.skipDepth++;
      return;
    }
    if (this.fault) return this.openFault(name);
    if (this.raw !== null) {
      this.leafText = true;
      return this.raw.open(name, attrs, (q) => this.tokenizer.namespaceOf(q));
    }
    if (this.inLeaf) throw this.error(this.path(this.leafLabel), typeName(this.leafType), `child element <${name}>`);
    if (this.done) throw this.error("", "end of document", `element <${name}> after the result`);
    const top = this.top;
    if (top === undefined) return this.openRoot(name, attrs);
    switch (top.kind) {
      case RECORD:
        return this.openField(top, name, attrs);
      case LIST: {
        if (top.value === null) throw this.error(this.path(), "no content (xsi:nil)", `element <${name}>`);
        const local = localName(name);
        const list = top.value as unknown[];
        if (local !== top.item) throw this.error(this.path(`[${list.length}]`), `element ${top.item}`, `element <${name}>`);
        return this.startValue(top.itemType as ValueType, `[${list.length}]`, attrs, null, null);
      }
      case ENVELOPE: {
        const ns = this.resolve(name);
        const local = localName(name);
        const soapNs = this.info.envelope?.ns;
        if (ns === soapNs && local === "Header") return void this.push(HEADER, "Header");
        if (ns === soapNs && local === "Body") return void this.push(BODY, "Body");
        throw this.error("", "soap Header or Body", `element <${name}> in ${ns || "no namespace"}`);
      }
      case HEADER: {
        // A SOAP header the operation receives (out, inout) is decoded; any other is skipped.
        const field = this.headerFields?.get(localName(name));
        if (field === undefined || this.resolve(name) !== this.namespace) {
          this.skipDepth = 1;
          return;
        }
        return this.startValue(field.type, field.wire, attrs, field, null);
      }
      case BODY: {
        const ns = this.resolve(name);
        const local = localName(name);
        const soapNs = this.info.envelope?.ns;
        if (ns === soapNs && local === "Fault") {
          this.push(FAULT, "Fault");
          this.fault = { version: this.info.envelope?.version ?? "1.1", texts: new Map(), path: [], detailDepth: 0 };
          return;
        }
        if (this.hasResult || this.frames.some((f) => f.kind === RESPONSE)) throw this.error("", "end of Body", `element <${name}>`);
        if (local !== `${this.op.name}Response` || ns !== this.namespace)
          throw this.error("", `element ${this.op.name}Response in ${this.namespace}`, `element <${name}> in ${ns || "no namespace"}`);
        this.push(RESPONSE, local);
        return;
      }
      case RESPONSE: {
        const local = localName(name);
        if (local !== this.op.result.soapElement || this.hasResult) {
          this.skipDepth = 1; // other output elements (e.g. out parameters) are not ours
          return;
        }
        return this.startResult(local, attrs);
      }
      default:
        throw this.error(this.path(), "no element", `element <${name}>`);
    }
  }

  private openRoot(name: string, attrs: XmlAttributes): void {
    const ns = this.resolve(name);
    const local = localName(name);
    if (this.isSoap()) {
      const soapNs = this.info.envelope?.ns;
      if (local !== "Envelope" || ns !== soapNs) {
        const other = ns === SOAP11_NS ? " (a SOAP 1.1 envelope)" : ns === SOAP12_NS ? " (a SOAP 1.2 envelope)" : "";
        throw this.error("", `${this.info.label} Envelope`, `root element <${name}> in ${ns || "no namespace"}${other}`);
      }
      this.push(ENVELOPE, "Envelope");
      return;
    }
    const r = this.op.result;
    if (r.httpRoot === "" && r.type.kind === "scalar" && r.type.tree !== undefined) {
      // A raw XML result that is its own root element (a .NET XmlElement): the root is the content.
      this.startResult(local, attrs);
      this.rawRoot = true;
      (this.raw as XmlTreeBuilder).open(name, attrs, (q) => this.tokenizer.namespaceOf(q));
      return;
    }
    if (local !== r.httpRoot || ns !== this.namespace)
      throw this.error("", `root element ${r.httpRoot} in ${this.namespace}`, `root element <${name}> in ${ns || "no namespace"}`);
    this.startResult(local, attrs);
  }

  private startResult(label: string, attrs: XmlAttributes): void {
    const r = this.op.result;
    // HTTP GET/POST answer some scalars in another type's form (ASMX ignores DataType there).
    const type = !this.isSoap() && r.type.kind === "scalar" ? (r.type.httpResultAs ?? r.type) : r.type;
    this.startValue(type, label, attrs, null, r.kind === "list" ? { item: r.item ?? "", type } : null);
  }

  private openField(top: Frame, name: string, attrs: XmlAttributes): void {
    const obj = top.value as Record<string, unknown> | null;
    if (obj === null) throw this.error(this.path(), "no content (xsi:nil)", `element <${name}>`);
    const record = top.record as RecordDescriptor;
    const fields = record.fields;
    let index = top.next;
    const expected = fields[index];
    if (expected === undefined || expected.wire !== name) {
      // Not the next field in wire order: a prefixed name, a skipped (null) field, or out of order.
      const found = fieldIndex(record).get(localName(name));
      if (found === undefined || this.resolve(name) !== this.namespace) {
        if (!this.lenient) {
          const known = fields.map((f) => f.wire).join(", ");
          throw this.error(this.path(localName(name)), `an element of ${record.wire} (${known})`, `unknown element <${name}> (the lenient option skips unknown elements)`);
        }
        this.skipDepth = 1;
        return;
      }
      if (found < index) top.ordered = false;
      index = found;
    }
    const field = fields[index] as FieldDescriptor;
    if (field.repeated === true) return this.openRepeated(top, obj, index, field, attrs);
    // While elements come in wire order an index cannot repeat; otherwise look.
    const bit = index < 31 ? 1 << index : 0;
    if (!top.ordered && (bit !== 0 ? (top.mask & bit) !== 0 : obj[field.prop] !== undefined))
      throw this.error(this.path(field.wire), `one element ${field.wire}`, "a repeated element");
    top.next = index + 1;
    top.assigned++;
    top.mask |= bit;
    const type = field.type;
    if (field.item !== undefined) return this.startValue(type, field.wire, attrs, field, { item: field.item, type });
    if (type.kind !== "record") {
      this.leafField = field;
      this.leafDec = (top.decs as Array<BytesDecoder | null>)[index]!;
      this.startLeaf(type, field.wire, attrs.length !== 0 && this.isNil(attrs, field.wire), attrs);
      return;
    }
    this.startValue(type, field.wire, attrs, field, null);
  }

  /** One element of a repeated field (no wrapper): its value is pushed on the field's array. */
  private openRepeated(top: Frame, obj: Record<string, unknown>, index: number, field: FieldDescriptor, attrs: XmlAttributes): void {
    let items = obj[field.prop] as unknown[] | undefined;
    if (items === undefined) {
      items = [];
      setField(top, index, items);
      top.assigned++;
      if (index < 31) top.mask |= 1 << index;
    }
    top.next = index; // the next element may be another item
    const label = `${field.wire}[${items.length}]`;
    if (attrs.length !== 0 && this.isNil(attrs, label)) throw this.error(this.path(label), typeName(field.type), "xsi:nil (a list item)");
    const type = field.type;
    if (type.kind !== "record") {
      this.leafField = field;
      this.leafPush = true;
      this.startLeaf(type, label, false, attrs);
      return;
    }
    this.startValue(type, label, attrs, field, null);
  }

  text(b: Uint8Array, s: number, e: number): void {
    if (this.inLeaf && this.skipDepth === 0) {
      this.leafText = true;
      if (this.leafType === stringCodec) {
        if (this.str === "" && this.len === 0) {
          this.str = latin1OrUtf8(b, s, e); // the usual case: the whole text in one piece
          return;
        }
        if (this.str !== "") {
          // More pieces (chunk boundaries, CDATA, comments): collect bytes, decode once at the end.
          const first = encoder.encode(this.str);
          this.str = "";
          this.append(first, 0, first.length);
        }
      }
      if (this.raw !== null) return this.raw.text(latin1OrUtf8(b, s, e));
      this.append(b, s, e);
      return;
    }
    if (this.skipDepth > 0) return;
    if (this.fault) return this.textFault(latin1OrUtf8(b, s, e));
    if (!isWhitespace(b, s, e)) {
      const top = this.top;
      if (top !== undefined && top.value === null && (top.kind === RECORD || top.kind === LIST)) throw this.error(this.path(), "no content (xsi:nil)", "text");
      throw this.error(this.path(), "an element", `text ${JSON.stringify(latin1OrUtf8(b, s, Math.min(e, s + 40)))}`);
    }
  }

  /** Indentation (see XmlSink.space): only a leaf's value and a fault's texts keep it; anywhere else whitespace is allowed and ignored. */
  space(b: Uint8Array, s: number, e: number): void {
    if (this.inLeaf || this.fault !== null) this.text(b, s, e);
  }

  /** Appends leaf text bytes (the buffer grows by half, so a long text costs ~1.5× its size). */
  private append(b: Uint8Array, s: number, e: number): void {
    {
      const n = e - s;
      if (this.len + n > this.bytes.length) {
        const bigger = new Uint8Array(Math.max(Math.floor(this.bytes.length * 1.5), this.len + n));
        bigger.set(this.bytes.subarray(0, this.len));
        this.bytes = bigger;
      }
      if (n < 32) for (let i = 0; i < n; i++) this.bytes[this.len + i] = b[s + i]!;
      else this.bytes.set(b.subarray(s, e), this.len);
      this.len += n;
    }
  }

  close(_name: string): void {
    if (this.inLeaf && this.skipDepth === 0) {
      if (this.raw !== null && this.raw.close() && !(this.rawRoot && this.raw.depth === 0)) return;
      this.closeLeaf();
      return;
    }
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    if (this.fault) return this.closeFault();
    const frame = this.frames.pop();
    if (frame === undefined) return;
    this.top = this.frames[this.frames.length - 1];
    switch (frame.kind) {
      case RECORD: {
        const obj = frame.value as Record<string, unknown> | null;
        if (obj !== null) {
          const fields = (frame.record as RecordDescriptor).fields;
          if (frame.assigned !== fields.length) {
            for (let i = 0; i < fields.length; i++) {
              const f = fields[i] as FieldDescriptor;
              if (i < 31 ? (frame.mask & (1 << i)) !== 0 : obj[f.prop] !== undefined) continue;
              if (!f.nullable) {
                this.frames.push(frame);
                const err = this.error(this.path(f.wire), `element ${f.wire} (${typeName(f.type)})`, "no such element");
                this.frames.pop();
                throw err;
              }
              setField(frame, i, null);
            }
          }
        } else if (!this.nullableHere(frame.field)) {
          throw this.error(`${this.path()}${this.path() === "" ? "" : "."}${frame.label}`, typeName(frame.record as RecordDescriptor), "xsi:nil");
        }
        this.deliver(obj, frame.field);
        return;
      }
      case LIST:
        if (frame.value === null && !this.nullableHere(frame.field)) throw this.error(`${this.path()}${this.path() === "" ? "" : "."}${frame.label}`, `list of ${frame.item}`, "xsi:nil");
        this.deliver(frame.value, frame.field);
        return;
      case RESPONSE:
        if (!this.hasResult) {
          if (!this.op.result.nullable) throw this.error("", `element ${this.op.result.soapElement}`, `empty <${frame.label}>`);
          this.result = null;
          this.hasResult = true;
        }
        this.done = true;
        return;
      default:
        return;
    }
  }

  private nullableHere(field: FieldDescriptor | null): boolean {
    return field === null ? this.op.result.nullable : field.nullable;
  }

  /** The leaf's scalar value (not nil). */
  private scalar(type: ValueType): unknown {
    if (type === stringCodec) return this.len === 0 ? this.str : latin1OrUtf8(this.bytes, 0, this.len);
    const b = this.bytes;
    const n = this.len;
    try {
      if (type.kind === "scalar") {
        const codec = type;
        if (this.special) {
          this.special = false;
          if (this.raw !== null) {
            const content = this.raw.finish();
            this.raw = null;
            return content;
          }
          if (codec.decodeScoped !== undefined) return this.scoped(codec.decodeScoped, latin1OrUtf8(b, 0, n));
        }
        return codec.decodeBytes ? codec.decodeBytes(b, 0, n) : codec.decode(latin1OrUtf8(b, 0, n));
      }
      if (type.kind === "enum") {
        const t = latin1OrUtf8(b, 0, n).trim();
        if (type.flags === true) {
          // A [Flags] enum: XmlSerializer writes the set names separated by spaces.
          const names = t === "" ? [] : t.split(/[\t\n\r ]+/);
          for (const name of names) if (!type.values.includes(name)) throw new CodecError("unknown value");
          return names;
        }
        if (!type.values.includes(t)) throw new CodecError("unknown value");
        return t;
      }
    } catch (err) {
      if (err instanceof CodecError) {
        const shown = latin1OrUtf8(b, 0, Math.min(n, 64));
        throw this.error(this.path(this.leafLabel), `${typeName(type)}${err.message.includes("range") ? ` (${err.message})` : ""}`, JSON.stringify(shown) + (n > 64 ? ` (${n} bytes)` : ""));
      }
      throw err;
    }
    return undefined;
  }

  /** A scoped leaf's value: prefixes resolve to the leaf's own declarations, then to its parent's scope (still open). */
  private scoped(decode: (text: string, namespaceOf: (prefix: string) => string | undefined) => unknown, text: string): unknown {
    const own = this.leafScope;
    this.leafScope = null;
    return decode(text, (prefix) => own?.get(prefix) ?? this.tokenizer.namespaceOf(prefix === "" ? "x" : `${prefix}:x`));
  }

  /** Tells the tokenizer which start tag a record expects next. */
  private hint(f: Frame): void {
    this.tokenizer.expect((f.names as Array<XmlName | null>)[f.next] ?? null);
  }

  private closeLeaf(): void {
    this.inLeaf = false;
    const top = this.top;
    // Fast path: a non-nil scalar field of a record.
    if (top !== undefined && top.kind === RECORD && !this.leafNil && !this.leafPush && this.leafType.kind === "scalar") {
      const dec = this.leafDec;
      let value: unknown;
      if (dec === null) value = this.scalar(this.leafType);
      else {
        try {
          value = dec(this.bytes, 0, this.len);
        } catch {
          value = this.scalar(this.leafType); // the same error, with the field's path
        }
      }
      setField(top, top.next - 1, value);
      this.hint(top);
      return;
    }
    this.closeLeafGeneral(top);
    if (top !== undefined && top.kind === RECORD) this.hint(top);
  }

  private closeLeafGeneral(top: Frame | undefined): void {
    const field = top !== undefined && top.kind === RECORD ? this.leafField : null;
    let value: unknown;
    if (this.leafNil) {
      this.raw = null;
      this.leafScope = null;
      this.special = false;
      const nullable = top === undefined || top.kind === RESPONSE ? this.op.result.nullable : field !== null && field.nullable;
      if (!nullable) throw this.error(this.path(this.leafLabel), typeName(this.leafType), "xsi:nil");
      if (this.leafText) throw this.error(this.path(this.leafLabel), "no content (xsi:nil)", "text");
      value = null;
    } else value = this.scalar(this.leafType);
    if (top === undefined || top.kind === RESPONSE) {
      this.result = value;
      this.hasResult = true;
      if (top === undefined) this.done = true;
    } else if (top.kind === RECORD) {
      if (this.leafPush) {
        // An item of a repeated field: pushed on the field's array.
        this.leafPush = false;
        (top.value as Record<string, unknown[]>)[(field as FieldDescriptor).prop]!.push(value);
      } else setField(top, top.next - 1, value);
    } else (top.value as unknown[]).push(value);
  }

  private deliver(value: unknown, field: FieldDescriptor | null): void {
    const parent = this.top;
    if (parent === undefined || parent.kind === RESPONSE) {
      this.result = value;
      this.hasResult = true;
      if (parent === undefined) this.done = true;
    } else if (parent.kind === RECORD && field !== null) {
      if (field.repeated === true) (parent.value as Record<string, unknown[]>)[field.prop]!.push(value);
      else setField(parent, parent.next - 1, value);
      this.hint(parent);
    } else if (parent.kind === HEADER && field !== null) {
      (this.headers ??= {})[field.prop] = value;
    } else if (parent.kind === LIST) {
      (parent.value as unknown[]).push(value);
      this.tokenizer.expect(parent.itemName);
    }
  }

  // SOAP faults: a small subtree, collected as text by local-name path.
  private openFault(name: string): void {
    const f = this.fault as NonNullable<ResponseDecoder["fault"]>;
    f.path.push(localName(name));
    if (f.detailDepth > 0 || /^(detail|Detail)$/.test(localName(name))) f.detailDepth++;
  }

  private textFault(value: string): void {
    const f = this.fault as NonNullable<ResponseDecoder["fault"]>;
    const key = f.detailDepth > 0 ? "detail" : f.path.join("/");
    f.texts.set(key, (f.texts.get(key) ?? "") + value);
  }

  private closeFault(): void {
    const f = this.fault as NonNullable<ResponseDecoder["fault"]>;
    if (f.path.length === 0) {
      this.frames.pop(); // the Fault element itself
      this.top = this.frames[this.frames.length - 1];
      this.done = true;
      return;
    }
    if (f.detailDepth > 0) f.detailDepth--;
    f.path.pop();
  }

  private faultInfo(): FaultInfo {
    const f = this.fault as NonNullable<ResponseDecoder["fault"]>;
    const t = (k: string): string | undefined => {
      const v = f.texts.get(k);
      return v === undefined ? undefined : v.trim();
    };
    if (f.version === "1.1") {
      return { soapVersion: "1.1", faultCode: t("faultcode") ?? "", faultString: t("faultstring") ?? "", subcodes: [], actor: t("faultactor"), detail: t("detail") };
    }
    const subcodes = [...f.texts.entries()]
      .filter(([k]) => /^Code(\/Subcode)+\/Value$/.test(k))
      .sort(([a], [b]) => a.length - b.length)
      .map(([, v]) => v.trim());
    return { soapVersion: "1.2", faultCode: t("Code/Value") ?? "", faultString: t("Reason/Text") ?? "", subcodes, actor: t("Role"), detail: t("detail") };
  }
}

/** Bytes are fed in pieces of this size, as they would arrive from the network. */
const CHUNK_BYTES = 64 * 1024;

/**
 * Decodes a whole response body of `op` received over `binding`. Returns the typed result;
 * throws SoapFaultError when the body is a SOAP fault, DecodeError when it is not the result.
 */
export function decodeResponse<R>(
  op: OperationDescriptor<unknown, R>,
  binding: Binding,
  body: string | Uint8Array,
  options: DecodeOptions & { readonly namespace?: string; readonly status?: number } = {},
): R {
  const ctx: ErrorContext = { operation: op.name, binding };
  const decoder = new ResponseDecoder(op, binding, options.namespace ?? op.namespace, ctx, options);
  if (typeof body === "string") decoder.write(body);
  else for (let at = 0; at < body.length; at += CHUNK_BYTES) decoder.write(body.subarray(at, at + CHUNK_BYTES));
  const outcome = decoder.end();
  if (outcome.kind === "fault") throw new SoapFaultError(outcome.fault, options.status ?? 500, ctx);
  return withHeaders(op, outcome.value, outcome.headers) as R;
}
