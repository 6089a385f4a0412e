/**
 * Streaming XML tokenizer over UTF-8 bytes, for the subset of XML 1.0 that SOAP allows (no DTD,
 * no external entities), with optional XML-namespace well-formedness checks.
 *
 * Part of the hand-written runtime that is copied verbatim into generated clients: no
 * dependencies, no platform built-ins beyond TextEncoder/TextDecoder.
 *
 * Design (performance and safety):
 * - The input is scanned as bytes; nothing becomes a JS string unless a sink asks for it.
 *   Element and attribute names go through a small direct-mapped cache, so the same name
 *   yields the same string without allocating. Text is handed to the sink as a byte range
 *   (entity references resolved, line ends normalised); a sink decodes only what it keeps.
 * - Every chunk is checked once, as it arrives, for malformed UTF-8 and for characters XML
 *   1.0 forbids (C0 controls other than TAB/LF/CR, surrogates, U+FFFE, U+FFFF).
 * - Every scan is linear in the input: long tokens split over many chunks are collected and
 *   scanned once, text is streamed, and look-ahead positions are cached.
 * - No recursion: nesting depth only grows arrays; the depth, name length, attribute count and
 *   unfinished-token size are bounded.
 *
 * Offsets in errors are byte offsets in the whole document (across all writes).
 *
 * @module
 */

/** Machine-readable category of an {@link XmlSyntaxError}. */
export type XmlErrorCode =
  | "syntax"
  | "doctype-forbidden"
  | "entity-unknown"
  | "invalid-char"
  | "invalid-utf8"
  | "mismatched-tag"
  | "depth-limit"
  | "truncated"
  | "token-too-long"
  | "namespace";

/** Raised for any malformed, forbidden or over-limit input. */
export class XmlSyntaxError extends Error {
  /** Category of the error. */
  readonly code: XmlErrorCode;
  /** Byte offset in the whole document (UTF-8) where the problem was detected. */
  readonly offset: number;

  constructor(code: XmlErrorCode, message: string, offset: number) {
    super(message);
    this.name = "XmlSyntaxError";
    this.code = code;
    this.offset = offset;
  }
}

/** The attributes of the start tag being reported; valid only during {@link XmlSink.open}. */
export interface XmlAttributes {
  /** Number of attributes (namespace declarations included). */
  readonly length: number;
  /** Qualified name of attribute `i`, as written. */
  name(i: number): string;
  /** Value of attribute `i`: references resolved, whitespace normalised (XML 1.0 §3.3.3). */
  value(i: number): string;
  /** Namespace URI of attribute `i` ("" when unprefixed); only with `namespaces: true`. */
  uri(i: number): string;
  /** The attribute text as written between the element name and `>` / `/>` (trimmed). */
  raw(): string;
}

/** Receiver of tokenizer events. Any exception it throws propagates unchanged. */
export interface XmlSink {
  /** Start tag. `name` is the qualified name as written. */
  open(name: string, attrs: XmlAttributes): void;
  /**
   * Character data inside the root element, as UTF-8 bytes `bytes[start..end)`: references and
   * CDATA resolved, line ends normalised to LF, never split inside a character. The bytes are
   * valid only during the call. A text node may arrive in several calls; never empty.
   */
  text(bytes: Uint8Array, start: number, end: number): void;
  /** End tag; also called right after {@link XmlSink.open} for an empty-element tag `<a/>`. */
  close(name: string): void;
  /**
   * Optional: a whole leaf element `<name>text</name>` in one call, for the common shape — no
   * attributes, no prefix, text without references, CR or `]`, all of it in the input at hand.
   * It must do exactly what `open(name, attrs)`, then `text(bytes, start, end)` when
   * `start < end`, then `close(name)` would do (`attrs` is empty). Without it those three
   * calls are made.
   */
  leaf?(name: string, attrs: XmlAttributes, bytes: Uint8Array, start: number, end: number): void;
  /**
   * Optional: text inside the root made only of spaces, tabs and line feeds, up to the next
   * tag (indentation between elements), as `bytes[start..end)`, never empty. It must do exactly
   * what `text(bytes, start, end)` would do; without it, text() is called. A sink that ignores
   * whitespace between elements is spared the look at every byte.
   */
  space?(bytes: Uint8Array, start: number, end: number): void;
}

/** Resource limits and options of {@link XmlTokenizer}. */
export interface XmlLimits {
  /** Maximum element nesting depth (the root element has depth 1). Default 512. */
  maxDepth?: number;
  /** Maximum length, in bytes, of an element name, attribute name or PI target. Default 1024. */
  maxNameLength?: number;
  /** Maximum number of attributes on one element. Default 256. */
  maxAttributes?: number;
  /**
   * Maximum size, in bytes, of a single unfinished token (tag, XML declaration, entity
   * reference) held while waiting for the next chunk. Text, CDATA, comments and PIs are
   * streamed and not limited. Default 64 MiB.
   */
  maxTokenLength?: number;
  /** Check XML-namespace well-formedness (QNames, declared prefixes, unique expanded attribute names). Default false. */
  namespaces?: boolean;
}

// ---------------------------------------------------------------------------
// Bytes and tables
// ---------------------------------------------------------------------------

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const BANG = 0x21;
const DQUOTE = 0x22;
const HASH = 0x23;
const AMP = 0x26;
const SQUOTE = 0x27;
const DASH = 0x2d;
const SLASH = 0x2f;
const COLON = 0x3a;
const SEMI = 0x3b;
const LT = 0x3c;
const EQ = 0x3d;
const GT = 0x3e;
const QUESTION = 0x3f;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LOWER_X = 0x78;

const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

/** Bit 1: ASCII NameStartChar, bit 2: ASCII NameChar, bit 4: XML whitespace, bit 8: `<`, bit 16: `&`, CR or `]` (text that needs a second look). */
const TABLE = /* @__PURE__ */ (() => {
  const t = new Uint8Array(256);
  for (let c = 0; c < 128; c++) {
    const start = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === COLON || c === 0x5f;
    const name = start || (c >= 0x30 && c <= 0x39) || c === DASH || c === 0x2e;
    t[c] = (start ? 1 : 0) | (name ? 2 : 0) | (c === SPACE || c === TAB || c === LF || c === CR ? 4 : 0) | (c === LT ? 8 : 0) | (c === AMP || c === CR || c === RBRACKET ? 16 : 0);
  }
  return t;
})();

const isWs = (c: number): boolean => (TABLE[c]! & 4) !== 0;

/** XML 1.0 (5th ed.) NameStartChar / NameChar for a code point ≥ 0x80. */
function isNameCp(c: number, start: boolean): boolean {
  if (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xd7ff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0xeffff)
  )
    return true;
  return !start && (c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040);
}

/** Length of the (already validated) UTF-8 sequence led by byte `b`. */
const seqLen = (b: number): number => (b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4);

/** Code point of the (already validated) UTF-8 sequence at `i`. */
function cpAt(s: Uint8Array, i: number): number {
  const b = s[i]!;
  if (b < 0xe0) return ((b & 0x1f) << 6) | (s[i + 1]! & 0x3f);
  if (b < 0xf0) return ((b & 0x0f) << 12) | ((s[i + 1]! & 0x3f) << 6) | (s[i + 2]! & 0x3f);
  return ((b & 0x07) << 18) | ((s[i + 1]! & 0x3f) << 12) | ((s[i + 2]! & 0x3f) << 6) | (s[i + 3]! & 0x3f);
}

/** Hash of the last name scanned by {@link scanName}, and whether it had a colon. */
let nameHash = 0;
let nameColon = false;

/**
 * End of the name starting at `i` (the first byte that is not a NameChar, or `len` when the
 * name runs to the end of the input); -1 when the first character is not a NameStartChar.
 * Sets {@link nameHash}.
 */
function scanName(s: Uint8Array, i: number, len: number): number {
  let h = 0;
  let first = true;
  let colon = false;
  while (i < len) {
    const c = s[i]!;
    if (c < 0x80) {
      if ((TABLE[c]! & (first ? 1 : 2)) === 0) break;
      h = (Math.imul(h, 31) + c) | 0;
      if (c === COLON) colon = true;
      i++;
    } else {
      const n = seqLen(c);
      if (i + n > len) return len; // the chunk ends inside the character: need more input
      if (!isNameCp(cpAt(s, i), first)) break;
      for (let k = 0; k < n; k++) h = (Math.imul(h, 31) + s[i + k]!) | 0;
      i += n;
    }
    first = false;
  }
  nameHash = h;
  nameColon = colon;
  return first && i < len ? -1 : i;
}

// Name cache: direct-mapped, bounded (4096 names of at most maxNameLength bytes).
const CACHE_SIZE = 4096;
const cacheKeys: Array<XmlName | undefined> = new Array<XmlName | undefined>(CACHE_SIZE);
const utf8 = /* @__PURE__ */ new TextDecoder("utf-8", { ignoreBOM: true });

/** The string for name bytes `s[start..end)` (hash {@link nameHash}), from the cache when possible. */
function nameString(s: Uint8Array, start: number, end: number, hash: number): string {
  const slot = (hash ^ (hash >>> 12)) & (CACHE_SIZE - 1);
  const key = cacheKeys[slot];
  const n = end - start;
  if (key !== undefined && key.bytes.length === n) {
    let k = 0;
    while (k < n && key.bytes[k] === s[start + k]) k++;
    if (k === n) {
      lastKey = key;
      return key.name;
    }
  }
  const copy = s.slice(start, end);
  lastKey = cacheKeys[slot] = makeName(latin1OrUtf8(copy, 0, n), copy);
  return lastKey.name;
}

/** The name last returned by {@link nameString}. */
let lastKey: XmlName;

/**
 * An element name with its UTF-8 bytes, also as little-endian 32-bit words, so that the
 * tokenizer compares a tag with it four bytes at a time.
 */
export interface XmlName {
  readonly name: string;
  readonly bytes: Uint8Array;
  /** The bytes as words: one per whole 4 bytes, then the last 4 bytes (overlapping) when the length is not a multiple of 4. */
  readonly words: Int32Array;
}

function makeName(name: string, bytes: Uint8Array): XmlName {
  const n = bytes.length;
  const whole = n >> 2;
  const words = new Int32Array(n < 4 ? 0 : whole + ((n & 3) === 0 ? 0 : 1));
  const dv = new DataView(bytes.buffer, bytes.byteOffset, n);
  for (let i = 0; i < whole; i++) words[i] = dv.getInt32(i * 4, true);
  if (words.length > whole) words[whole] = dv.getInt32(n - 4, true);
  return { name, bytes, words };
}

/** An {@link XmlName} for the tokenizer's expected-name hint (null for a prefixed or empty name: no hint). */
export const xmlName = (name: string): XmlName | null => (name === "" || name.includes(":") ? null : makeName(name, encoder.encode(name)));

/** Whether `s[at..)` starts with the bytes of `k` (the caller checked that they are in range). */
function sameName(dv: DataView, s: Uint8Array, at: number, k: XmlName): boolean {
  const w = k.words;
  const b = k.bytes;
  const n = b.length;
  if (n < 4) {
    for (let j = 0; j < n; j++) if (b[j] !== s[at + j]) return false;
    return true;
  }
  const whole = n >> 2;
  for (let i = 0; i < whole; i++) if (dv.getInt32(at + i * 4, true) !== w[i]) return false;
  return whole === w.length || dv.getInt32(at + n - 4, true) === w[whole];
}

/** The bytes of a name string (from the cache key when it is there). */
const encoder = /* @__PURE__ */ new TextEncoder();

/** The string of `k` (0 to 16) ASCII bytes at `i`, made in one step. */
function upTo16(s: Uint8Array, i: number, k: number): string {
  const f = String.fromCharCode;
  switch (k) {
    case 0:
      return "";
    case 1:
      return f(s[i]!);
    case 2:
      return f(s[i]!, s[i + 1]!);
    case 3:
      return f(s[i]!, s[i + 1]!, s[i + 2]!);
    case 4:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!);
    case 5:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!);
    case 6:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!);
    case 7:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!);
    case 8:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!, s[i + 7]!);
    case 9:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!, s[i + 7]!, s[i + 8]!);
    case 10:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!, s[i + 7]!, s[i + 8]!, s[i + 9]!);
    case 11:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!, s[i + 7]!, s[i + 8]!, s[i + 9]!, s[i + 10]!);
    case 12:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!, s[i + 7]!, s[i + 8]!, s[i + 9]!, s[i + 10]!, s[i + 11]!);
    case 13:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!, s[i + 7]!, s[i + 8]!, s[i + 9]!, s[i + 10]!, s[i + 11]!, s[i + 12]!);
    case 14:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!, s[i + 7]!, s[i + 8]!, s[i + 9]!, s[i + 10]!, s[i + 11]!, s[i + 12]!, s[i + 13]!);
    case 15:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!, s[i + 7]!, s[i + 8]!, s[i + 9]!, s[i + 10]!, s[i + 11]!, s[i + 12]!, s[i + 13]!, s[i + 14]!);
    default:
      return f(s[i]!, s[i + 1]!, s[i + 2]!, s[i + 3]!, s[i + 4]!, s[i + 5]!, s[i + 6]!, s[i + 7]!, s[i + 8]!, s[i + 9]!, s[i + 10]!, s[i + 11]!, s[i + 12]!, s[i + 13]!, s[i + 14]!, s[i + 15]!);
  }
}

/** Decodes validated UTF-8; short ASCII runs without a TextDecoder call. */
export function latin1OrUtf8(s: Uint8Array, start: number, end: number): string {
  const n = end - start;
  if (n <= 24) {
    let bits = 0;
    for (let i = start; i < end; i++) bits |= s[i]!;
    if (bits >= 0x80) return utf8.decode(s.subarray(start, end));
    // Up to sixteen characters per string made: one string for most values (phone numbers,
    // codes), two for the rest.
    return n <= 16 ? upTo16(s, start, n) : upTo16(s, start, 16) + upTo16(s, start + 16, n - 16);
  }
  return utf8.decode(s.subarray(start, end));
}

/**
 * Index of the first byte of `s[from..to)` that is malformed UTF-8 or encodes a character XML
 * 1.0 forbids, or -1. An incomplete sequence at the very end is not an error: {@link utf8Hold}
 * is set to its length (0 otherwise).
 */
let utf8Hold = 0;
function findInvalid(s: Uint8Array, from: number, to: number): number {
  utf8Hold = 0;
  let i = from;
  // Four bytes at a time while they are all printable ASCII (0x20..0x7F).
  const off = s.byteOffset;
  let words: Uint32Array | null = null;
  let w0 = 0;
  let wn = 0;
  if (to - i >= 64) {
    w0 = (off + i + 3) >> 2;
    wn = ((off + to) >> 2) - w0;
    words = new Uint32Array(s.buffer, w0 << 2, wn);
  }
  while (i < to) {
    if (words !== null && ((off + i) & 3) === 0) {
      let k = ((off + i) >> 2) - w0;
      while (k < wn) {
        const w = words[k]!;
        if (((w & 0x80808080) | ((w - 0x20202020) & ~w & 0x80808080)) !== 0) break;
        k++;
      }
      i = ((w0 + k) << 2) - off;
      if (i >= to) break;
    }
    const b = s[i]!;
    if (b >= 0x20 && b < 0x80) {
      i++;
      continue;
    }
    if (b < 0x80) {
      if (b === LF || b === CR || b === TAB) {
        i++;
        continue;
      }
      return i;
    }
    // A whole two-byte sequence (Arabic, Persian, Cyrillic, ... text): nothing more to check.
    if (b >= 0xc2 && b <= 0xdf && i + 1 < to && (s[i + 1]! & 0xc0) === 0x80) {
      i += 2;
      continue;
    }
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) n = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      n = 3;
      if (b === 0xe0) lo = 0xa0;
      else if (b === 0xed) hi = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      n = 4;
      if (b === 0xf0) lo = 0x90;
      else if (b === 0xf4) hi = 0x8f;
    } else return i;
    const avail = to - i;
    const b1 = avail > 1 ? s[i + 1]! : -1;
    if (b1 >= 0 && (b1 < lo || b1 > hi)) return i;
    for (let k = 2; k < n && k < avail; k++) {
      const c = s[i + k]!;
      if (c < 0x80 || c > 0xbf) return i;
    }
    if (avail < n) {
      utf8Hold = avail;
      return -1;
    }
    if (b === 0xef && b1 === 0xbf && s[i + 2]! >= 0xbe) return i; // U+FFFE, U+FFFF
    i += n;
  }
  return -1;
}

/** XML 1.0 `Char` production for a code point. */
const isXmlChar = (cp: number): boolean =>
  cp >= 0x20 ? cp <= 0xd7ff || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff) : cp === TAB || cp === LF || cp === CR;

/** `<?xml ... ?>` declaration (XML 1.0 §2.8), whitespace restricted to XML `S`. */
const XML_DECL =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>$/;

// ---------------------------------------------------------------------------
// References and a growable output buffer
// ---------------------------------------------------------------------------

/** Scratch output: resolved text and attribute values are written here. */
let out = new Uint8Array(1024);
let outLen = 0;
function reserve(n: number): void {
  if (outLen + n > out.length) {
    const bigger = new Uint8Array(Math.max(out.length * 2, outLen + n));
    bigger.set(out.subarray(0, outLen));
    out = bigger;
  }
}
function put(s: Uint8Array, from: number, to: number): void {
  const n = to - from;
  reserve(n);
  if (n > 64) out.set(s.subarray(from, to), outLen);
  else for (let i = 0; i < n; i++) out[outLen + i] = s[from + i]!;
  outLen += n;
}
function putCp(cp: number): void {
  reserve(4);
  if (cp < 0x80) out[outLen++] = cp;
  else if (cp < 0x800) {
    out[outLen++] = 0xc0 | (cp >> 6);
    out[outLen++] = 0x80 | (cp & 63);
  } else if (cp < 0x10000) {
    out[outLen++] = 0xe0 | (cp >> 12);
    out[outLen++] = 0x80 | ((cp >> 6) & 63);
    out[outLen++] = 0x80 | (cp & 63);
  } else {
    out[outLen++] = 0xf0 | (cp >> 18);
    out[outLen++] = 0x80 | ((cp >> 12) & 63);
    out[outLen++] = 0x80 | ((cp >> 6) & 63);
    out[outLen++] = 0x80 | (cp & 63);
  }
}

/** Index just past the `;` of the last reference read by {@link readRef}. */
let refEnd = 0;

/**
 * Reads the reference starting with `&` at `i` (its `;` must come before `end`) and returns
 * the code point it stands for. `base` turns indices into document offsets.
 */
function readRef(s: Uint8Array, i: number, end: number, base: number): number {
  const semi = s.indexOf(SEMI, i + 1);
  if (semi < 0 || semi >= end) throw badRef(base + i);
  refEnd = semi + 1;
  let j = i + 1;
  if (s[j] === HASH) {
    j++;
    const hex = s[j] === LOWER_X;
    if (hex) j++;
    if (j === semi) throw new XmlSyntaxError("syntax", "malformed character reference", base + i);
    let cp = 0;
    for (; j < semi; j++) {
      const c = s[j]!;
      let v: number;
      if (c >= 0x30 && c <= 0x39) v = c - 0x30;
      else if (hex && c >= 0x61 && c <= 0x66) v = c - 0x57;
      else if (hex && c >= 0x41 && c <= 0x46) v = c - 0x37;
      else throw new XmlSyntaxError("syntax", "malformed character reference", base + i);
      cp = Math.min(cp * (hex ? 16 : 10) + v, 0x110000);
    }
    if (!isXmlChar(cp)) throw new XmlSyntaxError("invalid-char", "character reference to a character not allowed in XML", base + i);
    return cp;
  }
  const n = semi - j;
  const a = s[j];
  const b = s[j + 1];
  if (n === 2 && b === 0x74 /* t */) {
    if (a === 0x6c /* l */) return LT;
    if (a === 0x67 /* g */) return GT;
  } else if (n === 3 && a === 0x61 && b === 0x6d && s[j + 2] === 0x70) return AMP;
  else if (n === 4) {
    if (a === 0x71 && b === 0x75 && s[j + 2] === 0x6f && s[j + 3] === 0x74) return DQUOTE;
    if (a === 0x61 && b === 0x70 && s[j + 2] === 0x6f && s[j + 3] === 0x73) return SQUOTE;
  }
  if (n > 0 && scanName(s, j, semi) === semi) {
    throw new XmlSyntaxError("entity-unknown", `unknown entity '&${latin1OrUtf8(s, j, semi)};'`, base + i);
  }
  throw badRef(base + i);
}

function badRef(at: number): XmlSyntaxError {
  return new XmlSyntaxError("syntax", "'&' does not start a valid entity or character reference", at);
}

// ---------------------------------------------------------------------------
// Attributes of the current start tag
// ---------------------------------------------------------------------------

/** Per attribute: name start, name end, value start, value end, hash; then strings on demand. */
class Attributes implements XmlAttributes {
  length = 0;
  buf: Uint8Array = out;
  spans: number[] = [];
  names: string[] = [];
  uris: string[] = [];
  /** Index of the tag's '<' in `buf`; spans are relative to it. */
  tagStart = 0;
  rawStart = 0;
  rawEnd = 0;

  name(i: number): string {
    return this.names[i]!;
  }

  value(i: number): string {
    const s = this.buf;
    const vs = this.tagStart + this.spans[i * 4 + 2]!;
    const ve = this.tagStart + this.spans[i * 4 + 3]!;
    let k = vs;
    while (k < ve && s[k] !== AMP && !isWs(s[k]!)) k++;
    if (k === ve) return latin1OrUtf8(s, vs, ve);
    outLen = 0;
    let from = vs;
    for (; k < ve; k++) {
      const c = s[k]!;
      if (c === AMP) {
        put(s, from, k);
        putCp(readRef(s, k, ve, 0));
        k = refEnd - 1;
        from = refEnd;
      } else if (c === TAB || c === LF || c === CR) {
        put(s, from, k);
        putCp(SPACE);
        if (c === CR && k + 1 < ve && s[k + 1] === LF) k++;
        from = k + 1;
      }
    }
    put(s, from, ve);
    return utf8.decode(out.subarray(0, outLen));
  }

  uri(i: number): string {
    return this.uris[i] ?? "";
  }

  raw(): string {
    return utf8.decode(this.buf.subarray(this.tagStart + this.rawStart, this.tagStart + this.rawEnd));
  }
}

// ---------------------------------------------------------------------------
// Tokenizer
// ---------------------------------------------------------------------------

const PROLOG = 0;
const ROOT = 1;
const EPILOG = 2;

const MARKUP = 0;
const CDATA = 1;
const COMMENT = 2;
const PI = 3;

const EMPTY = new Uint8Array(0);

/**
 * Incremental XML tokenizer. Feed the document with {@link XmlTokenizer.write} in pieces of any
 * size (split anywhere, even inside a UTF-8 sequence), then call {@link XmlTokenizer.end}.
 * Events are delivered synchronously to the {@link XmlSink}; the sequence does not depend on
 * how the input is split, except that text may arrive in a different number of calls.
 *
 * Supported: elements, attributes, character data, the five predefined entities, character
 * references, CDATA sections, comments and processing instructions (skipped), the XML
 * declaration (validated, skipped) and a leading byte-order mark. Any `<!DOCTYPE` is refused.
 *
 * After an exception (from the input or from the sink) the instance must not be used again.
 */
export class XmlTokenizer {
  private readonly sink: XmlSink;
  private readonly maxDepth: number;
  private readonly maxName: number;
  private readonly maxAttrs: number;
  private readonly maxToken: number;
  private readonly ns: boolean;
  /** The sink takes whole leaf elements ({@link XmlSink.leaf}). */
  private readonly leaves: boolean;
  /** The sink takes indentation apart ({@link XmlSink.space}). */
  private readonly spaces: boolean;
  private readonly attrs = new Attributes();
  /** Unconsumed input (an unfinished token), `acc[0..accLen)`, carried to the next write. */
  private acc: Uint8Array = EMPTY;
  private accLen = 0;
  /** A byte the next chunk must hold for the unfinished token to progress (-1: any chunk). */
  private wait = -1;
  /** Resumption of an unfinished start tag: offset after its last complete attribute, and their count. */
  private resumeAt = 0;
  private resumeCount = 0;
  /** Document offset of `acc[0]`. */
  private base = 0;
  /** An incomplete UTF-8 sequence held back until the rest arrives. */
  private held: Uint8Array = EMPTY;
  private pendingSurrogate = "";
  private readonly stack: string[] = [];
  private readonly stackBytes: XmlName[] = [];
  private depth = 0;
  private phase = PROLOG;
  private mode = MARKUP;
  private started = false;
  private docStart = 0;
  private ended = false;
  // Namespace scopes: declarations in order, and the count at each depth.
  private readonly nsPrefix: string[] = [];
  private readonly nsUri: string[] = [];
  private readonly nsMark: number[] = [];

  constructor(sink: XmlSink, limits?: XmlLimits) {
    this.sink = sink;
    this.maxDepth = limits?.maxDepth ?? 512;
    this.maxName = limits?.maxNameLength ?? 1024;
    this.maxAttrs = limits?.maxAttributes ?? 256;
    this.maxToken = limits?.maxTokenLength ?? 64 * 1024 * 1024;
    this.ns = limits?.namespaces ?? false;
    this.leaves = typeof sink.leaf === "function";
    this.spaces = typeof sink.space === "function";
  }

  /** Name the next start tag most likely has (a hint: any other name is still read normally). */
  private expName: XmlName | null = null;

  /**
   * Hints that the next start tag is probably `name` (from {@link xmlName}: a valid name
   * without a colon); a matching tag then skips the name scan and lookup.
   */
  expect(name: XmlName | null): void {
    this.expName = name;
  }

  /**
   * The namespace URI bound to the prefix of `qname` at the current element (its own
   * declarations included): "" for no prefix and no default namespace, undefined when the
   * prefix is not declared. Meaningful with `namespaces: true`, during {@link XmlSink.open}.
   */
  namespaceOf(qname: string): string | undefined {
    const c = qname.indexOf(":");
    return this.lookup(c < 0 ? "" : qname.slice(0, c));
  }

  private lookup(prefix: string): string | undefined {
    if (prefix === "xml") return XML_NS;
    for (let i = this.nsPrefix.length - 1; i >= 0; i--) if (this.nsPrefix[i] === prefix) return this.nsUri[i];
    return prefix === "" ? "" : undefined;
  }

  /**
   * Feeds the next piece of the document: UTF-8 bytes, or a string (encoded to UTF-8 here).
   *
   * @throws {@link XmlSyntaxError} as soon as the input is known to be malformed.
   */
  write(input: Uint8Array | string): void {
    if (this.ended) throw new XmlSyntaxError("syntax", "write() after end()", this.docLength());
    // A plain view: subclasses (Node's Buffer) make every slice and subarray slower, and
    // Buffer#slice does not even copy.
    let chunk = typeof input === "string" ? this.encode(input) : input.constructor === Uint8Array ? input : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    if (this.held.length !== 0) {
      const joined = new Uint8Array(this.held.length + chunk.length);
      joined.set(this.held);
      joined.set(chunk, this.held.length);
      chunk = joined;
      this.held = EMPTY;
    }
    if (chunk.length === 0) return;
    const bad = findInvalid(chunk, 0, chunk.length);
    if (bad >= 0) {
      const at = this.docLength() + bad;
      this.feed(chunk.subarray(0, bad));
      this.rescan(); // an earlier error in a collected token is reported first
      const b = chunk[bad]!;
      throw b < 0x80 || (b === 0xef && chunk[bad + 1] === 0xbf) || (b === 0xed && chunk[bad + 1]! >= 0xa0)
        ? new XmlSyntaxError("invalid-char", "character not allowed in XML", at)
        : new XmlSyntaxError("invalid-utf8", "malformed UTF-8", at);
    }
    if (utf8Hold !== 0) {
      this.held = chunk.slice(chunk.length - utf8Hold);
      chunk = chunk.subarray(0, chunk.length - utf8Hold);
    }
    this.feed(chunk);
  }

  /** Bytes of the document seen so far, held-back bytes excluded. */
  private docLength(): number {
    return this.base + this.accLen;
  }

  /** A string chunk as UTF-8; a lone surrogate is an error (TextEncoder would replace it). */
  private encode(s: string): Uint8Array {
    if (this.pendingSurrogate !== "") {
      s = this.pendingSurrogate + s;
      this.pendingSurrogate = "";
    }
    const last = s.charCodeAt(s.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.pendingSurrogate = s.slice(-1);
      s = s.slice(0, -1);
    }
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdfff) {
        if (c <= 0xdbff && i + 1 < s.length) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            i++;
            continue;
          }
        }
        const before = encoder.encode(s.slice(0, i));
        this.pendingSurrogate = "";
        this.write(before);
        this.rescan();
        throw new XmlSyntaxError("invalid-char", "character not allowed in XML", this.docLength() + this.held.length);
      }
    }
    return encoder.encode(s);
  }

  private feed(chunk: Uint8Array): void {
    const n = chunk.length;
    let from = 0;
    while (from < n) {
      if (this.accLen === 0) {
        this.run(from === 0 ? chunk : chunk.subarray(from), false);
        return;
      }
      // Finish the unfinished token with a piece of the chunk (at least as long as the token,
      // so a long token is rescanned O(log n) times), then go on with the chunk itself.
      const to = Math.min(n, from + Math.max(1024, this.accLen));
      const piece = chunk.subarray(from, to);
      from = to;
      const need = this.accLen + piece.length;
      if (need > this.maxToken) throw new XmlSyntaxError("token-too-long", "token exceeds maxTokenLength", this.base);
      if (need > this.acc.length) {
        // Grow by half: a long token costs at most ~2.5× its size while it is copied over.
        const bigger = new Uint8Array(Math.max(need, Math.floor(this.acc.length * 1.5), 256));
        bigger.set(this.acc.subarray(0, this.accLen));
        this.acc = bigger;
      }
      this.acc.set(piece, this.accLen);
      this.accLen = need;
      // A long token that cannot progress without a certain byte is not rescanned until it comes.
      if (this.wait >= 0 && piece.indexOf(this.wait) < 0) continue;
      this.run(this.acc.subarray(0, need), false);
      // What is left lies inside the piece: go on from the chunk itself rather than copying.
      if (this.accLen <= piece.length) {
        from = to - this.accLen;
        this.accLen = 0;
      }
    }
  }

  /** Scans a collected token that was waiting for a byte, to surface its errors. */
  private rescan(): void {
    if (this.wait >= 0 && this.accLen !== 0) this.run(this.acc.subarray(0, this.accLen), false);
  }

  /**
   * Signals the end of the document.
   *
   * @throws {@link XmlSyntaxError} (code "truncated") if the document is incomplete, or any
   *   other error found in the remaining input. Calling `end()` again has no effect.
   */
  end(): void {
    if (this.ended) return;
    if (this.pendingSurrogate !== "") throw new XmlSyntaxError("invalid-char", "character not allowed in XML", this.docLength() + this.held.length);
    if (this.held.length !== 0) {
      this.rescan();
      throw new XmlSyntaxError("invalid-utf8", "malformed UTF-8", this.docLength());
    }
    this.ended = true;
    const docLen = this.docLength();
    if (this.accLen !== 0 || !this.started) this.run(this.acc.subarray(0, this.accLen), true);
    if (this.mode === COMMENT) throw new XmlSyntaxError("truncated", "unterminated comment", docLen);
    if (this.mode === CDATA) throw new XmlSyntaxError("truncated", "unterminated CDATA section", docLen);
    if (this.mode === PI) throw new XmlSyntaxError("truncated", "unterminated processing instruction", docLen);
    if (this.accLen !== 0) throw new XmlSyntaxError("truncated", "document ends inside a token", this.base);
    if (this.depth !== 0) throw new XmlSyntaxError("truncated", `unclosed element '${this.stack[this.depth - 1]!}'`, docLen);
    if (this.phase === PROLOG) throw new XmlSyntaxError("truncated", "no root element", docLen);
  }

  /** Sends text `s[from..to)` (inside the root) to the sink, resolving references and CRs. */
  private text(s: Uint8Array, from: number, to: number, cdata: boolean, base: number): void {
    let k = from;
    if (cdata) {
      while (k < to && s[k] !== CR) k++;
    } else {
      // One pass: stop at '&', CR or ']' (for ']]>').
      for (; k < to; k++) {
        const c = s[k]!;
        if (c === AMP || c === CR || (c === RBRACKET && s[k + 1] === RBRACKET && s[k + 2] === GT)) break;
      }
    }
    if (k === to) {
      this.sink.text(s, from, to);
      return;
    }
    outLen = 0;
    let start = from;
    for (; k < to; k++) {
      const c = s[k]!;
      if (c === CR) {
        put(s, start, k);
        putCp(LF);
        if (k + 1 < to && s[k + 1] === LF) k++;
        start = k + 1;
      } else if (!cdata && c === AMP) {
        put(s, start, k);
        putCp(readRef(s, k, to, base));
        k = refEnd - 1;
        start = refEnd;
      } else if (!cdata && c === RBRACKET && s[k + 1] === RBRACKET && s[k + 2] === GT) {
        throw new XmlSyntaxError("syntax", "']]>' is not allowed in character data", base + k);
      }
    }
    put(s, start, to);
    if (outLen !== 0) this.sink.text(out, 0, outLen);
  }

  /** Tokenizes `buf` (the carried token, if any, then new input); keeps the unfinished rest. */
  private run(buf: Uint8Array, final: boolean): void {
    const sink = this.sink;
    const stack = this.stack;
    const stackBytes = this.stackBytes;
    const len = buf.length;
    const dv = new DataView(buf.buffer, buf.byteOffset, len);
    const base = this.base;
    const maxName = this.maxName;
    let depth = this.depth;
    let p = 0;
    let wait = -1;

    if (!this.started && len !== 0) {
      if (len < 3 && !final && buf[0] === 0xef) {
        this.keep(buf, 0, -1);
        return;
      }
      this.started = true;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        p = 3;
        this.docStart = 3;
      }
    }

    while (p < len) {
      const mode = this.mode;
      if (mode !== MARKUP) {
        if (mode === CDATA) {
          let e = buf.indexOf(RBRACKET, p);
          while (e >= 0 && e + 2 < len && !(buf[e + 1] === RBRACKET && buf[e + 2] === GT)) e = buf.indexOf(RBRACKET, e + 1);
          if (e >= 0 && e + 2 < len) {
            if (e > p) this.text(buf, p, e, true, base);
            p = e + 3;
            this.mode = MARKUP;
            continue;
          }
          // Keep back what the next chunk could complete: ']', ']]', or a CR (of a CRLF).
          let stop = e >= 0 ? e : len;
          if (stop === len && buf[len - 1] === CR) stop--;
          if (stop > p) this.text(buf, p, stop, true, base);
          p = stop;
          break;
        }
        if (mode === COMMENT) {
          let dd = buf.indexOf(DASH, p);
          while (dd >= 0 && dd + 1 < len && buf[dd + 1] !== DASH) dd = buf.indexOf(DASH, dd + 2);
          if (dd < 0 || dd + 2 >= len) {
            p = dd < 0 ? len : dd;
            break;
          }
          if (buf[dd + 2] !== GT) throw new XmlSyntaxError("syntax", "'--' is not allowed inside a comment", base + dd);
          p = dd + 3;
          this.mode = MARKUP;
          continue;
        }
        // PI body.
        let q = buf.indexOf(QUESTION, p);
        while (q >= 0 && q + 1 < len && buf[q + 1] !== GT) q = buf.indexOf(QUESTION, q + 1);
        if (q < 0 || q + 1 >= len) {
          p = q < 0 ? len : q;
          break;
        }
        p = q + 2;
        this.mode = MARKUP;
        continue;
      }

      const c = buf[p]!;
      if (c !== LT) {
        if (this.spaces && (c === SPACE || c === LF || c === TAB) && this.phase === ROOT) {
          // Indentation up to the next tag: no reference, CR or ']' can be in it.
          let w = p + 1;
          let d = 0;
          while (w < len && ((d = buf[w]!) === SPACE || d === LF || d === TAB)) w++;
          if (d === LT && w < len) {
            sink.space!(buf, p, w);
            p = w;
            continue;
          }
        }
        // Find the next '<', noting '&', CR and ']' on the way: one pass, and text without them
        // goes to the sink as it is (no second look).
        let lt = p;
        let special = false;
        while (lt < len) {
          const k = TABLE[buf[lt]!]! & 24;
          if (k !== 0) {
            if (k === 8) break;
            special = true;
          }
          lt++;
        }
        if (lt === len) lt = -1;
        const end = lt < 0 ? len : lt;
        if (this.phase !== ROOT) {
          for (let i = p; i < end; i++) {
            if (!isWs(buf[i]!)) throw new XmlSyntaxError("syntax", "text is not allowed outside the root element", base + i);
          }
          p = end;
          continue;
        }
        let stop = end;
        if (lt < 0) {
          if (final) {
            p = len;
            break;
          }
          // Keep back what the next chunk could change: a partial reference, a CR, ']' / ']]'.
          const amp = buf.lastIndexOf(AMP, len - 1);
          if (amp >= p && buf.indexOf(SEMI, amp) < 0) {
            if (len - amp > maxName + 16) throw new XmlSyntaxError("syntax", "'&' does not start a valid entity or character reference", base + amp);
            stop = amp;
          }
          if (stop === len) {
            const last = buf[len - 1];
            if (last === CR) stop--;
            else if (last === RBRACKET) {
              stop--;
              if (stop > p && buf[stop - 1] === RBRACKET) stop--;
            }
          }
        }
        if (stop > p) {
          if (special) this.text(buf, p, stop, false, base);
          else sink.text(buf, p, stop);
        }
        p = stop;
        if (lt < 0) break;
        continue;
      }

      // Markup: '<' at p.
      if (p + 1 >= len) break;
      const c1 = buf[p + 1]!;

      if (c1 === SLASH) {
        if (depth === 0) throw new XmlSyntaxError("mismatched-tag", "end tag without a matching start tag", base + p);
        const topName = stackBytes[depth - 1]!;
        const top = topName.bytes;
        const n = top.length;
        let k = p + 2;
        if (k + n < len) {
          if (sameName(dv, buf, k, topName)) k += n;
        } else {
          while (k < len && k - p - 2 < n && top[k - p - 2] === buf[k]) k++;
          if (k >= len) break; // a prefix of the expected name so far: need more input
        }
        if (k - p - 2 === n) {
          let ch = buf[k]!;
          if (ch !== GT) {
            const more = nameCharAt(buf, k, len);
            if (more < 0) break;
            if (more > 0) throw new XmlSyntaxError("mismatched-tag", `end tag does not match start tag '${stack[depth - 1]!}'`, base + p);
            if (!isWs(ch)) throw new XmlSyntaxError("syntax", "malformed end tag", base + k);
            do k++;
            while (k < len && isWs((ch = buf[k]!)));
            if (k >= len) {
              wait = GT;
              break;
            }
            if (ch !== GT) throw new XmlSyntaxError("syntax", "malformed end tag", base + k);
          }
          depth--;
          this.depth = depth;
          if (this.ns) this.popNs(depth);
          sink.close(stack[depth]!);
          if (depth === 0) this.phase = EPILOG;
          p = k + 1;
          continue;
        }
        const e = scanName(buf, p + 2, len);
        if (e >= len) break;
        if (e > p + 2) throw new XmlSyntaxError("mismatched-tag", `end tag does not match start tag '${stack[depth - 1]!}'`, base + p);
        throw new XmlSyntaxError("syntax", "malformed end tag", base + p + 2);
      }

      if (c1 === BANG) {
        if (p + 2 >= len) break;
        const c2 = buf[p + 2];
        if (c2 === DASH) {
          if (p + 3 >= len) break;
          if (buf[p + 3] !== DASH) throw new XmlSyntaxError("syntax", "malformed comment", base + p);
          this.mode = COMMENT;
          p += 4;
          continue;
        }
        if (c2 === LBRACKET) {
          if (p + 9 > len) {
            if (prefixOf(buf, p, len, "<![CDATA[")) break;
            throw new XmlSyntaxError("syntax", "malformed markup declaration", base + p);
          }
          if (!startsWith(buf, p, "<![CDATA[")) throw new XmlSyntaxError("syntax", "malformed markup declaration", base + p);
          if (this.phase !== ROOT) throw new XmlSyntaxError("syntax", "CDATA section outside the root element", base + p);
          this.mode = CDATA;
          p += 9;
          continue;
        }
        if (c2 === 0x44 /* D */) {
          if (p + 9 > len) {
            if (prefixOf(buf, p, len, "<!DOCTYPE")) break;
          } else if (startsWith(buf, p, "<!DOCTYPE")) throw new XmlSyntaxError("doctype-forbidden", "DOCTYPE declarations are not allowed", base + p);
        }
        throw new XmlSyntaxError("syntax", "malformed markup declaration", base + p);
      }

      if (c1 === QUESTION) {
        const te = scanName(buf, p + 2, len);
        if (te < 0) throw new XmlSyntaxError("syntax", "processing instruction without a valid target", base + p);
        if (te - p - 2 > maxName) throw new XmlSyntaxError("token-too-long", "PI target too long", base + p);
        if (te >= len) break;
        const after = buf[te]!;
        if (!isWs(after) && after !== QUESTION) throw new XmlSyntaxError("syntax", "processing instruction without a valid target", base + p);
        if (after === QUESTION && te + 1 >= len) break;
        if (after === QUESTION && buf[te + 1] !== GT) throw new XmlSyntaxError("syntax", "processing instruction without a valid target", base + p);
        if (te - p - 2 === 3 && (buf[p + 2]! | 0x20) === 0x78 && (buf[p + 3]! | 0x20) === 0x6d && (buf[p + 4]! | 0x20) === 0x6c) {
          if (buf[p + 2] !== 0x78 || buf[p + 3] !== 0x6d || buf[p + 4] !== 0x6c) throw new XmlSyntaxError("syntax", "reserved processing instruction target", base + p);
          if (base + p !== this.docStart) throw new XmlSyntaxError("syntax", "the XML declaration must be at the very start of the document", base + p);
          let q = buf.indexOf(QUESTION, te);
          while (q >= 0 && q + 1 < len && buf[q + 1] !== GT) q = buf.indexOf(QUESTION, q + 1);
          if (q < 0 || q + 1 >= len) {
            wait = GT;
            break;
          }
          if (!XML_DECL.test(latin1OrUtf8(buf, p, q + 2))) throw new XmlSyntaxError("syntax", "malformed XML declaration", base + p);
          p = q + 2;
          continue;
        }
        this.mode = PI;
        p = te;
        continue;
      }

      // Start tag: the expected name, or any name.
      let nameEnd = -1;
      let hash = 0;
      let colon = false;
      let expected = false;
      const exp = this.expName;
      if (exp !== null) {
        const e = p + 1 + exp.bytes.length;
        if (e < len) {
          const t = buf[e]!;
          if ((t === GT || t === SLASH || isWs(t)) && sameName(dv, buf, p + 1, exp)) {
            nameEnd = e;
            expected = true;
          }
        }
      }
      if (nameEnd < 0) {
        nameEnd = scanName(buf, p + 1, len);
        if (nameEnd < 0) throw new XmlSyntaxError("syntax", "invalid character after '<'", base + p + 1);
        if (nameEnd - p - 1 > maxName) throw new XmlSyntaxError("token-too-long", "element name too long", base + p);
        if (nameEnd >= len) break;
        hash = nameHash;
        colon = nameColon;
      }
      if (this.phase === EPILOG) throw new XmlSyntaxError("syntax", "only one root element is allowed", base + p);
      const a = this.attrs;
      a.length = 0;
      a.buf = buf;
      a.tagStart = p;
      a.rawStart = a.rawEnd = nameEnd - p;
      let gt = nameEnd;
      const ch = buf[nameEnd]!;
      if (ch === SLASH) {
        if (nameEnd + 1 >= len) break;
        if (buf[nameEnd + 1] !== GT) throw new XmlSyntaxError("syntax", "'/' in a start tag must be followed by '>'", base + nameEnd);
        gt = nameEnd + 1;
      } else if (ch !== GT) {
        if (!isWs(ch)) throw new XmlSyntaxError("syntax", "invalid character in element name", base + nameEnd);
        gt = this.scanAttrs(buf, p, nameEnd, len);
        if (gt < 0) {
          wait = this.wait;
          break;
        }
      }
      this.resumeAt = 0;
      if (depth >= this.maxDepth) throw new XmlSyntaxError("depth-limit", `element nesting deeper than ${this.maxDepth}`, base + p);
      let name: string;
      let key: XmlName;
      if (expected) {
        key = exp!;
        name = key.name;
      } else {
        name = nameString(buf, p + 1, nameEnd, hash);
        key = lastKey;
      }
      if (this.leaves && a.length === 0 && !colon && depth !== 0 && buf[gt - 1] !== SLASH) {
        // A leaf `<name>text</name>` with plain text, whole in `buf`: one sink call, nothing
        // pushed. Anything else (a reference, CR, ']', a child, `</name >`, the end of the
        // input) goes the general way below, which re-reads the text.
        let q = gt + 1;
        while (q < len && (TABLE[buf[q]!]! & 24) === 0) q++;
        const close = q + 2 + key.bytes.length;
        if (close < len && buf[q] === LT && buf[q + 1] === SLASH && buf[close] === GT && sameName(dv, buf, q + 2, key)) {
          this.phase = ROOT;
          this.depth = depth + 1;
          sink.leaf!(name, a, buf, gt + 1, q);
          this.depth = depth;
          p = close + 1;
          continue;
        }
      }
      stackBytes[depth] = key;
      if (this.ns) {
        this.nsMark[depth] = this.nsPrefix.length;
        if (colon || a.length !== 0) this.pushNs(p + 1, name);
      }
      this.phase = ROOT;
      stack[depth] = name;
      depth++;
      this.depth = depth;
      sink.open(name, a);
      p = gt + 1;
      if (buf[gt - 1] === SLASH) {
        depth--;
        this.depth = depth;
        if (this.ns) this.popNs(depth);
        sink.close(name);
        if (depth === 0) this.phase = EPILOG;
      }
    }

    this.depth = depth;
    this.keep(buf, p, wait);
  }

  /** Keeps `buf[p..)` as the unfinished token, in `acc`. */
  private keep(buf: Uint8Array, p: number, wait: number): void {
    const len = buf.length;
    const rest = len - p;
    this.base += p;
    this.wait = wait;
    if (rest === 0) {
      this.accLen = 0;
      if (this.acc.length > 1 << 20) this.acc = EMPTY;
      return;
    }
    if (rest > this.maxToken) throw new XmlSyntaxError("token-too-long", "token exceeds maxTokenLength", this.base);
    if (buf.buffer === this.acc.buffer && buf.byteOffset === this.acc.byteOffset) {
      if (p !== 0) this.acc.copyWithin(0, p, len);
    } else {
      if (this.acc.length < rest) this.acc = new Uint8Array(Math.max(rest * 2, 256));
      this.acc.set(buf.subarray(p, len));
    }
    this.accLen = rest;
  }

  /**
   * Scans and checks the attributes of the start tag at `tag`, from `i` (whitespace after the
   * name). Returns the index of the closing `>`, or -1 when more input is needed (then a later
   * call resumes after the last complete attribute).
   */
  private scanAttrs(s: Uint8Array, tag: number, i: number, len: number): number {
    const a = this.attrs;
    const spans = a.spans;
    const names = a.names;
    const base = this.base;
    let count = 0;
    let j = i;
    if (this.resumeAt !== 0 && tag === 0) {
      count = this.resumeCount;
      j = this.resumeAt;
      if (count > 0) a.rawStart = spans[0]!;
      a.rawEnd = j;
    }
    let set: Set<string> | null = count > 16 ? new Set(names.slice(0, count)) : null;
    this.wait = GT;
    for (;;) {
      this.resumeAt = j - tag;
      this.resumeCount = count;
      const before = j;
      while (j < len && isWs(s[j]!)) j++;
      if (j >= len) return -1;
      const c = s[j]!;
      if (c === GT || c === SLASH) {
        if (c === SLASH) {
          if (j + 1 >= len) return -1;
          if (s[j + 1] !== GT) throw new XmlSyntaxError("syntax", "'/' in a start tag must be followed by '>'", base + j);
          j++;
        }
        a.length = count;
        return j;
      }
      if (count > 0 && j === before) throw new XmlSyntaxError("syntax", "whitespace is required between attributes", base + j);
      const ns = j;
      const ne = scanName(s, j, len);
      if (ne < 0) throw new XmlSyntaxError("syntax", "invalid character in attribute name", base + j);
      if (ne - ns > this.maxName) throw new XmlSyntaxError("token-too-long", "attribute name too long", base + ns);
      if (ne >= len) return -1;
      const hash = nameHash;
      j = ne;
      while (j < len && isWs(s[j]!)) j++;
      if (j >= len) return -1;
      if (s[j] !== EQ) throw new XmlSyntaxError("syntax", "expected '=' after attribute name", base + j);
      j++;
      while (j < len && isWs(s[j]!)) j++;
      if (j >= len) return -1;
      const q = s[j]!;
      if (q !== DQUOTE && q !== SQUOTE) throw new XmlSyntaxError("syntax", "attribute value must be quoted", base + j);
      const vs = j + 1;
      const ve = s.indexOf(q, vs);
      if (ve < 0) {
        this.wait = q;
        return -1;
      }
      if (count >= this.maxAttrs) throw new XmlSyntaxError("token-too-long", `more than ${this.maxAttrs} attributes`, base + ns);
      const name = nameString(s, ns, ne, hash);
      if (set === null) {
        for (let k = 0; k < count; k++) if (names[k] === name) throw new XmlSyntaxError("syntax", `duplicate attribute '${name}'`, base + ns);
        if (count === 16) set = new Set(names.slice(0, count));
      }
      if (set !== null) {
        if (set.has(name)) throw new XmlSyntaxError("syntax", `duplicate attribute '${name}'`, base + ns);
        set.add(name);
      }
      for (let k = vs; k < ve; k++) {
        const v = s[k];
        if (v === LT) throw new XmlSyntaxError("syntax", "'<' is not allowed in attribute values", base + k);
        if (v === AMP) {
          readRef(s, k, ve, base);
          k = refEnd - 1;
        }
      }
      names[count] = name;
      spans[count * 4] = ns - tag;
      spans[count * 4 + 1] = ne - tag;
      spans[count * 4 + 2] = vs - tag;
      spans[count * 4 + 3] = ve - tag;
      count++;
      if (count === 1) a.rawStart = ns - tag;
      a.rawEnd = ve + 1 - tag;
      j = ve + 1;
    }
  }

  /** Namespace declarations and checks for the start tag just scanned (`namespaces: true`). */
  private pushNs(nameStart: number, name: string): void {
    const a = this.attrs;
    const base = this.base + a.tagStart;
    for (let i = 0; i < a.length; i++) {
      const n = a.names[i]!;
      if (n !== "xmlns" && !n.startsWith("xmlns:")) continue;
      const prefix = n.length === 5 ? "" : n.slice(6);
      const uri = a.value(i);
      const at = base + a.spans[i * 4]!;
      if (prefix === "xmlns" || uri === XMLNS_NS) throw new XmlSyntaxError("namespace", "the xmlns prefix and namespace are reserved", at);
      if ((prefix === "xml") !== (uri === XML_NS)) throw new XmlSyntaxError("namespace", "the xml prefix is bound to its namespace only", at);
      if (prefix !== "" && uri === "") throw new XmlSyntaxError("namespace", `prefix '${prefix}' cannot be undeclared`, at);
      this.nsPrefix.push(prefix);
      this.nsUri.push(uri);
    }
    if (!isQName(name)) throw new XmlSyntaxError("namespace", `'${name}' is not a qualified name`, this.base + nameStart);
    if (this.namespaceOf(name) === undefined) throw new XmlSyntaxError("namespace", `undeclared namespace prefix in '${name}'`, this.base + nameStart);
    let seen: Set<string> | null = null;
    for (let i = 0; i < a.length; i++) {
      const n = a.names[i]!;
      const at = base + a.spans[i * 4]!;
      if (!isQName(n)) throw new XmlSyntaxError("namespace", `'${n}' is not a qualified name`, at);
      const colon = n.indexOf(":");
      if (colon < 0 || n.startsWith("xmlns:")) {
        a.uris[i] = "";
        continue;
      }
      const uri = this.lookup(n.slice(0, colon));
      if (uri === undefined) throw new XmlSyntaxError("namespace", `undeclared namespace prefix in '${n}'`, at);
      a.uris[i] = uri;
      const key = `${uri} ${n.slice(colon + 1)}`;
      seen ??= new Set();
      if (seen.has(key)) throw new XmlSyntaxError("namespace", `duplicate attribute '${n}' (same namespace and local name)`, at);
      seen.add(key);
    }
    a.uris.length = a.length;
  }

  private popNs(depth: number): void {
    const mark = this.nsMark[depth]!;
    if (this.nsPrefix.length !== mark) {
      this.nsPrefix.length = mark;
      this.nsUri.length = mark;
    }
  }
}

/** 1 when a NameChar starts at `k`, 0 when not, -1 when the input ends inside the character. */
function nameCharAt(s: Uint8Array, k: number, len: number): number {
  const c = s[k]!;
  if (c < 0x80) return (TABLE[c]! & 2) !== 0 ? 1 : 0;
  if (k + seqLen(c) > len) return -1;
  return isNameCp(cpAt(s, k), false) ? 1 : 0;
}

/** A name with at most one colon, not at either end. */
function isQName(s: string): boolean {
  const c = s.indexOf(":");
  return c < 0 || (c > 0 && c < s.length - 1 && s.indexOf(":", c + 1) < 0);
}

function startsWith(s: Uint8Array, at: number, lit: string): boolean {
  for (let i = 0; i < lit.length; i++) if (s[at + i] !== lit.charCodeAt(i)) return false;
  return true;
}

/** Whether `s[at..len)` is a prefix of `lit`. */
function prefixOf(s: Uint8Array, at: number, len: number, lit: string): boolean {
  for (let i = at; i < len; i++) if (s[i] !== lit.charCodeAt(i - at)) return false;
  return true;
}

/**
 * Parses raw attribute text (as {@link XmlAttributes.raw} returns it) into
 * `[qualifiedName, value]` pairs in document order.
 *
 * @throws {@link XmlSyntaxError} on malformed or duplicate attributes; offsets are byte
 *   offsets relative to `raw`.
 */
export function parseAttributes(raw: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  const t = new XmlTokenizer(
    {
      open(_name, attrs) {
        for (let i = 0; i < attrs.length; i++) pairs.push([attrs.name(i), attrs.value(i)]);
      },
      text() {},
      close() {},
    },
    { maxNameLength: Number.MAX_SAFE_INTEGER, maxAttributes: Number.MAX_SAFE_INTEGER },
  );
  try {
    t.write(`<a ${raw}/>`);
    t.end();
  } catch (e) {
    if (e instanceof XmlSyntaxError) throw new XmlSyntaxError(e.code, e.message, Math.max(0, e.offset - 3));
    throw e;
  }
  return pairs;
}
