/**
 * Codecs of the scalars whose wire form is more than one text in one form: hexBinary (hex in
 * SOAP, base64 in HTTP GET/POST answers), char (a UTF-16 code unit written as its number, but
 * read from HTTP GET/POST parameters as the character), QName (needs the namespace declarations
 * in scope) and raw XML (a tree, not a text). Each is its own export, like those of scalars.ts:
 * only an app whose operations use one bundles it (and qname.ts, raw-xml.ts behind it). Wire
 * facts: test/import/corpus.test.ts against Mono's ASMX.
 */
import { CodecError, type ScalarCodec } from "./codec.js";
import { decodeQName, qnameElement } from "./qname.js";
import { RawXmlBuilder, writeRawXml } from "./raw-xml.js";
import { base64BinaryCodec } from "./scalars.js";

const HEX = "0123456789ABCDEF";

/** Value of a hex digit byte, or -1. */
const hexDigit = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1);
const space = (c: number | undefined): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** hexBinary from UTF-8 bytes: surrounding XSD whitespace ignored, then pairs of hex digits (either case). */
function hexFromBytes(b: Uint8Array, s: number, e: number): Uint8Array {
  while (s < e && space(b[s])) s++;
  while (e > s && space(b[e - 1])) e--;
  if ((e - s) % 2 !== 0) throw new CodecError("not hexBinary (an odd number of hex digits)");
  const out = new Uint8Array((e - s) / 2);
  for (let i = s, k = 0; i < e; i += 2, k++) {
    const hi = hexDigit(b[i]!);
    const lo = hexDigit(b[i + 1]!);
    if (hi < 0 || lo < 0) throw new CodecError("not hexBinary");
    out[k] = (hi << 4) | lo;
  }
  return out;
}

const encoder = /* @__PURE__ */ new TextEncoder();

/** A .NET char: one UTF-16 code unit, as a one-character string. */
function checkChar(value: unknown): string {
  if (typeof value !== "string") throw new CodecError(`expected a one-character string (char), got ${typeof value}`);
  if (value.length !== 1)
    throw new CodecError(
      `a char is one UTF-16 code unit, got ${value.length === 0 ? "an empty string" : `${value.length} code units${value.length === 2 && value.codePointAt(0)! > 0xffff ? " (a character outside the BMP needs two: it cannot be a .NET char)" : ""}`}`,
    );
  return value;
}

/** xsd:hexBinary: a Uint8Array. */
export const hexBinaryCodec: ScalarCodec<"hexBinary"> = {
  kind: "scalar",
  name: "hexBinary",
  decode: (text) => {
    const b = encoder.encode(text);
    return hexFromBytes(b, 0, b.length);
  },
  decodeBytes: hexFromBytes,
  // .NET writes upper case; it reads either.
  encode: (value) => {
    if (!(value instanceof Uint8Array)) throw new CodecError(`expected a Uint8Array, got ${typeof value}`);
    let s = "";
    for (let i = 0; i < value.length; i++) s += HEX[value[i]! >> 4]! + HEX[value[i]! & 15]!;
    return s;
  },
  httpResultAs: base64BinaryCodec,
  binary: true,
};

/** A .NET char (the serialization namespace's `char`): a one-character string. */
export const charCodec: ScalarCodec<"char"> = {
  kind: "scalar",
  name: "char",
  // XmlSerializer writes a char as the number of its UTF-16 code unit (0..65535), in SOAP and in
  // HTTP GET/POST answers alike.
  decode: (text) => {
    const t = text.trim();
    if (t.length === 0 || t.length > 5) throw new CodecError(t.length === 0 ? "not a char code" : "char code out of range");
    let v = 0;
    for (let i = 0; i < t.length; i++) {
      const d = t.charCodeAt(i) - 48;
      if (d < 0 || d > 9) throw new CodecError("not a char code");
      v = v * 10 + d;
    }
    if (v > 0xffff) throw new CodecError("char code out of range");
    return String.fromCharCode(v);
  },
  encode: (value) => String(checkChar(value).charCodeAt(0)),
  // HTTP GET/POST parameters go through Convert.ToChar(string): exactly one character, which
  // must survive UTF-8 percent-encoding (a lone surrogate cannot).
  encodeHttp: (value) => {
    const c = checkChar(value);
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff)
      throw new CodecError(`a lone surrogate (U+${code.toString(16).toUpperCase()}) cannot be sent over HTTP GET/POST (UTF-8 cannot carry it); use a SOAP binding`);
    return c;
  },
};

/** xsd:QName: a `QName` (qname.ts). */
export const QNameCodec: ScalarCodec<"QName"> = {
  kind: "scalar",
  name: "QName",
  // Without the element's scope only an unprefixed name in no namespace can be read.
  decode: (text) => decodeQName(text, (prefix) => (prefix === "" ? "" : undefined)),
  decodeScoped: decodeQName,
  encode: () => {
    throw new CodecError("a QName is sent as a SOAP element (its prefix must be declared on it); ASMX offers QName parameters in SOAP only");
  },
  encodeElement: qnameElement,
};

/** Raw XML (a .NET XmlElement, XmlNode[] or DataSet): an `XmlNode` list (raw-xml.ts). */
export const xmlCodec: ScalarCodec<"xml"> = {
  kind: "scalar",
  name: "xml",
  // The decoder builds raw XML from the element's events (RawXmlBuilder); text alone is one text node.
  decode: (text) => Object.freeze(text.trim() === "" ? [] : [text]),
  tree: () => new RawXmlBuilder(),
  encode: () => {
    throw new CodecError("raw XML is sent as a SOAP element; ASMX offers XmlElement and DataSet parameters in SOAP only");
  },
  encodeElement: (value, element, defaultNs) => {
    const body = writeRawXml(value, defaultNs);
    return body === "" ? `<${element} />` : `<${element}>${body}</${element}>`;
  },
};
