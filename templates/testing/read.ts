/**
 * Reads a request the way an ASMX server does, in all four bindings, driven by the operation
 * descriptors: routing (endpoint path, SOAPAction or body element, `/<Operation>` path), the
 * checks ASMX makes (content type, envelope, SOAPAction, namespace, HTTP parameters present and
 * convertible, ASP.NET request validation), and the values (the runtime's tokenizer and codecs for
 * SOAP; .NET's string conversions for HTTP GET/POST). A request ASMX would refuse becomes the
 * response ASMX sends (test/interop/NOTES.md §4, §8, §10).
 */
import { BINDINGS, BINDING_INFO, type Binding, type BindingInfo } from "../runtime/binding.js";
import { XsdDateTime } from "../runtime/datetime.js";
import { decodeResponse } from "../runtime/decode.js";
import type { ScalarCodec, XmlTreeBuilder } from "../runtime/codec.js";
import type { OperationDescriptor, ParamDescriptor, RecordDescriptor, ScalarName } from "../runtime/descriptor.js";
import { AsmxError } from "../runtime/errors.js";
import { soapActionFor } from "../runtime/encode.js";
import type { XmlNode } from "../runtime/raw-xml.js";
import { CodecError } from "../runtime/scalars.js";
import { XmlTokenizer, latin1OrUtf8, type XmlAttributes, type XmlSink } from "../runtime/xml.js";
import { writeFault, XSI_NS, type MockResponse } from "./write.js";
import type { SoapFaultCode } from "./faults.js";

/** One operation of the service as the mock serves it. */
export interface ServedOperation {
  /** Endpoint group (client property), e.g. `send`. */
  readonly group: string;
  /** Operation function name (the client method). */
  readonly fn: string;
  readonly op: OperationDescriptor;
}

/** The service's operations by endpoint group and function name, as the generated code passes them. */
export type ServiceOperations = Readonly<Record<string, Readonly<Record<string, OperationDescriptor>>>>;

/** The received credentials (null when not sent). */
export interface ReceivedCredentials {
  readonly username: string | null;
  readonly password: string | null;
}

/** A request routed to an operation, with its parameters read. */
export interface ReadCall {
  readonly kind: "call";
  readonly served: ServedOperation;
  readonly binding: Binding;
  /** Parameters by property name (credentials left out), as the handler receives them. */
  readonly params: Readonly<Record<string, unknown>>;
  readonly credentials: ReceivedCredentials;
}

/** A request ASMX refuses, with ASMX's answer. */
export interface ReadRefusal {
  readonly kind: "refused";
  readonly response: MockResponse;
}

/** Operations by endpoint path. */
export class ServiceIndex {
  readonly byPath: Map<string, ServedOperation[]> = new Map();
  constructor(
    service: ServiceOperations,
    /** Namespace the service answers in (the spec's, unless the client overrides it). */
    readonly namespace: string,
  ) {
    for (const [group, ops] of Object.entries(service)) {
      for (const [fn, op] of Object.entries(ops)) {
        const list = this.byPath.get(op.path) ?? [];
        list.push({ group, fn, op });
        this.byPath.set(op.path, list);
      }
    }
  }

  /** Whether a URL path belongs to the service (an endpoint file, or an operation under it). */
  serves(pathname: string): boolean {
    if (this.byPath.has(pathname)) return true;
    const slash = pathname.lastIndexOf("/");
    return slash > 0 && this.byPath.has(pathname.slice(0, slash));
  }
}

// ---------------------------------------------------------------------------------------------
// Answers for refused requests

const SOAP_EXCEPTION = "System.Web.Services.Protocols.SoapException";
const plain = (status: number, body: string, contentType = "text/plain; charset=utf-8"): ReadRefusal => ({
  kind: "refused",
  response: { status, contentType, body },
});

/** A SOAP fault ASMX raises itself (not from the web method). */
export function soapRefusal(info: BindingInfo, code: SoapFaultCode, message: string): ReadRefusal {
  return {
    kind: "refused",
    response: writeFault(info, {
      code,
      faultString: `${SOAP_EXCEPTION}: ${message}`,
      actor: undefined,
      detail: undefined,
      detailXml: undefined,
      httpText: "",
      status: 500,
    }),
  };
}

/** What ASMX answers for a method it does not know, in each binding; `hint` is appended to the message. */
export function unknownMethod(info: BindingInfo, method: string, soapAction: string | null, hint: string): ReadRefusal {
  if (info.envelope === null)
    return plain(500, `System.InvalidOperationException: ${method} Web Service method name is not valid.${hint}\n`);
  if (info.soapActionHeader && soapAction !== null)
    return soapRefusal(
      info,
      "Client",
      `Server did not recognize the value of HTTP Header SOAPAction: ${soapAction}.${hint}`,
    );
  return soapRefusal(
    info,
    "Client",
    `Unable to handle request without a valid action parameter. Please supply a valid soap action.${hint}`,
  );
}

/** The HTML-encoded text ASP.NET puts into messages. */
const htmlEncode = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

// ---------------------------------------------------------------------------------------------
// .NET conversions

/** .NET facts per scalar type: the type name in messages, and its range wording. */
const DOTNET: { readonly [K in ScalarName]: { readonly type: string; readonly range: string } } = {
  string: { type: "System.String", range: "" },
  int: { type: "System.Int32", range: "an Int32" },
  long: { type: "System.Int64", range: "an Int64" },
  unsignedByte: { type: "System.Byte", range: "an unsigned byte" },
  double: { type: "System.Double", range: "a Double" },
  boolean: { type: "System.Boolean", range: "" },
  dateTime: { type: "System.DateTime", range: "" },
  base64Binary: { type: "System.Byte", range: "an unsigned byte" },
  byte: { type: "System.SByte", range: "an SByte" },
  short: { type: "System.Int16", range: "an Int16" },
  unsignedShort: { type: "System.UInt16", range: "a UInt16" },
  unsignedInt: { type: "System.UInt32", range: "a UInt32" },
  unsignedLong: { type: "System.UInt64", range: "a UInt64" },
  float: { type: "System.Single", range: "a Single" },
  decimal: { type: "System.Decimal", range: "a Decimal" },
  date: { type: "System.DateTime", range: "" },
  time: { type: "System.DateTime", range: "" },
  duration: { type: "System.String", range: "" },
  anyURI: { type: "System.String", range: "" },
  guid: { type: "System.Guid", range: "" },
  hexBinary: { type: "System.Byte", range: "an unsigned byte" },
  char: { type: "System.Char", range: "" },
  QName: { type: "System.Xml.XmlQualifiedName", range: "" },
  xml: { type: "System.Xml.XmlElement", range: "" },
};

/** A value .NET could not convert; `message` is the inner exception's `Type: message`. */
class ConvertError extends Error {}

const FORMAT = "System.FormatException: Input string was not in a correct format.";
const overflow = (t: ScalarName): string =>
  `System.OverflowException: Value was either too large or too small for ${DOTNET[t].range}.`;

const INTEGER_RANGE: Partial<Record<ScalarName, readonly [bigint, bigint]>> = {
  int: [-2147483648n, 2147483647n],
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  unsignedByte: [0n, 255n],
  base64Binary: [0n, 255n],
  hexBinary: [0n, 255n],
};

/** `Convert.ChangeType(text, type, InvariantCulture)` for HTTP GET/POST values. */
function httpValue(type: ScalarName, text: string): unknown {
  const t = text.trim();
  const range = INTEGER_RANGE[type];
  if (range !== undefined) {
    if (!/^[+-]?\d+$/.test(t)) throw new ConvertError(FORMAT);
    const n = BigInt(t);
    if (n < range[0] || n > range[1]) throw new ConvertError(overflow(type));
    return type === "long" ? n : Number(n);
  }
  switch (type) {
    case "double": {
      if (t === "NaN") return NaN;
      if (t === "Infinity" || t === "+Infinity") return Infinity;
      if (t === "-Infinity") return -Infinity;
      // Double.Parse with NumberStyles.Float | AllowThousands: "1,5" is 15 (NOTES.md §4).
      if (!/^[+-]?(?:\d[\d,]*\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(t)) throw new ConvertError(FORMAT);
      const n = Number(t.replace(/,/g, ""));
      return n === 0 ? 0 : n; // Mono's reader yields +0 for "-0" (NOTES.md §4)
    }
    case "boolean":
      if (/^true$/i.test(t)) return true;
      if (/^false$/i.test(t)) return false;
      throw new ConvertError("System.FormatException: String was not recognized as a valid Boolean.");
    case "dateTime":
      try {
        return XsdDateTime.parse(t.replace(/^(\d{4}-\d\d-\d\d) (\d)/, "$1T$2"));
      } catch {
        throw new ConvertError("System.FormatException: String was not recognized as a valid DateTime.");
      }
    case "char":
      // Convert.ToChar(string): exactly one character.
      if (text.length !== 1) throw new ConvertError("System.FormatException: String must be exactly one character long.");
      return text;
    default:
      return text;
  }
}

/** A record parameter has no text value (SOAP reads it as elements, HTTP GET/POST not at all). */
const RECORDS_UNREAD = "System.InvalidOperationException: a record parameter is read only from a SOAP envelope";

/** XmlSerializer's reading of a SOAP value (the runtime's XSD codecs), with .NET's messages. */
function soapValue(p: ParamDescriptor, text: string): unknown {
  const type = p.type;
  if (type.kind !== "scalar") {
    if (type.kind === "record") throw new ConvertError(RECORDS_UNREAD);
    const t = text.trim();
    if (!type.values.includes(t))
      throw new ConvertError(
        `System.InvalidOperationException: Instance validation error: '${t}' is not a valid value for ${type.name}.`,
      );
    return t;
  }
  const name = type.name;
  if (name === "string") return text;
  try {
    return type.decode(text);
  } catch (err) {
    if (!(err instanceof CodecError)) throw err;
    const t = text.trim();
    if (name === "boolean")
      throw new ConvertError(`System.FormatException: The string '${t}' is not a valid Boolean value.`);
    if (name === "dateTime")
      throw new ConvertError(`System.FormatException: The string '${t}' is not a valid AllXsd value.`);
    if (name === "base64Binary")
      throw new ConvertError(
        "System.FormatException: The input is not a valid Base-64 string as it contains a non-base 64 character, more than two padding characters, or an illegal character among the padding characters.",
      );
    throw new ConvertError(/range/.test(err.message) ? overflow(name) : FORMAT);
  }
}

/** A QName parameter, its prefix resolved in the element's scope, as XmlSerializer reads it. */
function scopedValue(codec: ScalarCodec, text: string, scope: ReadonlyMap<string, string>): unknown {
  try {
    return codec.decodeScoped?.(text, (prefix) => scope.get(prefix) ?? (prefix === "" ? "" : undefined));
  } catch (err) {
    if (!(err instanceof CodecError)) throw err;
    throw new ConvertError(`System.InvalidOperationException: ${err.message}`);
  }
}

const MIN_DATE = /* @__PURE__ */ XsdDateTime.parse("0001-01-01T00:00:00");

/** What XmlSerializer leaves in a parameter whose element is missing (NOTES.md §8). */
function soapDefault(p: ParamDescriptor): unknown {
  if (p.item !== null) return null;
  const type = p.type;
  if (type.kind !== "scalar") return type.kind === "record" ? null : (type.values[0] ?? null);
  switch (type.name) {
    case "int":
    case "unsignedByte":
    case "double":
      return 0;
    case "long":
      return 0n;
    case "boolean":
      return false;
    case "dateTime":
      return MIN_DATE;
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// SOAP

interface Captured {
  text: string;
  nil: boolean;
  /** Raw XML content (a codec with `tree`). */
  tree?: readonly XmlNode[];
  /** The prefixes in scope at the element (a codec with `decodeScoped`: QName). */
  scope?: ReadonlyMap<string, string>;
  items: Array<{ text: string; nil: boolean }>;
  /** A record parameter: its element rebuilt as XML (local names, the service's namespace, xsi attributes), for the client's decoder. */
  xml: string;
}

const escapeXml = (t: string): string => t.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A record parameter (or a list of them) as XmlSerializer reads it, by the client's own decoder
 * (an HTTP-style document whose root is the parameter element). A value it cannot read is
 * refused as ASMX refuses it.
 */
function recordValue(op: OperationDescriptor, p: ParamDescriptor, type: RecordDescriptor, xml: string, namespace: string): unknown {
  const list = p.item !== null;
  const reader: OperationDescriptor = {
    name: op.name,
    path: op.path,
    namespace,
    soapAction: "",
    params: [],
    result: { kind: list ? "list" : "record", type, item: p.item, soapElement: "", httpRoot: p.wire, nullable: true },
  };
  try {
    return decodeResponse(reader, "httpPost", xml, { namespace });
  } catch (err) {
    // The decoder's words without its "Operation (binding): " prefix (the binding is ours, not the caller's).
    if (err instanceof AsmxError) throw new ConvertError(`System.InvalidOperationException: ${err.message.slice(err.message.indexOf("): ") + 3)}`);
    throw err;
  }
}

/** Collects the envelope's shape and the operation element's parameter values. */
class EnvelopeReader implements XmlSink {
  envelopeNs: string | null = null;
  rootLocal = "";
  opNs: string | null = null;
  opLocal: string | null = null;
  readonly captured = new Map<string, Captured>();
  private depth = 0;
  private inBody = false;
  private readonly scopes: Array<Array<readonly [string, string]>> = [];
  private param: { wire: string; list: boolean; item: string | null; cap: Captured; record: boolean } | null = null;
  /** Open elements of a record parameter being rebuilt (local names). */
  private readonly recordPath: string[] = [];
  private item: { text: string; nil: boolean } | null = null;
  private raw: XmlTreeBuilder | null = null;

  constructor(
    private readonly namespace: string,
    private readonly paramsByWire: (local: string) => ParamDescriptor | undefined,
  ) {}

  /** Pushes the element's namespace declarations; returns its attributes as pairs. */
  private pushScope(attrs: XmlAttributes): Array<[string, string]> {
    const list: Array<[string, string]> = [];
    for (let i = 0; i < attrs.length; i++) list.push([attrs.name(i), attrs.value(i)]);
    this.scopes.push(
      list
        .filter(([n]) => n === "xmlns" || n.startsWith("xmlns:"))
        .map(([n, v]) => [n === "xmlns" ? "" : n.slice(6), v] as const),
    );
    return list;
  }

  private lookup(prefix: string): string {
    for (let i = this.scopes.length - 1; i >= 0; i--)
      for (const [p, uri] of this.scopes[i] ?? []) if (p === prefix) return uri;
    return "";
  }

  open(name: string, attrs: XmlAttributes): void {
    this.depth++;
    if (this.raw !== null) {
      this.pushScope(attrs);
      this.raw.open(name, attrs, (q) => this.lookup(q.includes(":") ? q.slice(0, q.indexOf(":")) : ""));
      return;
    }
    const list = this.pushScope(attrs);
    const colon = name.indexOf(":");
    const local = colon < 0 ? name : name.slice(colon + 1);
    const ns = this.lookup(colon < 0 ? "" : name.slice(0, colon));
    const nil = list.some(
      ([n, v]) =>
        (n === "nil" || n.endsWith(":nil")) &&
        (v === "true" || v === "1") &&
        this.lookup(n.includes(":") ? n.slice(0, n.indexOf(":")) : "\u0000") === XSI_NS,
    );
    if (this.param?.record === true && this.depth > 4) return this.openRecord(local, list, false);
    switch (this.depth) {
      case 1:
        this.envelopeNs = ns;
        this.rootLocal = local;
        return;
      case 2:
        this.inBody = ns === this.envelopeNs && local === "Body";
        return;
      case 3:
        if (this.inBody && this.opLocal === null) {
          this.opNs = ns;
          this.opLocal = local;
        }
        return;
      case 4: {
        if (!this.inBody || this.opLocal === null || ns !== this.namespace) return;
        const p = this.paramsByWire(local);
        if (p === undefined) return;
        const cap: Captured = { text: "", nil, items: [], xml: "" };
        this.captured.set(p.wire, cap);
        const record = typeof p.type === "object" && p.type.kind === "record";
        this.param = { wire: p.wire, list: p.item !== null, item: p.item, cap, record };
        if (record) {
          this.openRecord(local, list, true);
          return;
        }
        const codec = p.type.kind === "scalar" && p.item === null ? p.type : undefined;
        if (codec?.tree !== undefined) this.raw = codec.tree();
        else if (codec?.decodeScoped !== undefined) {
          const scope = new Map<string, string>();
          for (const level of this.scopes) for (const [prefix, uri] of level) scope.set(prefix, uri);
          cap.scope = scope;
        }
        return;
      }
      case 5:
        if (this.param?.list && local === this.param.item && ns === this.namespace) this.item = { text: "", nil };
        return;
      default:
        return;
    }
  }

  /** Rebuilds an element of a record parameter: its local name, and only its xsi attributes (type, nil). */
  private openRecord(local: string, attrs: ReadonlyArray<readonly [string, string]>, root: boolean): void {
    const param = this.param as NonNullable<EnvelopeReader["param"]>;
    let xml = `<${local}${root ? ` xmlns="${escapeXml(this.namespace)}" xmlns:xsi="${XSI_NS}"` : ""}`;
    for (const [n, v] of attrs) {
      const colon = n.indexOf(":");
      if (colon < 0 || n.startsWith("xmlns")) continue;
      if (this.lookup(n.slice(0, colon)) === XSI_NS) xml += ` xsi:${n.slice(colon + 1)}="${escapeXml(v)}"`;
    }
    param.cap.xml += `${xml}>`;
    this.recordPath.push(local);
  }

  text(bytes: Uint8Array, start: number, end: number): void {
    const value = latin1OrUtf8(bytes, start, end);
    if (this.param?.record === true) {
      this.param.cap.xml += escapeXml(value);
      return;
    }
    if (this.raw !== null) return this.raw.text(value);
    if (this.item !== null) this.item.text += value;
    else if (this.param !== null && !this.param.list && this.depth === 4) this.param.cap.text += value;
  }

  close(): void {
    if (this.param?.record === true && this.depth >= 4) this.param.cap.xml += `</${this.recordPath.pop() ?? ""}>`;
    if (this.raw !== null && !this.raw.close() && this.param !== null) {
      this.param.cap.tree = this.raw.finish() as readonly XmlNode[];
      this.raw = null;
    }
    if (this.depth === 5 && this.item !== null && this.param !== null) {
      this.param.cap.items.push(this.item);
      this.item = null;
    } else if (this.depth === 4) this.param = null;
    this.scopes.pop();
    this.depth--;
  }
}

const mediaType = (contentType: string | null): string => (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";

const SOAP_BINDINGS: readonly BindingInfo[] = BINDINGS.map((b) => BINDING_INFO[b]).filter((i) => i.envelope !== null);
const SOAP_MEDIA = new Set(SOAP_BINDINGS.map((i) => mediaType(i.contentType)));
/** The media type every SOAP version may be sent as (Mono answers a SOAP 1.2 envelope sent as `text/xml` in SOAP 1.2). */
const COMMON_SOAP_MEDIA = mediaType(SOAP_BINDINGS.find((i) => i.soapActionHeader)?.contentType ?? null);

function readSoap(
  index: ServiceIndex,
  served: readonly ServedOperation[],
  headers: Headers,
  body: string,
): ReadCall | ReadRefusal {
  const media = mediaType(headers.get("content-type"));
  const unsupported = plain(415, "", "text/xml; charset=utf-8");
  if (!SOAP_MEDIA.has(media)) return unsupported;
  const byWire = new Map<string, ParamDescriptor>();
  const reader = new EnvelopeReader(index.namespace, (local) => byWire.get(local));
  // First pass: the envelope and the operation element (parameters are matched after routing).
  try {
    const tokenizer = new XmlTokenizer(reader);
    tokenizer.write(body);
    tokenizer.end();
  } catch {
    return plain(400, "", "text/xml; charset=utf-8");
  }
  const info = SOAP_BINDINGS.find((i) => i.envelope?.ns === reader.envelopeNs);
  if (info === undefined || reader.rootLocal !== "Envelope") {
    const soap11 = SOAP_BINDINGS[0] as BindingInfo;
    return soapRefusal(soap11, "VersionMismatch", "Possible SOAP version mismatch: Envelope namespaces mismatched.");
  }
  if (media !== mediaType(info.contentType) && media !== COMMON_SOAP_MEDIA) return unsupported;
  const header = headers.get("soapaction");
  const action = header === null ? null : header.trim().replace(/^"(.*)"$/, "$1");
  let target: ServedOperation | undefined;
  if (info.soapActionHeader && action !== null) {
    target = served.find((s) => soapActionFor(index.namespace, s.op.name) === action);
    if (target === undefined) return unknownMethod(info, reader.opLocal ?? "", action, "");
  } else {
    target = served.find((s) => s.op.name === reader.opLocal && reader.opNs === index.namespace);
    if (target === undefined) return unknownMethod(info, reader.opLocal ?? "", null, "");
  }
  // Second pass with the routed operation's parameters. A body element that is not the routed
  // operation in the service's namespace is ignored: every parameter then has its default.
  const op = target.op;
  for (const p of op.params) byWire.set(p.wire, p);
  const values = new EnvelopeReader(index.namespace, (local) => byWire.get(local));
  const matches = reader.opLocal === op.name && reader.opNs === index.namespace;
  if (matches) {
    const tokenizer = new XmlTokenizer(values);
    tokenizer.write(body);
    tokenizer.end();
  }
  const params: Record<string, unknown> = {};
  const credentials: { username: string | null; password: string | null } = { username: null, password: null };
  try {
    for (const p of op.params) {
      const cap = values.captured.get(p.wire);
      let value: unknown;
      if (cap === undefined) value = soapDefault(p);
      else if (typeof p.type === "object" && p.type.kind === "record") value = cap.nil ? null : recordValue(op, p, p.type, cap.xml, index.namespace);
      else if (p.item !== null) value = cap.nil ? null : cap.items.map((it) => (it.nil ? null : soapValue(p, it.text)));
      // Mono reads xsi:nil on a top-level string parameter as "" (NOTES.md §8).
      else if (cap.nil) value = p.type.kind === "scalar" && p.type.name === "string" ? "" : soapDefault(p);
      else if (cap.tree !== undefined) value = cap.tree;
      else if (cap.scope !== undefined && p.type.kind === "scalar") value = scopedValue(p.type, cap.text, cap.scope);
      else value = soapValue(p, cap.text);
      if (p.credential !== null) credentials[p.credential] = typeof value === "string" ? value : null;
      else params[p.prop] = value;
    }
  } catch (err) {
    if (!(err instanceof ConvertError)) throw err;
    return soapRefusal(
      info,
      "Client",
      `Server was unable to read request. ---> System.InvalidOperationException: There is an error in XML document. ---> ${err.message}`,
    );
  }
  return { kind: "call", served: target, binding: info.name, params, credentials };
}

// ---------------------------------------------------------------------------------------------
// HTTP GET / POST

/** name=value pairs of a query string or form body; a key without `=` is no parameter (NOTES.md §8). */
function pairs(text: string): Array<readonly [string, string]> {
  const out: Array<readonly [string, string]> = [];
  const decode = (s: string): string => {
    const t = s.replace(/\+/g, " ");
    try {
      return decodeURIComponent(t);
    } catch {
      return t;
    }
  };
  for (const part of text.split("&")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    out.push([decode(part.slice(0, eq)), decode(part.slice(eq + 1))]);
  }
  return out;
}

/** ASP.NET request validation: `<` before a letter, `!`, `/` or `?`, and `&#` are refused. */
const DANGEROUS = /<[A-Za-z!/?]|&#/;

function readHttp(
  info: BindingInfo,
  served: ServedOperation,
  headers: Headers,
  query: string,
  body: string,
): ReadCall | ReadRefusal {
  let source: string;
  let collection: string;
  if (info.request === "query") {
    source = query;
    collection = "QueryString";
  } else {
    const media = mediaType(headers.get("content-type"));
    if (media !== mediaType(info.contentType) && media !== "multipart/form-data")
      return plain(
        500,
        `System.InvalidOperationException: Request format is invalid: ${headers.get("content-type") ?? ""}.\n`,
      );
    source = body;
    collection = "Form";
  }
  const list = pairs(source);
  for (const [k, v] of list) {
    if (DANGEROUS.test(v)) {
      const shown = v.length > 15 ? `${v.slice(0, 15)}...` : v;
      return plain(
        500,
        `System.Web.HttpRequestValidationException: A potentially dangerous Request.${collection} value was detected from the client (${htmlEncode(`${k}="${shown}"`)}).\n`,
      );
    }
  }
  const byKey = new Map<string, string[]>();
  for (const [k, v] of list) {
    const key = k.toLowerCase();
    const values = byKey.get(key) ?? [];
    values.push(v);
    byKey.set(key, values);
  }
  const params: Record<string, unknown> = {};
  const credentials: { username: string | null; password: string | null } = { username: null, password: null };
  for (const p of served.op.params) {
    const values = byKey.get(p.wire.toLowerCase());
    if (values === undefined) return plain(500, `System.InvalidOperationException: Missing parameter: ${p.wire}.\n`);
    let value: unknown;
    let current = "";
    try {
      if (p.type.kind !== "scalar") {
        const type = p.type;
        if (type.kind === "record") throw new ConvertError(RECORDS_UNREAD);
        const one = (v: string): string => {
          current = v;
          if (!type.values.includes(v))
            throw new ConvertError(`System.ArgumentException: Requested value '${v}' was not found.`);
          return v;
        };
        value = p.item !== null ? values.map(one) : one(values.join(","));
      } else {
        const type = p.type;
        const one = (v: string): unknown => {
          current = v;
          return httpValue(type.name, v);
        };
        if (type.binary === true) value = Uint8Array.from(values.map((v) => one(v) as number));
        else value = p.item !== null ? values.map(one) : one(values.join(","));
      }
    } catch (err) {
      if (!(err instanceof ConvertError)) throw err;
      const dotnet = p.type.kind === "scalar" ? DOTNET[p.type.name].type : p.type.name;
      return plain(
        500,
        `System.ArgumentException: Cannot convert ${current} to ${dotnet}.\nParameter name: type ---> ${err.message}\n`,
      );
    }
    if (p.credential !== null) credentials[p.credential] = typeof value === "string" ? value : null;
    else params[p.prop] = value;
  }
  return { kind: "call", served, binding: info.name, params, credentials };
}

// ---------------------------------------------------------------------------------------------

/** A request as the mock receives it. */
export interface IncomingRequest {
  readonly method: string;
  /** Path without the query, percent-decoded as the server sees it. */
  readonly pathname: string;
  /** Query string without the `?`. */
  readonly query: string;
  readonly headers: Headers;
  readonly body: string;
}

const HTML_404 = `<html><body><h1>404 Not Found</h1></body></html>`;
const HTML_400 = `<html><body><h1>400 Bad Request</h1><p>The length of the query string exceeds the configured maxQueryStringLength value.</p></body></html>`;
const MAX_QUERY_STRING = 2048;

/** Routes and reads one request. */
export function readRequest(index: ServiceIndex, req: IncomingRequest): ReadCall | ReadRefusal {
  // ASP.NET's default maxQueryStringLength: a longer query string is refused before ASMX sees it (NOTES.md §7).
  if (req.query.length > MAX_QUERY_STRING) return plain(400, HTML_400, "text/html; charset=utf-8");
  const direct = index.byPath.get(req.pathname);
  if (direct !== undefined) {
    if (req.method === "POST") return readSoap(index, direct, req.headers, req.body);
    if (req.method === "GET")
      return plain(
        200,
        `<html><body><h1>${htmlEncode(req.pathname)}</h1><p>Operations: ${direct.map((s) => htmlEncode(s.op.name)).join(", ")}</p></body></html>`,
        "text/html; charset=utf-8",
      );
    return plain(405, "", "text/html; charset=utf-8");
  }
  const slash = req.pathname.lastIndexOf("/");
  const served = slash > 0 ? index.byPath.get(req.pathname.slice(0, slash)) : undefined;
  if (served === undefined) return plain(404, HTML_404, "text/html; charset=utf-8");
  const name = req.pathname.slice(slash + 1);
  const info = BINDINGS.map((b) => BINDING_INFO[b]).find((i) => i.operationInPath && i.method === req.method);
  if (info === undefined) return plain(405, "", "text/html; charset=utf-8");
  const target = served.find((s) => s.op.name === name);
  if (target === undefined) {
    const other = served.find((s) => s.op.name.toLowerCase() === name.toLowerCase());
    if (other !== undefined)
      return plain(
        500,
        `System.ArgumentException: Invalid method name '${name}', method names are case sensitive. The method name '${other.op.name}' with the same name but different casing was found.\nParameter name: methodName\n`,
      );
    return unknownMethod(info, name, null, "");
  }
  return readHttp(info, target, req.headers, req.query, req.body);
}
