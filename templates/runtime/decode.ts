/**
 * Descriptor-driven streaming decoder. XML events from the tokenizer drive a small state
 * machine that builds typed values directly, without a generic tree: list items and record
 * fields are matched by the descriptor (expected next field first, then a lookup), leaf text is
 * converted by the scalar codecs, and every problem becomes a DecodeError naming the path,
 * e.g. `GetMessagesAfterIDResult[3].SendDate`.
 */
import { BINDING_INFO, SOAP11_NS, SOAP12_NS, type Binding, type BindingInfo } from "./binding.js";
import type { FieldDescriptor, OperationDescriptor, RecordDescriptor, ValueType } from "./descriptor.js";
import { AsmxError, DecodeError, SoapFaultError, type ErrorContext } from "./errors.js";
import { CODECS, CodecError } from "./scalars.js";
import { XmlSyntaxError, XmlTokenizer, parseAttributes, type XmlSink } from "./xml.js";

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

/** What a response body held: the result value, or a SOAP fault. */
export type DecodeOutcome = { readonly kind: "value"; readonly value: unknown } | { readonly kind: "fault"; readonly fault: FaultInfo };

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
  /** Whether the record's elements have come in wire order so far. */
  ordered: boolean;
  /** List item element and type (lists). */
  item: string;
  itemType: ValueType | null;
  /** Where the finished value goes: a record field, the list, or the result. */
  field: FieldDescriptor | null;
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
const prefixOf = (name: string): string => {
  const i = name.indexOf(":");
  return i < 0 ? "" : name.slice(0, i);
};
const typeName = (t: ValueType): string => (typeof t === "string" ? t : t.kind === "enum" ? `${t.name} (one of ${t.values.join(", ")})` : `element ${t.wire}`);

/**
 * A string that does not keep its source alive. Engines represent a slice of 13+ characters as a
 * view into the string it came from, so one kept field would pin a whole 64 KiB chunk of the
 * response; prepending a character forces a flat copy, and the slice then views only that copy.
 */
function own(text: string): string {
  return text.length < 13 ? text : (" " + text).slice(1);
}

function isWhitespace(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
}

/** Streaming decoder of one response body. Feed text with write(), then call end(). */
export class ResponseDecoder implements XmlSink {
  private readonly op: OperationDescriptor;
  private readonly info: BindingInfo;
  private readonly namespace: string;
  private readonly ctx: ErrorContext;
  private readonly tokenizer: XmlTokenizer;
  private readonly frames: Frame[] = [];
  /** The innermost frame (cached: read on every event). */
  private top: Frame | undefined = undefined;
  /** Namespace declarations in scope for the outer elements (envelope, body, response, HTTP root). */
  private readonly scopes: Array<ReadonlyArray<readonly [string, string]>> = [];
  private skipDepth = 0;
  // Leaf (scalar element) state.
  private inLeaf = false;
  private leafType: ValueType = "string";
  private leafNil = false;
  private leafLabel = "";
  /** The record field a leaf in progress belongs to (a frame's own `field` says where the frame's value goes). */
  private leafField: FieldDescriptor | null = null;
  private buf = "";
  // Outcome.
  private done = false;
  private result: unknown = undefined;
  private hasResult = false;
  private fault: { version: "1.1" | "1.2"; texts: Map<string, string>; path: string[]; detailDepth: number } | null = null;

  constructor(op: OperationDescriptor, binding: Binding, namespace: string, ctx?: ErrorContext) {
    this.op = op;
    this.info = BINDING_INFO[binding];
    this.namespace = namespace;
    this.ctx = ctx ?? { operation: op.name, binding };
    this.tokenizer = new XmlTokenizer(this);
  }

  /** Feeds the next piece of the body. */
  write(chunk: string): void {
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
    return { kind: "value", value: this.result };
  }

  private wrap(err: unknown): unknown {
    if (err instanceof AsmxError) return err;
    if (err instanceof XmlSyntaxError) return new DecodeError(this.path(), "well-formed XML", `${err.message} (${err.code} at offset ${err.offset})`, this.ctx, { cause: err });
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

  private resolve(name: string, attrs: string): string {
    const prefix = prefixOf(name);
    const decls: Array<readonly [string, string]> = [];
    if (attrs !== "") {
      for (const [n, v] of parseAttributes(attrs)) {
        if (n === "xmlns") decls.push(["", v]);
        else if (n.startsWith("xmlns:")) decls.push([n.slice(6), v]);
      }
    }
    this.scopes.push(decls);
    return this.lookup(prefix) ?? (prefix === "" ? "" : `(undeclared prefix ${prefix})`);
  }

  private isNil(attrs: string): boolean {
    if (attrs === "" || attrs.indexOf("nil") < 0) return false;
    const list = parseAttributes(attrs);
    for (const [n, v] of list) {
      if (localName(n) === "nil" && (v === "true" || v === "1")) {
        const prefix = prefixOf(n);
        if (prefix === "") continue;
        const decl = list.find(([a]) => a === `xmlns:${prefix}`)?.[1] ?? this.lookup(prefix);
        if (decl === XSI_NS || decl === undefined) return true;
      }
    }
    return false;
  }

  private lookup(prefix: string): string | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) for (const [p, uri] of this.scopes[i] ?? []) if (p === prefix) return uri;
    return undefined;
  }

  private push(kind: number, label: string): Frame {
    const frame: Frame = { kind, label, record: null, value: null, next: 0, assigned: 0, ordered: true, item: "", itemType: null, field: null };
    this.frames.push(frame);
    this.top = frame;
    return frame;
  }

  /** Starts a value of `type` in element `label`; `field` says where it goes when done. */
  private startValue(type: ValueType, label: string, attrs: string, field: FieldDescriptor | null, listResult: { item: string; type: ValueType } | null): void {
    if (listResult) {
      const f = this.push(LIST, label);
      f.value = [];
      f.item = listResult.item;
      f.itemType = listResult.type;
      f.field = field;
      if (this.isNil(attrs)) f.value = null;
      return;
    }
    if (typeof type === "object" && type.kind === "record") {
      const f = this.push(RECORD, label);
      f.record = type;
      f.field = field;
      f.value = this.isNil(attrs) ? null : type.create();
      return;
    }
    this.inLeaf = true;
    this.leafType = type;
    this.leafLabel = label;
    this.leafNil = this.isNil(attrs);
    this.buf = "";
  }

  open(name: string, attrs: string): void {
    const top = this.top;
    // Fast path: a field of a record being decoded (the bulk of every large response).
    if (top !== undefined && top.kind === RECORD && this.skipDepth === 0 && !this.inLeaf && this.fault === null) {
      this.openField(top, name, attrs);
      return;
    }
    this.openGeneral(name, attrs);
  }

  private openGeneral(name: string, attrs: string): void {
    if (this.skipDepth > 0) {
      this.skipDepth++;
      return;
    }
    if (this.fault) return this.openFault(name);
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
        const ns = this.resolve(name, attrs);
        const local = localName(name);
        const soapNs = this.info.envelope?.ns;
        if (ns === soapNs && local === "Header") return void this.push(HEADER, "Header");
        if (ns === soapNs && local === "Body") return void this.push(BODY, "Body");
        throw this.error("", "soap Header or Body", `element <${name}> in ${ns || "no namespace"}`);
      }
      case HEADER:
        this.skipDepth = 1;
        return;
      case BODY: {
        const ns = this.resolve(name, attrs);
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
        this.scopes.push([]);
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

  private openRoot(name: string, attrs: string): void {
    const ns = this.resolve(name, attrs);
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
    if (local !== this.op.result.httpRoot || ns !== this.namespace)
      throw this.error("", `root element ${this.op.result.httpRoot} in ${this.namespace}`, `root element <${name}> in ${ns || "no namespace"}`);
    this.startResult(local, attrs);
  }

  private startResult(label: string, attrs: string): void {
    const r = this.op.result;
    this.startValue(r.type, label, attrs, null, r.kind === "list" ? { item: r.item ?? "", type: r.type } : null);
  }

  private openField(top: Frame, name: string, attrs: string): void {
    const obj = top.value as Record<string, unknown> | null;
    if (obj === null) throw this.error(this.path(), "no content (xsi:nil)", `element <${name}>`);
    const record = top.record as RecordDescriptor;
    const fields = record.fields;
    let index = top.next;
    const expected = fields[index];
    if (expected === undefined || expected.wire !== name) {
      // Not the next field in wire order: a prefixed name, a skipped (null) field, or out of order.
      const found = fieldIndex(record).get(localName(name));
      if (found === undefined) {
        this.skipDepth = 1; // an element the spec does not know: skipped, for forward compatibility
        return;
      }
      if (found < index) top.ordered = false;
      index = found;
    }
    const field = fields[index] as FieldDescriptor;
    // While elements come in wire order an index cannot repeat; otherwise look.
    if (!top.ordered && obj[field.prop] !== undefined) throw this.error(this.path(field.wire), `one element ${field.wire}`, "a repeated element");
    top.next = index + 1;
    top.assigned++;
    const type = field.type;
    if (typeof type === "string" || type.kind === "enum") {
      this.inLeaf = true;
      this.leafField = field;
      this.leafType = type;
      this.leafLabel = field.wire;
      this.leafNil = attrs !== "" && this.isNil(attrs);
      this.buf = "";
      return;
    }
    this.startValue(type, field.wire, attrs, field, null);
  }

  text(value: string): void {
    if (this.inLeaf) {
      this.buf = this.buf === "" ? value : this.buf + value;
      return;
    }
    if (this.skipDepth > 0) return;
    if (this.fault) return this.textFault(value);
    if (!isWhitespace(value)) throw this.error(this.path(), "an element", `text ${JSON.stringify(value.slice(0, 40))}`);
  }

  close(_name: string): void {
    if (this.inLeaf && this.skipDepth === 0) {
      this.closeLeaf();
      return;
    }
    if (this.skipDepth > 0) {
      this.skipDepth--;
      if (this.skipDepth === 0 && this.frames[this.frames.length - 1]?.kind === RESPONSE) this.scopes.pop();
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
            for (const f of fields) {
              if (obj[f.prop] !== undefined) continue;
              if (!f.nullable) {
                this.frames.push(frame);
                const err = this.error(this.path(f.wire), `element ${f.wire} (${typeName(f.type)})`, "no such element");
                this.frames.pop();
                throw err;
              }
              obj[f.prop] = null;
            }
          }
        } else if (!this.nullableHere(frame.field)) {
          throw this.error(`${this.path()}${this.path() === "" ? "" : "."}${frame.label}`, typeName(frame.record as RecordDescriptor), "xsi:nil");
        }
        this.deliver(obj, frame.field);
        return;
      }
      case LIST:
        if (frame.value === null && !this.op.result.nullable) throw this.error(frame.label, `list of ${frame.item}`, "xsi:nil");
        this.deliver(frame.value, frame.field);
        return;
      case RESPONSE:
        this.scopes.pop();
        if (!this.hasResult) {
          if (!this.op.result.nullable) throw this.error("", `element ${this.op.result.soapElement}`, `empty <${frame.label}>`);
          this.result = null;
          this.hasResult = true;
        }
        this.done = true;
        return;
      case BODY:
      case ENVELOPE:
      case HEADER:
        this.scopes.pop();
        return;
      default:
        return;
    }
  }

  private nullableHere(field: FieldDescriptor | null): boolean {
    return field === null ? this.op.result.nullable : field.nullable;
  }

  private closeLeaf(): void {
    this.inLeaf = false;
    const top = this.top;
    // Fast path: a non-nil scalar field of a record.
    if (top !== undefined && top.kind === RECORD && !this.leafNil) {
      const type = this.leafType;
      const target = top.value as Record<string, unknown>;
      const prop = (this.leafField as FieldDescriptor).prop;
      if (type === "string") target[prop] = own(this.buf);
      else if (typeof type === "string") {
        try {
          target[prop] = CODECS[type].decode(this.buf);
        } catch (err) {
          if (err instanceof CodecError) throw this.error(this.path(this.leafLabel), type, JSON.stringify(this.buf));
          throw err;
        }
      } else this.closeLeafGeneral(top);
      return;
    }
    this.closeLeafGeneral(top);
  }

  private closeLeafGeneral(top: Frame | undefined): void {
    const field = top !== undefined && top.kind === RECORD ? this.leafField : null;
    let value: unknown;
    if (this.leafNil) {
      const nullable = top === undefined || top.kind === RESPONSE ? this.op.result.nullable : field !== null && field.nullable;
      if (!nullable) throw this.error(this.path(this.leafLabel), typeName(this.leafType), "xsi:nil");
      value = null;
    } else {
      const type = this.leafType;
      try {
        if (typeof type === "string") value = type === "string" ? own(this.buf) : CODECS[type].decode(this.buf);
        else if (type.kind === "enum") {
          const t = this.buf.trim();
          if (type.flags === true) {
            const names = t === "" ? [] : t.split(/[\t\n\r ]+/);
            for (const n of names) if (!type.values.includes(n)) throw new CodecError("unknown value");
            value = names;
          } else {
            if (!type.values.includes(t)) throw new CodecError("unknown value");
            value = t;
          }
        }
      } catch (err) {
        if (err instanceof CodecError) throw this.error(this.path(this.leafLabel), typeName(type), JSON.stringify(this.buf));
        throw err;
      }
    }
    if (top === undefined || top.kind === RESPONSE) {
      this.result = value;
      this.hasResult = true;
      if (top === undefined) this.done = true;
    } else if (top.kind === RECORD) (top.value as Record<string, unknown>)[(field as FieldDescriptor).prop] = value;
    else (top.value as unknown[]).push(value);
  }

  private deliver(value: unknown, field: FieldDescriptor | null): void {
    const parent = this.top;
    if (parent === undefined || parent.kind === RESPONSE) {
      this.result = value;
      this.hasResult = true;
      if (parent === undefined) {
        this.done = true;
        this.scopes.pop();
      }
    } else if (parent.kind === RECORD && field !== null) (parent.value as Record<string, unknown>)[field.prop] = value;
    else if (parent.kind === LIST) (parent.value as unknown[]).push(value);
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

/** Text of a body given as a string or UTF-8 bytes (invalid UTF-8 is a DecodeError). */
/** Bytes are decoded in pieces of this size, so no string of the whole document is ever built. */
const CHUNK_BYTES = 16 * 1024;

/** Feeds a body given as a string, or as UTF-8 bytes in chunks (invalid UTF-8 is a DecodeError). */
function feed(decoder: ResponseDecoder, body: string | Uint8Array, ctx: ErrorContext): void {
  if (typeof body === "string") {
    decoder.write(body);
    return;
  }
  const text = new TextDecoder("utf-8", { fatal: true });
  const piece = (bytes: Uint8Array | undefined, stream: boolean): string => {
    try {
      return text.decode(bytes, { stream });
    } catch (err) {
      throw new DecodeError("", "UTF-8 text", "invalid UTF-8 bytes", ctx, { cause: err });
    }
  };
  for (let at = 0; at < body.length; at += CHUNK_BYTES) {
    const chunk = piece(body.subarray(at, at + CHUNK_BYTES), true);
    if (chunk !== "") decoder.write(chunk);
  }
  const rest = piece(undefined, false);
  if (rest !== "") decoder.write(rest);
}

/**
 * Decodes a whole response body of `op` received over `binding`. Returns the typed result;
 * throws SoapFaultError when the body is a SOAP fault, DecodeError when it is not the result.
 */
export function decodeResponse<R>(
  op: OperationDescriptor<unknown, R>,
  binding: Binding,
  body: string | Uint8Array,
  options: { readonly namespace?: string; readonly status?: number } = {},
): R {
  const ctx: ErrorContext = { operation: op.name, binding };
  const decoder = new ResponseDecoder(op, binding, options.namespace ?? op.namespace, ctx);
  feed(decoder, body, ctx);
  const outcome = decoder.end();
  if (outcome.kind === "fault") throw new SoapFaultError(outcome.fault, options.status ?? 500, ctx);
  return outcome.value as R;
}
