/**
 * Request encoding for the four bindings, driven by the operation descriptor. Pure: builds a
 * WireRequest (method, path with query, headers, body) and validates every value before any
 * network I/O. Parameter order is the descriptor's order, which is the wire order.
 */
import { BINDING_INFO, type Binding } from "./binding.js";
import type { OperationDescriptor, ParamDescriptor, RecordDescriptor, RecordWriter, ValueType } from "./descriptor.js";
import { EncodeError, outside, type ErrorContext } from "./errors.js";
import { CodecError, checkXmlChars } from "./scalars.js";

/** Account credentials, sent as the operation's `username` and `password` parameters. */
export interface Credentials {
  readonly username: string;
  readonly password: string;
}

/** A request as it goes on the wire, relative to the base URL. */
export interface WireRequest {
  readonly method: "GET" | "POST";
  /** Path and query, e.g. `/post/file.asmx/Operation?username=u&…`. */
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

/** Escapes text for element content: `& < >` and CR (which XML would otherwise turn into LF). */
export function escapeXmlText(text: string): string {
  if (!/[&<>\r]/.test(text)) return text;
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#xD;");
}

/** A parameter's value(s) as wire text; null when the parameter is left out. */
type EncodedParam = {
  readonly param: ParamDescriptor;
  readonly texts: readonly string[] | null;
  readonly single: boolean;
  /** The bytes of a single base64Binary value (HTTP GET/POST send them one by one). */
  readonly bytes: Uint8Array | null;
  /** A record parameter: its whole element(s), ready for the SOAP body; null otherwise. */
  readonly xml?: string | null;
  /** The texts are whole SOAP elements (QName, raw XML: codecs with `encodeElement`). */
  readonly markup?: true;
};

/** SOAP header values by header element name (the `soapHeaders` of client and call options). */
export type SoapHeaderValues = Readonly<Record<string, unknown>>;

/** The texts of a nil value (`xsi:nil="true"` in SOAP, an empty value in HTTP GET/POST). */
const NIL: readonly string[] = Object.freeze([""]);

function encodeValue(param: ParamDescriptor, value: unknown, label: string, ctx: ErrorContext): string {
  return encodeText(param.type, value, label, ctx);
}

/** A scalar or enum value as wire text (a record has no text: see recordElement). */
export function encodeText(type: ValueType, value: unknown, label: string, ctx: ErrorContext): string {
  try {
    if (type.kind === "scalar") {
      const codec = type;
      if (ctx.binding === undefined || BINDING_INFO[ctx.binding].envelope !== null) return codec.encode(value);
      return codec.encodeHttp !== undefined ? codec.encodeHttp(value) : codec.encode(value);
    }
    if (type.kind === "record") throw new CodecError(`a record (${type.name}) is sent only in a SOAP envelope`);
    if (type.flags === true) {
      // [Flags]: the names, space-separated; none at all is the empty list.
      if (!Array.isArray(value)) throw new CodecError(`expected an array of ${type.values.join(", ")} (${type.name}, flags), got ${typeof value}`);
      for (const v of value as unknown[])
        if (typeof v !== "string" || !type.values.includes(v))
          throw new CodecError(`expected one of ${type.values.join(", ")} (${type.name}), got ${typeof v === "string" ? JSON.stringify(v) : typeof v}`);
      return (value as string[]).join(ctx.binding === undefined ? " " : BINDING_INFO[ctx.binding].flagsSeparator);
    }
    if (typeof value !== "string" || !type.values.includes(value))
      throw new CodecError(
        `expected one of ${type.values.join(", ")} (${type.name}), got ${typeof value === "string" ? outside(JSON.stringify(value)) : typeof value}`,
      );
    return value;
  } catch (err) {
    if (err instanceof CodecError) throw new EncodeError(label, err.message, ctx);
    throw new EncodeError(label, threw("encoding the value", err), ctx);
  }
}

/** Records nested deeper than this are refused (a cycle in the caller's objects would never end). */
export const MAX_DEPTH = 64;

const hasOwn = (o: object, k: PropertyKey): boolean => Object.prototype.hasOwnProperty.call(o, k);

/** What a throwing getter or proxy trap said, as an EncodeError reason. */
export const threw = (what: string, err: unknown): string =>
  `${what} threw: ${outside(err instanceof Error ? `${err.name}: ${err.message}` : String(err))}`;

/**
 * The caller's parameter values by property name: own enumerable properties only (nothing
 * inherited), each read once. An unknown property is an error (a typo such as `mesgId` must not
 * pass silently), and so is a getter or proxy that throws.
 */
function readParams(op: OperationDescriptor, params: object, ctx: ErrorContext): Map<string, unknown> {
  const known = new Map<string, ParamDescriptor>();
  for (const p of op.params) if (p.credential === null) known.set(p.prop, p);
  let keys: string[];
  try {
    keys = Object.keys(params);
  } catch (err) {
    throw new EncodeError("(parameters)", threw("listing the properties", err), ctx);
  }
  const values = new Map<string, unknown>();
  for (const key of keys) {
    const param = known.get(key);
    if (param === undefined) {
      const credential = op.params.some((p) => p.credential !== null && p.prop === key);
      const hint = credential
        ? "it comes from the client's or the call's credentials, not from the parameters"
        : known.size === 0
          ? "this operation takes no parameters"
          : `known: ${[...known.keys()].join(", ")}`;
      throw new EncodeError(outside(key), `unknown parameter (${hint})`, ctx);
    }
    try {
      values.set(key, (params as Record<string, unknown>)[key]);
    } catch (err) {
      throw new EncodeError(param.wire, threw("reading the value", err), ctx);
    }
  }
  return values;
}

/** The items of a list parameter: a real array without holes, each item read once. */
export function listItems(param: { readonly wire: string }, value: unknown, ctx: ErrorContext): unknown[] {
  if (!Array.isArray(value))
    throw new EncodeError(
      param.wire,
      `expected an array, got ${value instanceof Uint8Array ? "a typed array" : typeof value}`,
      ctx,
    );
  const items: unknown[] = [];
  let length: number;
  try {
    length = value.length;
  } catch (err) {
    throw new EncodeError(param.wire, threw("reading the length", err), ctx);
  }
  for (let i = 0; i < length; i++) {
    const label = `${param.wire}[${i}]`;
    let item: unknown;
    try {
      if (!hasOwn(value, i)) throw new EncodeError(label, "a hole in a sparse array (each item must be a value)", ctx);
      item = (value as unknown[])[i];
    } catch (err) {
      if (err instanceof EncodeError) throw err;
      throw new EncodeError(label, threw("reading the item", err), ctx);
    }
    if (item === undefined || item === null) throw new EncodeError(label, `a list item cannot be ${String(item)}`, ctx);
    items.push(item);
  }
  return items;
}

/**
 * For a SOAP parameter whose codec writes whole elements (QName, raw XML: they carry namespace
 * declarations), the writer of one element `(value, element name, label)`; null otherwise.
 */
function elementWriter(
  param: ParamDescriptor,
  ctx: ErrorContext,
  namespace: string,
): ((value: unknown, element: string, label: string) => string) | null {
  const type = param.type;
  if (type.kind !== "scalar" || ctx.binding === undefined || BINDING_INFO[ctx.binding].envelope === null) return null;
  const write = type.encodeElement;
  if (write === undefined) return null;
  return (value, element, label) => {
    try {
      return write(value, element, namespace);
    } catch (err) {
      if (err instanceof CodecError) throw new EncodeError(label, err.message, ctx);
      throw new EncodeError(label, threw("encoding the value", err), ctx);
    }
  };
}

/**
 * The record writer a descriptor names for a record it sends (record-writer.ts): generated
 * descriptors give it only where a record is sent, so an app whose operations send none does not
 * bundle it. Its absence is a descriptor written by hand without it.
 */
function writerOf(writer: RecordWriter | undefined, label: string, ctx: ErrorContext): RecordWriter {
  if (writer === undefined) throw new EncodeError(label, "the descriptor sends a record but names no record writer (writer: writeRecord)", ctx);
  return writer;
}

function collect(
  op: OperationDescriptor,
  params: object,
  credentials: Credentials | undefined,
  ctx: ErrorContext,
  namespace = "",
): EncodedParam[] {
  if (credentials === undefined && op.params.some((p) => p.credential !== null))
    throw new EncodeError(
      "(credentials)",
      `${op.name} sends ${op.params
        .filter((p) => p.credential !== null)
        .map((p) => p.wire)
        .join(
          " and ",
        )} but no credentials are configured: pass credentials: { username, password } to createClient or createConfig, or in the call's options`,
      ctx,
    );
  const source = readParams(op, params, ctx);
  return op.params.map((param) => {
    const value = param.credential !== null ? credentials?.[param.credential] : source.get(param.prop);
    if (value === null && param.nillable === true && !param.optional) return { param, texts: NIL, single: true, bytes: null };
    if (value === undefined || value === null) {
      if (param.optional) return { param, texts: null, single: param.item === null, bytes: null };
      const why =
        param.credential !== null ? `missing: no credentials.${param.credential} given` : "missing required parameter";
      throw new EncodeError(param.wire, why, ctx);
    }
    const type = param.type;
    if (typeof type === "object" && type.kind === "record") {
      // A record goes on the wire as nested elements (SOAP only; HTTP GET/POST refuse it in formPairs).
      const write = writerOf(param.writer, param.wire, ctx);
      if (param.item === null) return { param, texts: null, single: true, bytes: null, xml: write(param.wire, type, value, param.wire, ctx, "", namespace) };
      const items = listItems(param, value, ctx);
      const inner = items.map((v, i) => write(param.item as string, type, v, `${param.wire}[${i}]`, ctx, "", namespace)).join("");
      return { param, texts: null, single: false, bytes: null, xml: inner === "" ? `<${param.wire} />` : `<${param.wire}>${inner}</${param.wire}>` };
    }
    const element = elementWriter(param, ctx, namespace);
    if (element !== null) {
      const texts = param.item === null ? [element(value, param.wire, param.wire)] : listItems(param, value, ctx).map((v, i) => element(v, param.item as string, `${param.wire}[${i}]`));
      return { param, texts, single: param.item === null, bytes: null, markup: true };
    }
    if (param.item === null) {
      const text = encodeValue(param, value, param.wire, ctx);
      return { param, texts: [text], single: true, bytes: value instanceof Uint8Array ? value : null };
    }
    const items = listItems(param, value, ctx);
    return {
      param,
      texts: items.map((v, i) => encodeValue(param, v, `${param.wire}[${i}]`, ctx)),
      single: false,
      bytes: null,
    };
  });
}

function soapBody(op: OperationDescriptor, encoded: readonly EncodedParam[], namespace: string): string {
  let xml = `<${op.name} xmlns="${escapeXmlText(namespace).replace(/"/g, "&quot;")}">`;
  for (const { param, texts, single, xml: element, markup } of encoded) {
    if (element !== undefined && element !== null) {
      xml += element;
      continue;
    }
    if (texts === null) continue;
    if (markup === true) {
      xml += single ? (texts[0] ?? "") : texts.length === 0 ? `<${param.wire} />` : `<${param.wire}>${texts.join("")}</${param.wire}>`;
    } else if (texts === NIL) {
      xml += `<${param.wire} xsi:nil="true" />`;
    } else if (single) {
      xml += `<${param.wire}>${escapeXmlText(texts[0] ?? "")}</${param.wire}>`;
    } else if (texts.length === 0) {
      xml += `<${param.wire} />`;
    } else {
      xml += `<${param.wire}>`;
      for (const t of texts) xml += `<${param.item}>${escapeXmlText(t)}</${param.item}>`;
      xml += `</${param.wire}>`;
    }
  }
  return `${xml}</${op.name}>`;
}

function envelope(env: { readonly ns: string; readonly prefix: string }, content: string, header = ""): string {
  const { prefix, ns } = env;
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<${prefix}:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:${prefix}="${ns}">` +
    (header === "" ? "" : `<${prefix}:Header>${header}</${prefix}:Header>`) +
    `<${prefix}:Body>${content}</${prefix}:Body></${prefix}:Envelope>`
  );
}

/**
 * The SOAP header elements of a call: each header the operation sends (in, inout) that the
 * caller gave a value for, in the operation's order, in the operation's namespace.
 */
function soapHeaderXml(op: OperationDescriptor, values: SoapHeaderValues | undefined, namespace: string, ctx: ErrorContext): string {
  if (op.headers === undefined || values === undefined) return "";
  let xml = "";
  for (const h of op.headers) {
    if (h.direction === "out") continue;
    let v: unknown;
    try {
      v = values[h.prop];
    } catch (err) {
      throw new EncodeError(`(soapHeaders).${h.prop}`, threw("reading the value", err), ctx);
    }
    if (v === undefined || v === null) continue;
    xml += writerOf(h.writer, `(soapHeaders).${h.prop}`, ctx)(h.element, h.type, v, `(soapHeaders).${h.prop}`, ctx, ` xmlns="${escapeXmlText(namespace).replace(/"/g, "&quot;")}"`, namespace);
  }
  return xml;
}

/**
 * The values of the secret fields (spec `secret: true`) of the SOAP headers a call sends: they
 * are redacted from errors, hooks and middleware like the password.
 */
export function soapHeaderSecrets(op: OperationDescriptor, values: SoapHeaderValues | undefined): string[] {
  if (op.headers === undefined || values === undefined) return [];
  const out: string[] = [];
  const visit = (type: RecordDescriptor, value: unknown, depth: number): void => {
    if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return;
    let kind = type;
    try {
      const named = (value as Record<string, unknown>)["$type"];
      kind = type.subtypes?.find((s) => s.name === named) ?? type;
      for (const f of kind.fields) {
        const v = (value as Record<string, unknown>)[f.prop];
        const items = Array.isArray(v) ? (v as unknown[]) : [v];
        for (const item of items) {
          if (f.secret === true && item !== undefined && item !== null && typeof item !== "object") out.push(String(item));
          else if (typeof f.type === "object" && f.type.kind === "record") visit(f.type, item, depth + 1);
        }
      }
    } catch {
      // a throwing getter: the encoder reports it; nothing to redact from it
    }
  };
  for (const h of op.headers) {
    if (h.direction === "out") continue;
    try {
      visit(h.type, values[h.prop], 0);
    } catch {
      // as above
    }
  }
  return out.filter((s) => s !== "");
}

/**
 * HTTP GET/POST pairs. Lists repeat the name once per item; base64Binary is sent as one
 * decimal byte value per byte (ASMX reads `byte[]` as an array in these bindings). An empty
 * or omitted list cannot be sent: ASMX reads an absent list as null (a 500) and an empty value as
 * one empty item. An omitted optional single value is sent empty, because ASMX requires every
 * parameter to be present in these bindings.
 */
function formPairs(encoded: readonly EncodedParam[], ctx: ErrorContext): string {
  const parts: string[] = [];
  for (const { param, texts, bytes } of encoded) {
    const name = encodeURIComponent(param.wire);
    if (typeof param.type === "object" && param.type.kind === "record")
      throw new EncodeError(
        param.wire,
        `a record parameter (${param.type.name}) cannot be sent over ${ctx.binding ?? "HTTP"}: ASMX reads it only from a SOAP envelope; use a SOAP binding`,
        ctx,
      );
    let values: readonly string[];
    if (texts === null) {
      // ASMX requires every parameter here: an absent one is an error 500, and an empty value would
      // reach a list or byte[] parameter as one empty item. Only a single value can be sent empty.
      if (param.item !== null || (param.type.kind === "scalar" && param.type.binary === true))
        throw new EncodeError(
          param.wire,
          `an omitted list cannot be sent over ${ctx.binding ?? "HTTP"}: the service would read one empty item; pass the items or use a SOAP binding`,
          ctx,
        );
      values = [""];
    } else if (bytes !== null) {
      if (bytes.length === 0)
        throw new EncodeError(
          param.wire,
          `an empty byte array cannot be sent over ${ctx.binding ?? "HTTP"}: the service would read it as null`,
          ctx,
        );
      values = Array.from(bytes, String);
    } else values = texts;
    if (values.length === 0)
      throw new EncodeError(
        param.wire,
        `an empty list cannot be sent over ${ctx.binding ?? "HTTP"}: the service would read it as null; use a SOAP binding`,
        ctx,
      );
    for (const v of values) parts.push(`${name}=${encodeURIComponent(v)}`);
  }
  return parts.join("&");
}

/** ASMX's SOAPAction rule: the namespace, a '/' unless it already ends in one, the operation name. */
export function soapActionFor(namespace: string, operation: string): string {
  return namespace.endsWith("/") ? namespace + operation : `${namespace}/${operation}`;
}

/** Encodes one call. Throws EncodeError (naming the parameter) before anything is sent. */
export function encodeRequest(
  op: OperationDescriptor,
  binding: Binding,
  params: object,
  credentials: Credentials | undefined,
  namespace: string,
  soapHeaders?: SoapHeaderValues,
): WireRequest {
  // EncodeErrors never show the password (nor a secret header field), even when another parameter happens to hold it.
  const ctx: ErrorContext = {
    operation: op.name,
    binding,
    secrets: [...(credentials?.password ? [credentials.password] : []), ...soapHeaderSecrets(op, soapHeaders)],
  };
  // No parameter object at all reads as {} (then each required parameter is reported by name).
  if (params !== undefined && (params === null || typeof params !== "object"))
    throw new EncodeError(
      "(parameters)",
      `expected an object of parameters, got ${params === null ? "null" : typeof params}`,
      ctx,
    );
  try {
    checkXmlChars(namespace);
  } catch (err) {
    throw new EncodeError("(namespace)", (err as Error).message, ctx);
  }
  if (op.bindings !== undefined && !op.bindings.includes(binding)) {
    const offered = op.bindings.map((b) => BINDING_INFO[b].label).join(", ");
    throw new EncodeError("(binding)", `${op.name} is not offered over ${BINDING_INFO[binding].label} (only ${offered})`, ctx);
  }
  const encoded = collect(op, params ?? {}, credentials, ctx, namespace);
  const info = BINDING_INFO[binding];
  const headers: Record<string, string> = {};
  if (info.contentType !== null) headers["Content-Type"] = info.contentType;
  if (info.soapActionHeader)
    headers["SOAPAction"] = `"${namespace === op.namespace ? op.soapAction : soapActionFor(namespace, op.name)}"`;
  const path = info.operationInPath ? `${op.path}/${op.name}` : op.path;
  // SOAP headers travel in the envelope; HTTP GET/POST have nowhere to put them (ASMX ignores them there too).
  if (info.envelope !== null)
    return {
      method: info.method,
      path,
      headers,
      body: envelope(info.envelope, soapBody(op, encoded, namespace), soapHeaderXml(op, soapHeaders, namespace, ctx)),
    };
  const pairs = formPairs(encoded, ctx);
  if (info.request === "query")
    return { method: info.method, path: pairs === "" ? path : `${path}?${pairs}`, headers, body: null };
  return { method: info.method, path, headers, body: pairs };
}
