/**
 * One codec per XSD scalar type: text → value for responses, value → text for requests, with
 * the range checks of the XSD type. Codecs throw CodecError with a reason; the encoder and
 * decoder turn it into an EncodeError or DecodeError that names the parameter or path.
 */
import { XsdDateTime } from "./datetime.js";
import type { ScalarName } from "./descriptor.js";
import { outside } from "./errors.js";

/** A value did not fit its type; `expected` names the type, `message` says why. */
export class CodecError extends Error {
  override name = "CodecError";
}

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

const INT_TEXT = /^[+-]?\d+$/;
const DOUBLE_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** Collapses XSD whitespace for non-string types (leading/trailing whitespace is ignored). */
const collapse = (text: string): string =>
  text.length > 0 && (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32) ? text.trim() : text;

function decodeInteger(text: string, min: number, max: number, type: string): number {
  const t = collapse(text);
  const len = t.length;
  let i = 0;
  let negative = false;
  const first = t.charCodeAt(0);
  if (first === 45 /* - */ || first === 43 /* + */) {
    negative = first === 45;
    i = 1;
  }
  // Up to 15 digits are exact in a double; longer texts (leading zeros) take the slow path.
  if (i === len || len - i > 15) {
    if (!INT_TEXT.test(t)) throw new CodecError(`not an ${type}`);
    const n = Number(t);
    if (n < min || n > max) throw new CodecError(`${type} out of range`);
    return n === 0 ? 0 : n;
  }
  let n = 0;
  for (; i < len; i++) {
    const d = t.charCodeAt(i) - 48;
    if (d < 0 || d > 9) throw new CodecError(`not an ${type}`);
    n = n * 10 + d;
  }
  if (negative) n = n === 0 ? 0 : -n;
  if (n < min || n > max) throw new CodecError(`${type} out of range`);
  return n;
}

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

function base64ToBytes(text: string): Uint8Array {
  const t = text.replace(/[\t\n\r ]+/g, "");
  if (t.length % 4 !== 0 || !BASE64_TEXT.test(t)) throw new CodecError("not base64Binary");
  const binary = atob(t);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Formats a double the way .NET's XmlConvert reads it back exactly ("INF", "-INF", "NaN", shortest round-trip digits). */
function formatDouble(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "INF";
  if (value === -Infinity) return "-INF";
  if (Object.is(value, -0)) return "-0";
  return String(value).replace("e+", "E").replace("e-", "E-");
}

const UINT64_MAX = 2n ** 64n - 1n;
const FLOAT_MAX = 3.4028234663852886e38;
const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const DATE_TEXT = /^-?\d{4,}-\d{2}-\d{2}(?:Z|[+-]\d{2}:\d{2})?$/;
const TIME_TEXT = /^\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})?$/;
const DURATION_TEXT = /^-?P(?=\d|T\d)(?:\d+Y)?(?:\d+M)?(?:\d+D)?(?:T(?=\d)(?:\d+H)?(?:\d+M)?(?:\d+(?:\.\d+)?S)?)?$/;
const GUID_TEXT = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** A string value checked against the lexical form of its XSD type. */
function checkedText(value: unknown, form: RegExp, type: string): string {
  if (typeof value !== "string") throw new CodecError(`expected a string (${type}), got ${typeof value}`);
  if (!form.test(value))
    throw new CodecError(`not a ${type}: ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`);
  return value;
}

function decodeFloating(text: string, type: string): number {
  const t = collapse(text);
  if (t === "INF" || t === "+INF" || t === "Infinity") return Infinity;
  if (t === "-INF" || t === "-Infinity") return -Infinity;
  if (t === "NaN") return NaN;
  if (!DOUBLE_TEXT.test(t)) throw new CodecError(`not a ${type}`);
  return Number(t);
}

export interface ScalarCodec {
  /** Text of an element (already entity-decoded) → value. */
  decode(text: string): unknown;
  /** Value → text for SOAP elements and HTTP parameters. */
  encode(value: unknown): string;
}

/** The codec table, exhaustive over ScalarName. */
export const CODECS: { readonly [K in ScalarName]: ScalarCodec } = {
  string: {
    decode: (text) => text,
    encode: (value) => {
      if (typeof value !== "string") throw new CodecError(`expected a string, got ${typeof value}`);
      checkXmlChars(value);
      return value;
    },
  },
  int: {
    decode: (text) => decodeInteger(text, -2147483648, 2147483647, "int"),
    encode: (value) => encodeInteger(value, -2147483648, 2147483647, "int"),
  },
  unsignedByte: {
    decode: (text) => decodeInteger(text, 0, 255, "unsignedByte"),
    encode: (value) => encodeInteger(value, 0, 255, "unsignedByte"),
  },
  long: {
    decode: (text) => {
      const t = collapse(text);
      if (!INT_TEXT.test(t)) throw new CodecError("not a long");
      const n = BigInt(t);
      if (n < INT64_MIN || n > INT64_MAX) throw new CodecError("long out of range");
      return n;
    },
    encode: (value) => {
      if (typeof value !== "bigint") throw new CodecError(`expected a bigint (long), got ${typeof value}`);
      if (value < INT64_MIN || value > INT64_MAX)
        throw new CodecError(`long must be within 64 bits, got ${outside(String(value))}`);
      return value.toString();
    },
  },
  double: {
    decode: (text) => {
      const t = collapse(text);
      if (t === "INF" || t === "+INF" || t === "Infinity") return Infinity;
      if (t === "-INF" || t === "-Infinity") return -Infinity;
      if (t === "NaN") return NaN;
      if (!DOUBLE_TEXT.test(t)) throw new CodecError("not a double");
      return Number(t);
    },
    encode: (value) => {
      if (typeof value !== "number") throw new CodecError(`expected a number (double), got ${typeof value}`);
      return formatDouble(value);
    },
  },
  boolean: {
    decode: (text) => {
      const t = collapse(text);
      if (t === "true" || t === "1") return true;
      if (t === "false" || t === "0") return false;
      throw new CodecError("not a boolean");
    },
    encode: (value) => {
      if (typeof value !== "boolean") throw new CodecError(`expected a boolean, got ${typeof value}`);
      return value ? "true" : "false";
    },
  },
  dateTime: {
    decode: (text) => {
      try {
        return XsdDateTime.parse(collapse(text));
      } catch (err) {
        throw new CodecError((err as Error).message);
      }
    },
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
  },
  base64Binary: {
    decode: (text) => base64ToBytes(text),
    encode: (value) => {
      if (!(value instanceof Uint8Array)) throw new CodecError(`expected a Uint8Array, got ${typeof value}`);
      return bytesToBase64(value);
    },
  },
  byte: {
    decode: (text) => decodeInteger(text, -128, 127, "byte"),
    encode: (value) => encodeInteger(value, -128, 127, "byte"),
  },
  short: {
    decode: (text) => decodeInteger(text, -32768, 32767, "short"),
    encode: (value) => encodeInteger(value, -32768, 32767, "short"),
  },
  unsignedShort: {
    decode: (text) => decodeInteger(text, 0, 65535, "unsignedShort"),
    encode: (value) => encodeInteger(value, 0, 65535, "unsignedShort"),
  },
  unsignedInt: {
    decode: (text) => decodeInteger(text, 0, 4294967295, "unsignedInt"),
    encode: (value) => encodeInteger(value, 0, 4294967295, "unsignedInt"),
  },
  unsignedLong: {
    decode: (text) => {
      const t = collapse(text);
      if (!INT_TEXT.test(t)) throw new CodecError("not an unsignedLong");
      const n = BigInt(t);
      if (n < 0n || n > UINT64_MAX) throw new CodecError("unsignedLong out of range");
      return n;
    },
    encode: (value) => {
      if (typeof value !== "bigint") throw new CodecError(`expected a bigint (unsignedLong), got ${typeof value}`);
      if (value < 0n || value > UINT64_MAX) throw new CodecError(`unsignedLong must be within 0..2^64-1, got ${value}`);
      return value.toString();
    },
  },
  float: {
    decode: (text) => decodeFloating(text, "float"),
    encode: (value) => {
      if (typeof value !== "number") throw new CodecError(`expected a number (float), got ${typeof value}`);
      if (Number.isFinite(value) && Math.abs(value) > FLOAT_MAX)
        throw new CodecError(`float out of range, got ${value}`);
      return formatDouble(value);
    },
  },
  decimal: {
    // Kept as the exact decimal text: a .NET decimal has 28-29 significant digits, more than a double.
    decode: (text) => checkedText(collapse(text), DECIMAL_TEXT, "decimal"),
    encode: (value) => {
      if (typeof value === "bigint") return value.toString();
      if (typeof value !== "string") throw new CodecError(`expected a decimal string or a bigint, got ${typeof value}`);
      return checkedText(value, DECIMAL_TEXT, "decimal");
    },
  },
  date: {
    // HTTP GET/POST answer a date as a dateTime at midnight (ASMX ignores DataType there).
    decode: (text) => checkedText(collapse(text).replace(/T00:00:00(?:\.0+)?(?=$|Z|[+-])/, ""), DATE_TEXT, "date"),
    encode: (value) => checkedText(value, DATE_TEXT, "date"),
  },
  time: {
    // HTTP GET/POST answer a time as a dateTime of some day: the time part is kept.
    decode: (text) => checkedText(collapse(text).replace(/^-?\d{4,}-\d{2}-\d{2}T/, ""), TIME_TEXT, "time"),
    encode: (value) => checkedText(value, TIME_TEXT, "time"),
  },
  duration: {
    decode: (text) => checkedText(collapse(text), DURATION_TEXT, "duration"),
    encode: (value) => checkedText(value, DURATION_TEXT, "duration"),
  },
  anyURI: {
    decode: (text) => collapse(text),
    encode: (value) => {
      if (typeof value !== "string") throw new CodecError(`expected a string (anyURI), got ${typeof value}`);
      checkXmlChars(value);
      return value;
    },
  },
  guid: {
    decode: (text) => checkedText(collapse(text), GUID_TEXT, "guid"),
    encode: (value) => checkedText(value, GUID_TEXT, "guid"),
  },
};
