/**
 * Responses shaped byte for byte like Mono's ASMX (test/interop/NOTES.md §1, §2, §9): the XML
 * declaration, the `soap` prefix for both SOAP versions, the namespace declarations in ASMX's
 * order, null as a missing result element (SOAP) or `xsi:nil` on the root (HTTP), empty values
 * as self-closed elements, records and lists indented by two spaces over HTTP, `& < >` escaped
 * and CR written raw, doubles and dateTimes as .NET's XmlConvert writes them.
 */
import type { BindingInfo } from "../runtime/binding.js";
import { XsdDateTime } from "../runtime/datetime.js";
import { concreteKinds, type FieldDescriptor, type OperationDescriptor, type RecordDescriptor, type ValueType } from "../runtime/descriptor.js";
import { writeRawXml } from "../runtime/raw-xml.js";
import { CodecError, checkXmlChars } from "../runtime/scalars.js";
import { dotnetDateTime, dotnetDouble } from "./dotnet.js";
import type { MockFault } from "./faults.js";

export const XSI_NS = "http://www.w3.org/2001/XMLSchema-instance";
export const XSD_NS = "http://www.w3.org/2001/XMLSchema";
const DECLARATION = `<?xml version="1.0" encoding="utf-8"?>`;
/** ASMX writes the `soap` prefix for SOAP 1.1 and SOAP 1.2 alike. */
const PREFIX = "soap";
const XS_DECLS = `xmlns:xsd="${XSD_NS}" xmlns:xsi="${XSI_NS}"`;

/** A response as the mock sends it. */
export interface MockResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** A handler's value does not fit the operation's result type; `path` says where. */
export class ResultError extends Error {
  override name = "ResultError";
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`result${path === "" ? "" : ` at ${path}`}: ${reason}`);
  }
}

/** Escapes element text as ASMX does: `& < >`; quotes and CR are written as they are. */
export function escapeText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") : text;
}

function escapeAttr(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}

/** The wire text of one scalar or enum value. */
function scalarText(type: ValueType, value: unknown, path: string): string {
  if (type.kind === "scalar") {
    try {
      if (type.name === "string") {
        if (typeof value !== "string") throw new CodecError(`expected a string, got ${typeof value}`);
        checkXmlChars(value);
        return value;
      }
      if (type.name === "double") {
        if (typeof value !== "number") throw new CodecError(`expected a number (double), got ${typeof value}`);
        return dotnetDouble(value);
      }
      if (type.name === "dateTime") {
        if (value instanceof Date) return dotnetDateTime(XsdDateTime.fromDate(value));
        if (!(value instanceof XsdDateTime))
          throw new CodecError(`expected an XsdDateTime or a Date, got ${typeof value}`);
        return dotnetDateTime(value);
      }
      return type.encode(value);
    } catch (err) {
      if (err instanceof CodecError || err instanceof RangeError) throw new ResultError(path, err.message);
      throw err;
    }
  }
  if (type.kind === "enum") {
    if (type.flags === true) {
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && type.values.includes(v)))
        throw new ResultError(path, `expected an array of ${type.values.join(", ")} (${type.name}, flags)`);
      return value.join(" ");
    }
    if (typeof value !== "string" || !type.values.includes(value))
      throw new ResultError(
        path,
        `expected one of ${type.values.join(", ")} (${type.name}), got ${JSON.stringify(value)}`,
      );
    return value;
  }
  throw new ResultError(path, `expected a record ${type.name}`);
}

/**
 * A scalar element its codec writes whole (QName, raw XML: namespace declarations on or in it),
 * or null for other types. `ns` is the default namespace in scope; on the HTTP root (`root`) it
 * is declared on the element itself, as ASMX does.
 */
function codecElement(name: string, type: ValueType, value: unknown, ns: string, root: boolean, path: string): string | null {
  const write = type.kind === "scalar" ? type.encodeElement : undefined;
  if (write === undefined) return null;
  let markup: string;
  try {
    markup = write(value, name, ns);
  } catch (err) {
    if (err instanceof CodecError) throw new ResultError(path, err.message);
    throw err;
  }
  // The no-namespace QName form (`<q0:name xmlns:q0=… xmlns="">`) already says where it is.
  return root && markup.startsWith(`<${name}`) ? `<${name} xmlns="${escapeAttr(ns)}"${markup.slice(name.length + 1)}` : markup;
}

/**
 * One element holding `value`. `indent` is null for one-line output (SOAP), else the indentation
 * of this element (HTTP GET/POST); its children are indented two more spaces.
 */
function element(name: string, type: ValueType, value: unknown, indent: string | null, path: string, ns: string): string {
  const lead = indent === null ? "" : `\n${indent}`;
  const markup = codecElement(name, type, value, ns, false, path);
  if (markup !== null) return `${lead}${markup}`;
  if (typeof type === "object" && type.kind === "record") {
    if (value === null || typeof value !== "object")
      throw new ResultError(path, `expected a ${type.name} object, got ${value === null ? "null" : typeof value}`);
    // A subtype of the declared record is written with xsi:type, as XmlSerializer does.
    const kind = kindOf(type, value as Record<string, unknown>, path);
    const open = kind === type ? name : `${name} xsi:type="${kind.wire}"`;
    const content = fields(kind.fields, value as Record<string, unknown>, indent === null ? null : `${indent}  `, path, ns);
    return content === "" ? `${lead}<${open} />` : `${lead}<${open}>${content}${lead}</${name}>`;
  }
  const text = scalarText(type, value, path);
  return text === "" ? `${lead}<${name} />` : `${lead}<${name}>${escapeText(text)}</${name}>`;
}

/** The kind of a record value: the declared record, or the subtype its `$type` names. */
function kindOf(type: RecordDescriptor, value: Record<string, unknown>, path: string): RecordDescriptor {
  if (type.discriminated !== true) return type;
  const named = value["$type"];
  if (named === undefined && type.abstract !== true) return type;
  const kinds = concreteKinds(type);
  const kind = kinds.find((k) => k.name === named);
  if (kind === undefined) throw new ResultError(path, `$type must be one of ${kinds.map((k) => k.name).join(", ")}, got ${JSON.stringify(named)}`);
  return kind;
}

function fields(list: readonly FieldDescriptor[], obj: Record<string, unknown>, indent: string | null, path: string, ns: string): string {
  let out = "";
  for (const f of list) {
    const v = obj[f.prop];
    const at = path === "" ? f.prop : `${path}.${f.prop}`;
    if (v === null || v === undefined) {
      // ASMX omits a null reference-typed field, and writes xsi:nil for a null int?.
      if (f.nillable === true) out += `${indent === null ? "" : `\n${indent}`}<${f.wire} xsi:nil="true" />`;
      else if (!f.nullable) throw new ResultError(at, `${f.wire} may not be null`);
      continue;
    }
    if (f.item === undefined && f.repeated !== true) {
      out += element(f.wire, f.type, v, indent, at, ns);
      continue;
    }
    if (!Array.isArray(v)) throw new ResultError(at, `expected an array, got ${typeof v}`);
    const inner = indent === null ? null : f.repeated === true ? indent : `${indent}  `;
    let content = "";
    v.forEach((item: unknown, i) => {
      if (item === null || item === undefined) throw new ResultError(`${at}[${i}]`, "list items may not be null");
      content += element(f.item ?? f.wire, f.type, item, inner, `${at}[${i}]`, ns);
    });
    if (f.repeated === true) out += content;
    else {
      const lead = indent === null ? "" : `\n${indent}`;
      out += content === "" ? `${lead}<${f.wire} />` : `${lead}<${f.wire}>${content}${lead}</${f.wire}>`;
    }
  }
  return out;
}

function items(op: OperationDescriptor, value: unknown, indent: string | null, ns: string): string {
  if (!Array.isArray(value)) throw new ResultError("", `expected an array, got ${typeof value}`);
  const item = op.result.item ?? "";
  let out = "";
  value.forEach((v: unknown, i) => {
    if (v === null || v === undefined) throw new ResultError(`[${i}]`, "list items may not be null");
    out += element(item, op.result.type, v, indent, `[${i}]`, ns);
  });
  return out;
}

function soapEnvelope(info: BindingInfo, body: string, header = ""): string {
  const head = header === "" ? "" : `<${PREFIX}:Header>${header}</${PREFIX}:Header>`;
  return `${DECLARATION}<${PREFIX}:Envelope xmlns:${PREFIX}="${info.envelope?.ns ?? ""}" xmlns:xsi="${XSI_NS}" xmlns:xsd="${XSD_NS}">${head}<${PREFIX}:Body>${body}</${PREFIX}:Body></${PREFIX}:Envelope>`;
}

/**
 * An operation that receives SOAP headers resolves to `{ result, headers }`, and so returns its
 * handler: the result, and the out headers (each optional) for the SOAP envelope.
 */
function splitOutput(op: OperationDescriptor, output: unknown): { value: unknown; headers: Record<string, unknown> } {
  const back = op.headers?.filter((h) => h.direction !== "in") ?? [];
  if (back.length === 0) return { value: output, headers: {} };
  if (output === null || typeof output !== "object" || !("result" in output))
    throw new ResultError("", `${op.name} receives SOAP headers: return { result, headers }`);
  const o = output as { result: unknown; headers?: Record<string, unknown> };
  return { value: o.result, headers: o.headers ?? {} };
}

/** The out headers; `ns`: the namespace as attribute text, `namespace`: as it is (for QName and raw XML fields). */
function headerXml(op: OperationDescriptor, headers: Record<string, unknown>, ns: string, namespace: string): string {
  let out = "";
  for (const h of op.headers ?? []) {
    if (h.direction === "in") continue;
    const v = headers[h.prop];
    if (v === null || v === undefined) continue;
    out += element(h.element, h.type, v, null, `headers.${h.prop}`, namespace).replace(`<${h.element}`, `<${h.element} xmlns="${ns}"`);
  }
  return out;
}

/** The response of a successful call: `value` is what the handler returned. Throws ResultError when it does not fit. */
export function writeResult(
  op: OperationDescriptor,
  info: BindingInfo,
  namespace: string,
  output: unknown,
): MockResponse {
  const r = op.result;
  const ns = escapeAttr(namespace);
  const { value, headers } = splitOutput(op, output);
  if (value === undefined || (value === null && !r.nullable))
    throw new ResultError("", `the result of ${op.name} may not be ${String(value)}`);
  if (info.envelope !== null) {
    const responseName = `${op.name}Response`;
    let inner: string;
    if (value === null) inner = "";
    else if (r.kind === "list") {
      const content = items(op, value, null, namespace);
      inner = content === "" ? `<${r.soapElement} />` : `<${r.soapElement}>${content}</${r.soapElement}>`;
    } else inner = element(r.soapElement, r.type, value, null, "", namespace);
    const response =
      inner === "" ? `<${responseName} xmlns="${ns}" />` : `<${responseName} xmlns="${ns}">${inner}</${responseName}>`;
    return { status: 200, contentType: info.responseContentType, body: soapEnvelope(info, response, headerXml(op, headers, ns, namespace)) };
  }
  const root = r.httpRoot;
  let doc: string;
  if (value === null) doc = `<${root} ${XS_DECLS} xsi:nil="true" xmlns="${ns}" />`;
  else if (r.kind === "list" || r.kind === "record") {
    if (r.kind === "record" && typeof value !== "object")
      throw new ResultError("", `expected an object, got ${typeof value}`);
    const kind = r.kind === "record" && typeof r.type === "object" && r.type.kind === "record" ? kindOf(r.type, value as Record<string, unknown>, "") : null;
    const content = kind === null ? items(op, value, "  ", namespace) : fields(kind.fields, value as Record<string, unknown>, "  ", "", namespace);
    const typeAttr = kind === null || kind === r.type ? "" : ` xsi:type="${kind.wire}"`;
    doc =
      content === ""
        ? `<${root} ${XS_DECLS}${typeAttr} xmlns="${ns}" />`
        : `<${root} ${XS_DECLS}${typeAttr} xmlns="${ns}">${content}\n</${root}>`;
  } else if (root === "" && r.type.kind === "scalar" && r.type.tree !== undefined) {
    // A raw XML result that is its own root element (a .NET XmlElement): exactly one element.
    const nodes = Array.isArray(value) ? (value as unknown[]) : [];
    if (nodes.length !== 1 || typeof nodes[0] !== "object" || nodes[0] === null)
      throw new ResultError("", "an XmlElement result over HTTP GET/POST is one element (the document's root)");
    try {
      doc = writeRawXml(nodes, "");
    } catch (err) {
      if (err instanceof CodecError) throw new ResultError("", err.message);
      throw err;
    }
  } else if (r.type.kind === "scalar" && r.type.encodeElement !== undefined) {
    doc = codecElement(root, r.type, value, namespace, true, "") ?? "";
  } else {
    // ASMX ignores DataType on HTTP GET/POST results: hexBinary answers base64Binary.
    const text = scalarText(r.type.kind === "scalar" ? (r.type.httpResultAs ?? r.type) : r.type, value, "");
    doc = text === "" ? `<${root} xmlns="${ns}" />` : `<${root} xmlns="${ns}">${escapeText(text)}</${root}>`;
  }
  return { status: 200, contentType: info.responseContentType, body: `${DECLARATION}\n${doc}` };
}

/** SOAP 1.2 names of the SOAP 1.1 fault codes. */
const SOAP12_CODES: Readonly<Record<string, string>> = {
  Client: "Sender",
  Server: "Receiver",
  VersionMismatch: "VersionMismatch",
  MustUnderstand: "MustUnderstand",
};

/** A fault response in `info`'s binding: a SOAP fault envelope, or the exception's text over HTTP GET/POST. */
export function writeFault(
  info: BindingInfo,
  f: Pick<MockFault, "code" | "faultString" | "actor" | "detail" | "detailXml" | "httpText" | "status">,
): MockResponse {
  if (info.envelope === null) return { status: f.status, contentType: "text/plain; charset=utf-8", body: f.httpText };
  const detailContent = f.detailXml ?? (f.detail === undefined ? "" : escapeText(f.detail));
  let fault: string;
  if (info.envelope.version === "1.1") {
    const detail = detailContent === "" ? "<detail />" : `<detail>${detailContent}</detail>`;
    const actor = f.actor === undefined ? "" : `<faultactor>${escapeText(f.actor)}</faultactor>`;
    fault = `<faultcode>${PREFIX}:${f.code}</faultcode><faultstring>${escapeText(f.faultString)}</faultstring>${actor}${detail}`;
  } else {
    const p = PREFIX;
    const detail = detailContent === "" ? `<${p}:Detail />` : `<${p}:Detail>${detailContent}</${p}:Detail>`;
    const role = f.actor === undefined ? "" : `<${p}:Role>${escapeText(f.actor)}</${p}:Role>`;
    fault =
      `<${p}:Code><${p}:Value>${p}:${SOAP12_CODES[f.code] ?? f.code}</${p}:Value></${p}:Code>` +
      `<${p}:Reason><${p}:Text xml:lang="en">${escapeText(f.faultString)}</${p}:Text></${p}:Reason>${role}${detail}`;
  }
  return {
    status: f.status,
    contentType: info.responseContentType,
    body: soapEnvelope(info, `<${PREFIX}:Fault>${fault}</${PREFIX}:Fault>`),
  };
}
