/**
 * One codec per XSD scalar type: text → value for responses, value → text for requests, with
 * the range checks of the XSD type. Codecs throw CodecError with a reason; the encoder and
 * decoder turn it into an EncodeError or DecodeError that names the parameter or path. Each
 * codec is its own export, referenced by the descriptors that use it (codecs.ts names them all).
 */
import { XsdDateTime, parseDateTimeBytes } from "./datetime.js";
import { outside } from "./errors.js";
import { CodecError, type ScalarCodec } from "./codec.js";
import { latin1OrUtf8 } from "./xml.js";

export { CodecError };

/**
 * Characters XML 1.0 cannot carry: C0 controls other than tab/LF/CR, U+FFFE, U+FFFF, and lone
 * surrogates (with the `u` flag a well-formed surrogate pair is one code point and does not match).
 */
const FORBIDDEN_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF\uD800-\uDFFF]/u;

/** Throws CodecError when the string holds a character XML 1.0 cannot carry. */
export function checkXmlChars(value: string): void {
  const m = FORBIDDEN_XML_CHAR.exec(value);
  if (m) {
    const code = m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    throw new CodecError(`character U+${code} at index ${m.index} cannot be sent in XML 1.0`);
  }
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

// Decoding works on UTF-8 bytes (the tokenizer hands the decoder byte ranges): numbers, booleans
// and dates never become intermediate strings unless they must. Every reader is one linear
// pass; digit counts are checked before any conversion, so a million-digit number costs a scan.

/** Bounds of the last {@link trim}: `b[ts..te)` without XSD whitespace around it. */
let ts = 0;
let te = 0;
function trim(b: Uint8Array, s: number, e: number): void {
  while (s < e && (b[s] === 32 || b[s] === 10 || b[s] === 13 || b[s] === 9)) s++;
  while (e > s && (b[e - 1] === 32 || b[e - 1] === 10 || b[e - 1] === 13 || b[e - 1] === 9)) e--;
  ts = s;
  te = e;
}

/** Start of the significant digits of the last {@link digits} scan, and whether it was negative. */
let digitsStart = 0;
let negative = false;

/**
 * Checks that the trimmed text is `[+-]?[0-9]+`; returns the number of significant digits
 * (leading zeros skipped; at least 1).
 */
const notA = (type: string): CodecError => new CodecError(type === "long" ? "not a long" : `not an ${type}`);

function digits(b: Uint8Array, s: number, e: number, type: string): number {
  trim(b, s, e);
  let i = ts;
  const end = te;
  negative = b[i] === 45;
  if (negative || b[i] === 43) i++;
  // The message is built only when thrown: this runs for every integer decoded.
  if (i >= end) throw notA(type);
  for (let k = i; k < end; k++) {
    const d = b[k]! - 48;
    if (d < 0 || d > 9) throw notA(type);
  }
  while (i < end - 1 && b[i] === 48) i++;
  digitsStart = i;
  return end - i;
}

/** Value of `n` (≤ 15) decimal digits at `i`. */
function small(b: Uint8Array, i: number, n: number): number {
  let v = 0;
  for (const end = i + n; i < end; i++) v = v * 10 + (b[i]! - 48);
  return v;
}

function intFromBytes(b: Uint8Array, s: number, e: number, min: number, max: number, type: string): number {
  const n = digits(b, s, e, type);
  if (n > 15) throw new CodecError(`${type} out of range`);
  const v = small(b, digitsStart, n);
  const r = negative ? (v === 0 ? 0 : -v) : v;
  if (r < min || r > max) throw new CodecError(`${type} out of range`);
  return r;
}

const E15 = 10n ** 15n;
function longFromBytes(b: Uint8Array, s: number, e: number): bigint {
  const n = digits(b, s, e, "long");
  if (n > 19) throw new CodecError("long out of range");
  const i = digitsStart;
  const v = n <= 15 ? BigInt(small(b, i, n)) : BigInt(small(b, i, n - 15)) * E15 + BigInt(small(b, i + n - 15, 15));
  const r = negative ? -v : v;
  if (n === 19 && (r < INT64_MIN || r > INT64_MAX)) throw new CodecError("long out of range");
  return r;
}

/** Whether `b[s..e)` is the ASCII text `lit`. */
function is(b: Uint8Array, s: number, e: number, lit: string): boolean {
  if (e - s !== lit.length) return false;
  for (let i = 0; i < lit.length; i++) if (b[s + i] !== lit.charCodeAt(i)) return false;
  return true;
}

/** ASCII bytes as a string (callers have checked they are ASCII). */
const ascii = latin1OrUtf8;

function doubleFromBytes(b: Uint8Array, s: number, e: number): number {
  trim(b, s, e);
  const start = ts;
  const end = te;
  if (is(b, start, end, "INF") || is(b, start, end, "+INF") || is(b, start, end, "Infinity")) return Infinity;
  if (is(b, start, end, "-INF") || is(b, start, end, "-Infinity")) return -Infinity;
  if (is(b, start, end, "NaN")) return NaN;
  // [+-]? (d+ (. d*)? | . d+) ([eE] [+-]? d+)?  — one pass, no backtracking.
  let i = start;
  if (b[i] === 45 || b[i] === 43) i++;
  const intStart = i;
  while (i < end && b[i]! >= 48 && b[i]! <= 57) i++;
  let mantissa = i - intStart;
  const plain = i === end && mantissa > 0 && mantissa <= 15;
  if (plain) {
    const v = small(b, intStart, mantissa);
    return b[start] === 45 ? -v : v;
  }
  if (b[i] === 46) {
    const f = ++i;
    while (i < end && b[i]! >= 48 && b[i]! <= 57) i++;
    mantissa += i - f;
  }
  if (mantissa === 0) throw new CodecError("not a double");
  if (i < end && (b[i] === 101 || b[i] === 69)) {
    i++;
    if (b[i] === 45 || b[i] === 43) i++;
    const x = i;
    while (i < end && b[i]! >= 48 && b[i]! <= 57) i++;
    if (i === x) throw new CodecError("not a double");
  }
  if (i !== end) throw new CodecError("not a double");
  const v = Number(ascii(b, start, end));
  if (!Number.isFinite(v)) throw new CodecError("double out of range");
  return v;
}

function booleanFromBytes(b: Uint8Array, s: number, e: number): boolean {
  trim(b, s, e);
  if (is(b, ts, te, "true") || is(b, ts, te, "1")) return true;
  if (is(b, ts, te, "false") || is(b, ts, te, "0")) return false;
  throw new CodecError("not a boolean");
}

/** Longest dateTime text read (a 9-digit year, 7+ fraction digits and an offset fit easily). */
const MAX_DATETIME = 64;

function dateTimeFromBytes(b: Uint8Array, s: number, e: number): XsdDateTime {
  trim(b, s, e);
  if (te - ts > MAX_DATETIME) throw new CodecError(`not an XSD dateTime (longer than ${MAX_DATETIME} characters)`);
  const fast = parseDateTimeBytes(b, ts, te);
  if (fast !== null) return fast;
  for (let i = ts; i < te; i++) if (b[i]! >= 0x80) throw new CodecError("not an XSD dateTime");
  try {
    return XsdDateTime.parse(ascii(b, ts, te));
  } catch (err) {
    throw new CodecError((err as Error).message);
  }
}

/** Base64 alphabet → 6-bit value; 64 = whitespace, 65 = '=', 255 = invalid. */
const B64 = /* @__PURE__ */ (() => {
  const t = new Uint8Array(256).fill(255);
  const abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (let i = 0; i < 64; i++) t[abc.charCodeAt(i)] = i;
  t[32] = t[9] = t[10] = t[13] = 64;
  t[61] = 65;
  return t;
})();

function base64FromBytes(b: Uint8Array, s: number, e: number): Uint8Array {
  const out = new Uint8Array(Math.floor(((e - s) * 3) / 4) + 3);
  let n = 0;
  let acc = 0;
  let count = 0;
  let pad = 0;
  for (let i = s; i < e; i++) {
    const v = B64[b[i]!]!;
    if (v === 64) continue;
    if (v === 255 || (pad > 0 && v !== 65)) throw new CodecError("not base64Binary");
    if (v === 65) {
      pad++;
      if (pad > 2 || count % 4 < 2) throw new CodecError("not base64Binary");
      count++;
      continue;
    }
    acc = (acc << 6) | v;
    count++;
    if (count % 4 === 0) {
      out[n++] = acc >> 16;
      out[n++] = (acc >> 8) & 255;
      out[n++] = acc & 255;
      acc = 0;
    }
  }
  if (count % 4 !== 0) throw new CodecError("not base64Binary");
  if (pad > 0) {
    // The padded quantum: 2 or 3 data characters (pad 2 or 1) give 1 or 2 bytes.
    acc <<= 6 * pad;
    out[n++] = acc >> 16;
    if (pad === 1) out[n++] = (acc >> 8) & 255;
  }
  return out.slice(0, n);
}

const textEncoder = /* @__PURE__ */ new TextEncoder();
/** A string reader built from a byte reader (for text already decoded to a string). */
const fromText =
  <T>(read: (b: Uint8Array, s: number, e: number) => T) =>
  (text: string): T => {
    const b = textEncoder.encode(text);
    return read(b, 0, b.length);
  };

function encodeInteger(value: unknown, min: number, max: number, type: string): string {
  if (typeof value !== "number") throw new CodecError(`expected a number (${type}), got ${typeof value}`);
  if (!Number.isInteger(value)) throw new CodecError(`${type} must be an integer, got ${outside(String(value))}`);
  if (value < min || value > max)
    throw new CodecError(`${type} must be within ${min}..${max}, got ${outside(String(value))}`);
  return String(value === 0 ? 0 : value);
}

function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Formats a double the way .NET's XmlConvert reads it back exactly ("INF", "-INF", "NaN", shortest round-trip digits). */
function formatDouble(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "INF";
  if (value === -Infinity) return "-INF";
  if (Object.is(value, -0)) return "-0";
  return String(value).replace("e+", "E").replace("e-", "E-");
}

const UINT64_MAX = 18446744073709551615n; // 2^64 - 1
const FLOAT_MAX = 3.4028234663852886e38;
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** An unsignedLong: at most 20 digits (2^64-1 has 20), so BigInt never sees a long run. */
const ULONG_TEXT = /^\+?\d{1,20}$/;

/** Collapses XSD whitespace for non-string types (leading/trailing whitespace is ignored). */
const collapse = (text: string): string => text.trim();

/** A bounded integer from text (the byte reader: linear, range-checked before any big number is built). */
const decodeInteger = (text: string, min: number, max: number, type: string): number => fromText((b, s, e) => intFromBytes(b, s, e, min, max, type))(text);
const DATE_TEXT = /^-?\d{4,}-\d{2}-\d{2}(?:Z|[+-]\d{2}:\d{2})?$/;
const TIME_TEXT = /^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?$/;
/** An XSD duration (`-P1Y2M3DT4H5M6.7S`, each part optional, at least one), checked in one pass without a regex. */
function isDuration(t: string): boolean {
  let i = t.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  if (t[i++] !== "P") return false;
  let units = "YMD";
  let parts = 0;
  let timeParts = -1;
  while (i < t.length) {
    if (t[i] === "T" && timeParts < 0) {
      units = "HMS";
      timeParts = 0;
      i++;
      continue;
    }
    const start = i;
    while (i < t.length && t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
    if (i === start) return false;
    if (t[i] === "." && timeParts >= 0) {
      const f = ++i;
      while (i < t.length && t.charCodeAt(i) >= 48 && t.charCodeAt(i) <= 57) i++;
      if (i === f || t[i] !== "S") return false;
    }
    const c = t[i];
    const u = c === undefined ? -1 : units.indexOf(c);
    if (u < 0) return false;
    units = units.slice(u + 1);
    parts++;
    if (timeParts >= 0) timeParts++;
    i++;
  }
  return parts > 0 && timeParts !== 0;
}

/** `2024-01-02T00:00:00(.000)(offset)` → `2024-01-02(offset)`: what HTTP GET/POST answer for a date. */
function stripMidnight(t: string): string {
  const at = t.indexOf("T00:00:00");
  if (at < 0) return t;
  let j = at + 9;
  if (t[j] === ".") {
    j++;
    while (t[j] === "0") j++;
  }
  const rest = t.slice(j);
  return rest === "" || rest === "Z" || rest[0] === "+" || rest[0] === "-" ? t.slice(0, at) + rest : t;
}
const GUID_TEXT = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** A string value checked against the lexical form of its XSD type. */
function checkedText(value: unknown, form: RegExp | ((text: string) => boolean), type: string): string {
  if (typeof value !== "string") throw new CodecError(`expected a string (${type}), got ${typeof value}`);
  if (!(typeof form === "function" ? form(value) : form.test(value)))
    throw new CodecError(`not a ${type}: ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`);
  return value;
}

/** A float or double from text, by the linear byte reader; a float beyond its range is an error, as a double beyond its own is. */
function decodeFloating(text: string, type: string): number {
  const b = textEncoder.encode(text);
  const v = doubleFromBytes(b, 0, b.length);
  if (type === "float" && Number.isFinite(v) && Math.abs(v) > FLOAT_MAX) throw new CodecError(`${type} out of range`);
  return v;
}

export type { ScalarCodec };

/** xsd:string. */
export const stringCodec: ScalarCodec<"string"> = {
  kind: "scalar",
  name: "string",
  decode: (text) => text,
  encode: (value) => {
    if (typeof value !== "string") throw new CodecError(`expected a string, got ${typeof value}`);
    checkXmlChars(value);
    return value;
  },
};

/** xsd:int. */
export const intCodec: ScalarCodec<"int"> = {
  kind: "scalar",
  name: "int",
  decode: /* @__PURE__ */ fromText((b, s, e) => intFromBytes(b, s, e, -2147483648, 2147483647, "int")),
  decodeBytes: (b, s, e) => intFromBytes(b, s, e, -2147483648, 2147483647, "int"),
  encode: (value) => encodeInteger(value, -2147483648, 2147483647, "int"),
};

/** xsd:unsignedByte. */
export const unsignedByteCodec: ScalarCodec<"unsignedByte"> = {
  kind: "scalar",
  name: "unsignedByte",
  decode: /* @__PURE__ */ fromText((b, s, e) => intFromBytes(b, s, e, 0, 255, "unsignedByte")),
  decodeBytes: (b, s, e) => intFromBytes(b, s, e, 0, 255, "unsignedByte"),
  encode: (value) => encodeInteger(value, 0, 255, "unsignedByte"),
};

/** xsd:long. */
export const longCodec: ScalarCodec<"long"> = {
  kind: "scalar",
  name: "long",
  decode: /* @__PURE__ */ fromText(longFromBytes),
  decodeBytes: longFromBytes,
  encode: (value) => {
    if (typeof value !== "bigint") throw new CodecError(`expected a bigint (long), got ${typeof value}`);
    if (value < INT64_MIN || value > INT64_MAX)
      throw new CodecError(`long must be within 64 bits, got ${outside(String(value))}`);
    return value.toString();
  },
};

/** xsd:double. */
export const doubleCodec: ScalarCodec<"double"> = {
  kind: "scalar",
  name: "double",
  decode: /* @__PURE__ */ fromText(doubleFromBytes),
  decodeBytes: doubleFromBytes,
  encode: (value) => {
    if (typeof value !== "number") throw new CodecError(`expected a number (double), got ${typeof value}`);
    return formatDouble(value);
  },
  // ASMX reads HTTP GET/POST numbers with Convert.ToDouble, which knows "Infinity" but not XSD's "INF".
  encodeHttp: (value) => {
    const t = doubleCodec.encode(value);
    return t === "INF" ? "Infinity" : t === "-INF" ? "-Infinity" : t;
  },
};

/** xsd:boolean. */
export const booleanCodec: ScalarCodec<"boolean"> = {
  kind: "scalar",
  name: "boolean",
  decode: /* @__PURE__ */ fromText(booleanFromBytes),
  decodeBytes: booleanFromBytes,
  encode: (value) => {
    if (typeof value !== "boolean") throw new CodecError(`expected a boolean, got ${typeof value}`);
    return value ? "true" : "false";
  },
};

/** xsd:dateTime. */
export const dateTimeCodec: ScalarCodec<"dateTime"> = {
  kind: "scalar",
  name: "dateTime",
  decode: /* @__PURE__ */ fromText(dateTimeFromBytes),
  decodeBytes: dateTimeFromBytes,
  encode: (value) => {
    let dt: XsdDateTime;
    if (value instanceof XsdDateTime) dt = value;
    else if (value instanceof Date) {
      if (Number.isNaN(value.getTime())) throw new CodecError("invalid Date");
      dt = XsdDateTime.fromDate(value);
    } else throw new CodecError(`expected an XsdDateTime or a Date, got ${typeof value}`);
    // .NET's DateTime holds years 1..9999 only: the service could not read anything else.
    if (dt.year < 1 || dt.year > 9999)
      throw new CodecError(
        `dateTime must be within 0001-01-01..9999-12-31 (what .NET can read), got ${outside(dt.toString())}`,
      );
    return dt.toString();
  },
};

/** xsd:base64Binary. */
export const base64BinaryCodec: ScalarCodec<"base64Binary"> = {
  kind: "scalar",
  name: "base64Binary",
  decode: /* @__PURE__ */ fromText(base64FromBytes),
  decodeBytes: base64FromBytes,
  encode: (value) => {
    if (!(value instanceof Uint8Array)) throw new CodecError(`expected a Uint8Array, got ${typeof value}`);
    return bytesToBase64(value);
  },
  binary: true,
};

/** xsd:byte. */
export const byteCodec: ScalarCodec<"byte"> = {
  kind: "scalar",
  name: "byte",
  decode: (text) => decodeInteger(text, -128, 127, "byte"),
  encode: (value) => encodeInteger(value, -128, 127, "byte"),
};

/** xsd:short. */
export const shortCodec: ScalarCodec<"short"> = {
  kind: "scalar",
  name: "short",
  decode: (text) => decodeInteger(text, -32768, 32767, "short"),
  encode: (value) => encodeInteger(value, -32768, 32767, "short"),
};

/** xsd:unsignedShort. */
export const unsignedShortCodec: ScalarCodec<"unsignedShort"> = {
  kind: "scalar",
  name: "unsignedShort",
  decode: (text) => decodeInteger(text, 0, 65535, "unsignedShort"),
  encode: (value) => encodeInteger(value, 0, 65535, "unsignedShort"),
};

/** xsd:unsignedInt. */
export const unsignedIntCodec: ScalarCodec<"unsignedInt"> = {
  kind: "scalar",
  name: "unsignedInt",
  decode: (text) => decodeInteger(text, 0, 4294967295, "unsignedInt"),
  encode: (value) => encodeInteger(value, 0, 4294967295, "unsignedInt"),
};

/** xsd:unsignedLong. */
export const unsignedLongCodec: ScalarCodec<"unsignedLong"> = {
  kind: "scalar",
  name: "unsignedLong",
  decode: (text) => {
    const t = collapse(text);
    if (!ULONG_TEXT.test(t)) throw new CodecError(/^\+?\d+$/.test(t) ? "unsignedLong out of range" : "not an unsignedLong");
    const n = BigInt(t);
    if (n < 0n || n > UINT64_MAX) throw new CodecError("unsignedLong out of range");
    return n;
  },
  encode: (value) => {
    if (typeof value !== "bigint") throw new CodecError(`expected a bigint (unsignedLong), got ${typeof value}`);
    if (value < 0n || value > UINT64_MAX) throw new CodecError(`unsignedLong must be within 0..2^64-1, got ${value}`);
    return value.toString();
  },
};

/** xsd:float. */
export const floatCodec: ScalarCodec<"float"> = {
  kind: "scalar",
  name: "float",
  decode: (text) => decodeFloating(text, "float"),
  encode: (value) => {
    if (typeof value !== "number") throw new CodecError(`expected a number (float), got ${typeof value}`);
    if (Number.isFinite(value) && Math.abs(value) > FLOAT_MAX)
      throw new CodecError(`float out of range, got ${value}`);
    return formatDouble(value);
  },
};

/** xsd:decimal. */
export const decimalCodec: ScalarCodec<"decimal"> = {
  kind: "scalar",
  name: "decimal",
  // Kept as the exact decimal text: a .NET decimal has 28-29 significant digits, more than a double.
  decode: (text) => checkedText(collapse(text), DECIMAL_TEXT, "decimal"),
  encode: (value) => {
    if (typeof value === "bigint") return value.toString();
    if (typeof value !== "string") throw new CodecError(`expected a decimal string or a bigint, got ${typeof value}`);
    return checkedText(value, DECIMAL_TEXT, "decimal");
  },
};

/** xsd:date. */
export const dateCodec: ScalarCodec<"date"> = {
  kind: "scalar",
  name: "date",
  // HTTP GET/POST answer a date as a dateTime at midnight (ASMX ignores DataType there).
  decode: (text) => checkedText(stripMidnight(collapse(text)), DATE_TEXT, "date"),
  encode: (value) => checkedText(value, DATE_TEXT, "date"),
};

/** xsd:time. */
export const timeCodec: ScalarCodec<"time"> = {
  kind: "scalar",
  name: "time",
  // HTTP GET/POST answer a time as a dateTime of some day: the time part is kept.
  decode: (text) => checkedText(collapse(text).replace(/^-?\d{4,}-\d{2}-\d{2}T/, ""), TIME_TEXT, "time"),
  encode: (value) => checkedText(value, TIME_TEXT, "time"),
};

/** xsd:duration. */
export const durationCodec: ScalarCodec<"duration"> = {
  kind: "scalar",
  name: "duration",
  decode: (text) => checkedText(collapse(text), isDuration, "duration"),
  encode: (value) => checkedText(value, isDuration, "duration"),
};

/** xsd:anyURI. */
export const anyURICodec: ScalarCodec<"anyURI"> = {
  kind: "scalar",
  name: "anyURI",
  decode: (text) => collapse(text),
  encode: (value) => {
    if (typeof value !== "string") throw new CodecError(`expected a string (anyURI), got ${typeof value}`);
    checkXmlChars(value);
    return value;
  },
};

/** A .NET Guid (the serialization namespace's `guid`: 8-4-4-4-12 hex digits). */
export const guidCodec: ScalarCodec<"guid"> = {
  kind: "scalar",
  name: "guid",
  decode: (text) => checkedText(collapse(text), GUID_TEXT, "guid"),
  encode: (value) => checkedText(value, GUID_TEXT, "guid"),
};
