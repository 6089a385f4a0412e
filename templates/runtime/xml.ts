/**
 * Streaming, allocation-light XML tokenizer for the subset of XML 1.0 that
 * SOAP allows (no DTD, no external entities).
 *
 * Part of the hand-written runtime that is copied verbatim into generated
 * clients: it has no dependencies and uses no platform built-ins, so it runs
 * on Node ≥ 18, Deno, Bun and edge runtimes alike.
 *
 * Design notes (performance):
 * - The input is scanned with `indexOf`/`charCodeAt` over a single string.
 *   Plain text between tags is handed to the sink as one `slice` — the only
 *   slow path (string building) happens when the run contains an entity
 *   reference, a carriage return or `]]>`, which are located with cached
 *   `indexOf` look-ahead (amortised O(n) over the whole buffer).
 * - Characters that XML 1.0 forbids are found by one regular-expression scan
 *   per chunk (~0.5 ns/char) instead of a per-character check in every state.
 * - No per-token objects are allocated: names/attributes/text are the only
 *   allocations and they are handed straight to the sink.
 * - The tokenizer is fully iterative; nesting depth only grows an array.
 *
 * @module
 */

/** Machine-readable category of an {@link XmlSyntaxError}. */
export type XmlErrorCode =
  | "syntax"
  | "doctype-forbidden"
  | "entity-unknown"
  | "invalid-char"
  | "mismatched-tag"
  | "depth-limit"
  | "truncated"
  | "token-too-long";

/**
 * Raised for any malformed, forbidden or over-limit input.
 *
 * `offset` is the character (UTF-16 code unit) offset from the start of the
 * whole document — across all chunks given to {@link XmlTokenizer.write} —
 * of the construct that caused the error.
 */
export class XmlSyntaxError extends Error {
  /** Category of the error. */
  readonly code: XmlErrorCode;
  /** UTF-16 code-unit offset in the whole document where the problem was detected. */
  readonly offset: number;

  /**
   * @param code - category of the error
   * @param message - human-readable description (kept verbatim)
   * @param offset - character offset in the whole document
   */
  constructor(code: XmlErrorCode, message: string, offset: number) {
    super(message);
    this.name = "XmlSyntaxError";
    this.code = code;
    this.offset = offset;
  }
}

/** Receiver of tokenizer events. Any exception it throws propagates unchanged out of `write()`/`end()`. */
export interface XmlSink {
  /**
   * Start tag. `name` is the qualified name as written (e.g. "soap:Envelope"
   * or "MsgID"); `attrs` is the raw attribute text between the name and the
   * closing `>` / `/>` (trimmed; "" when there are none). The attribute text
   * has already been checked for well-formedness; decode it with
   * {@link parseAttributes}.
   */
  open(name: string, attrs: string): void;
  /**
   * Character data inside the root element, with entity references and CDATA
   * already resolved and line endings normalised to LF. A single text node may
   * arrive in several calls (across chunk boundaries, around CDATA sections,
   * …). Whitespace-only text between elements is reported too. Never called
   * with an empty string and never called outside the root element.
   */
  text(value: string): void;
  /** End tag; also called right after {@link XmlSink.open} for an empty-element tag `<a/>`. */
  close(name: string): void;
}

/** Resource limits enforced by {@link XmlTokenizer}. */
export interface XmlLimits {
  /** Maximum element nesting depth (the root element has depth 1). Default 512. */
  maxDepth?: number;
  /** Maximum length, in characters, of an element name, attribute name or PI target. Default 1024. */
  maxNameLength?: number;
  /**
   * Maximum number of characters of a single unfinished token (tag, PI,
   * entity reference…) that may be buffered while waiting for the next chunk.
   * Text and CDATA content are streamed and therefore not limited. Default 64 MiB.
   */
  maxTokenLength?: number;
}

// ---------------------------------------------------------------------------
// Character codes and tables
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
const LT = 0x3c;
const EQ = 0x3d;
const GT = 0x3e;
const QUESTION = 0x3f;
const RBRACKET = 0x5d;
const LBRACKET = 0x5b;
const UPPER_D = 0x44;
const LOWER_X = 0x78;
const BOM = 0xfeff;

/** Bit 1: NameStartChar, bit 2: NameChar (ASCII only). */
const NAME_TABLE = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  for (let c = 0; c < 128; c++) {
    const start = (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x3a /* : */ || c === 0x5f; /* _ */
    const name = start || (c >= 0x30 && c <= 0x39) || c === DASH || c === 0x2e; /* . */
    t[c] = (start ? 1 : 0) | (name ? 2 : 0);
  }
  return t;
})();

/** XML 1.0 (5th ed.) NameStartChar for a BMP code unit ≥ 0x80 (surrogates excluded). */
function isNameStartBmp(c: number): boolean {
  return (
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
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

/** XML 1.0 (5th ed.) NameChar for a BMP code unit ≥ 0x80 (surrogates excluded). */
function isNameCharBmp(c: number): boolean {
  return isNameStartBmp(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040;
}

/**
 * Length (1 or 2 code units) of the name character at `i`, 0 if the character
 * cannot appear in a name, or -1 if a high surrogate is the last available
 * code unit (cannot decide yet). `start` selects NameStartChar vs NameChar.
 */
function nameCharLen(s: string, i: number, len: number, start: boolean): number {
  const c = s.charCodeAt(i);
  if (c < 0x80) return (NAME_TABLE[c]! & (start ? 1 : 2)) !== 0 ? 1 : 0;
  if (c < 0xd800 || c > 0xdfff) return (start ? isNameStartBmp(c) : isNameCharBmp(c)) ? 1 : 0;
  // Astral: [#x10000-#xEFFFF] is allowed both as start and as name char.
  if (c > 0xdb7f) return 0; // low surrogate, or high surrogate of a plane ≥ 15
  if (i + 1 >= len) return -1;
  const d = s.charCodeAt(i + 1);
  return d >= 0xdc00 && d <= 0xdfff ? 2 : 0;
}

/**
 * Index of the first code unit at/after `i` that is not a NameChar (`len` if
 * the name runs to the end of the available input, including the case of a
 * trailing unpaired high surrogate). Assumes the first character was already
 * validated as NameStartChar.
 */
function scanName(s: string, i: number, len: number): number {
  while (i < len) {
    const c = s.charCodeAt(i);
    if (c < 0x80) {
      if ((NAME_TABLE[c]! & 2) === 0) return i;
      i++;
    } else {
      const n = nameCharLen(s, i, len, false);
      if (n === 0) return i;
      if (n < 0) return len;
      i += n;
    }
  }
  return len;
}

/** True when `s` (entirely) matches the XML Name production. */
function isName(s: string): boolean {
  const len = s.length;
  if (len === 0 || nameCharLen(s, 0, len, true) <= 0) return false;
  return scanName(s, 0, len) === len;
}

function isWs(c: number): boolean {
  return c === SPACE || c === LF || c === TAB || c === CR;
}

/** XML 1.0 `Char` production for a code point. */
function isXmlChar(cp: number): boolean {
  return cp >= 0x20
    ? cp <= 0xd7ff || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff)
    : cp === TAB || cp === LF || cp === CR;
}

/**
 * Candidates for characters XML 1.0 forbids: C0 controls other than TAB/LF/CR,
 * any surrogate (pairs are then checked by hand — a `u`-flag regex would do it
 * for us but is ~4× slower), U+FFFE and U+FFFF.
 */
const INVALID_CANDIDATE = /[\0-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/g;

/** Index of the first character of `s` not allowed by XML 1.0 (a properly paired surrogate is allowed), or -1. */
function findInvalidChar(s: string): number {
  const re = INVALID_CANDIDATE;
  re.lastIndex = 0;
  for (;;) {
    const m = re.exec(s);
    if (m === null) return -1;
    const i = m.index;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        re.lastIndex = i + 2;
        continue;
      }
    }
    return i;
  }
}

const CR_RE = /\r\n?/g;

/** Normalise CRLF and lone CR to LF (XML 1.0 §2.11). */
function normalizeNewlines(s: string): string {
  return s.indexOf("\r") < 0 ? s : s.replace(CR_RE, "\n");
}

/** `<?xml ... ?>` declaration (XML 1.0 §2.8), whitespace restricted to XML `S`. */
const XML_DECL =
  /^<\?xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(?:"1\.[0-9]+"|'1\.[0-9]+')(?:[ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(?:"[A-Za-z][A-Za-z0-9._-]*"|'[A-Za-z][A-Za-z0-9._-]*'))?(?:[ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(?:"(?:yes|no)"|'(?:yes|no)'))?[ \t\r\n]*\?>$/;

// ---------------------------------------------------------------------------
// Entity / character references
// ---------------------------------------------------------------------------

/** Scratch output of {@link decodeRef}: index just past the `;`. */
let refEnd = 0;

/**
 * Decode the reference starting with `&` at `i`; the `;` must occur before
 * `end`. Sets {@link refEnd}. `base` converts indices to document offsets.
 */
function decodeRef(s: string, i: number, end: number, base: number): string {
  const semi = s.indexOf(";", i + 1);
  if (semi < 0 || semi >= end) {
    throw new XmlSyntaxError("syntax", "'&' does not start a valid entity or character reference", base + i);
  }
  refEnd = semi + 1;
  if (s.charCodeAt(i + 1) === HASH) {
    let j = i + 2;
    let cp = 0;
    if (s.charCodeAt(j) === LOWER_X) {
      j++;
      if (j === semi) throw new XmlSyntaxError("syntax", "malformed character reference", base + i);
      for (; j < semi; j++) {
        const c = s.charCodeAt(j);
        let v: number;
        if (c >= 0x30 && c <= 0x39) v = c - 0x30;
        else if (c >= 0x61 && c <= 0x66) v = c - 0x57;
        else if (c >= 0x41 && c <= 0x46) v = c - 0x37;
        else throw new XmlSyntaxError("syntax", "malformed character reference", base + i);
        cp = cp * 16 + v;
        if (cp > 0x10ffff) cp = 0x110000; // saturate; rejected below
      }
    } else {
      if (j === semi) throw new XmlSyntaxError("syntax", "malformed character reference", base + i);
      for (; j < semi; j++) {
        const c = s.charCodeAt(j);
        if (c < 0x30 || c > 0x39) throw new XmlSyntaxError("syntax", "malformed character reference", base + i);
        cp = cp * 10 + (c - 0x30);
        if (cp > 0x10ffff) cp = 0x110000;
      }
    }
    if (!isXmlChar(cp)) {
      throw new XmlSyntaxError("invalid-char", "character reference to a character not allowed in XML", base + i);
    }
    return String.fromCodePoint(cp);
  }
  const name = s.slice(i + 1, semi);
  switch (name) {
    case "lt":
      return "<";
    case "gt":
      return ">";
    case "amp":
      return "&";
    case "quot":
      return '"';
    case "apos":
      return "'";
  }
  if (isName(name)) throw new XmlSyntaxError("entity-unknown", `unknown entity '&${name};'`, base + i);
  throw new XmlSyntaxError("syntax", "'&' does not start a valid entity or character reference", base + i);
}

// ---------------------------------------------------------------------------
// Attributes
// ---------------------------------------------------------------------------

/** Scratch outputs of {@link scanAttrs}. */
let attrFirst = -1;
let attrLast = -1;
let attrSelfClose = false;
const attrNames: string[] = [];
let attrNameSet: Set<string> | null = null;

function checkDuplicate(name: string, offset: number): void {
  const names = attrNames;
  if (attrNameSet !== null) {
    if (attrNameSet.has(name)) throw new XmlSyntaxError("syntax", `duplicate attribute '${name}'`, offset);
    attrNameSet.add(name);
    return;
  }
  for (let k = 0; k < names.length; k++) {
    if (names[k] === name) throw new XmlSyntaxError("syntax", `duplicate attribute '${name}'`, offset);
  }
  names.push(name);
  if (names.length > 16) attrNameSet = new Set(names);
}

/**
 * Scan attributes starting at `i` (a whitespace character after the element
 * name, or the start of a raw attribute string when `out` is given).
 *
 * Tag mode (`out === null`): validates, returns the index of the closing `>`
 * (sets {@link attrSelfClose}, {@link attrFirst}, {@link attrLast}) or -1 when
 * more input is needed.
 *
 * Standalone mode (`out !== null`): decodes the pairs into `out` until `len`;
 * `>`/`/` are errors. Returns `len`.
 */
function scanAttrs(
  s: string,
  i: number,
  len: number,
  base: number,
  maxName: number,
  out: Array<[string, string]> | null,
): number {
  attrNames.length = 0;
  attrNameSet = null;
  attrFirst = -1;
  attrLast = -1;
  let j = i;
  let needWs = false;
  for (;;) {
    const before = j;
    while (j < len && isWs(s.charCodeAt(j))) j++;
    if (j >= len) {
      if (out !== null) return len;
      return -1;
    }
    let c = s.charCodeAt(j);
    if (out === null) {
      if (c === GT) {
        attrSelfClose = false;
        return j;
      }
      if (c === SLASH) {
        if (j + 1 >= len) return -1;
        if (s.charCodeAt(j + 1) !== GT) {
          throw new XmlSyntaxError("syntax", "'/' in a start tag must be followed by '>'", base + j);
        }
        attrSelfClose = true;
        return j + 1;
      }
    }
    if (needWs && j === before) {
      throw new XmlSyntaxError("syntax", "whitespace is required between attributes", base + j);
    }
    // Attribute name.
    const ns = j;
    const first = nameCharLen(s, j, len, true);
    if (first < 0) return -1;
    if (first === 0) throw new XmlSyntaxError("syntax", "invalid character in attribute name", base + j);
    j = scanName(s, j + first, len);
    if (j - ns > maxName) throw new XmlSyntaxError("token-too-long", "attribute name too long", base + ns);
    if (j >= len) {
      if (out !== null) throw new XmlSyntaxError("syntax", "attribute without value", base + ns);
      return -1;
    }
    const ne = j;
    while (j < len && isWs(s.charCodeAt(j))) j++;
    if (j >= len) {
      if (out !== null) throw new XmlSyntaxError("syntax", "attribute without value", base + ns);
      return -1;
    }
    if (s.charCodeAt(j) !== EQ) {
      throw new XmlSyntaxError("syntax", "expected '=' after attribute name", base + j);
    }
    j++;
    while (j < len && isWs(s.charCodeAt(j))) j++;
    if (j >= len) {
      if (out !== null) throw new XmlSyntaxError("syntax", "attribute without value", base + ns);
      return -1;
    }
    const q = s.charCodeAt(j);
    if (q !== DQUOTE && q !== SQUOTE) {
      throw new XmlSyntaxError("syntax", "attribute value must be quoted", base + j);
    }
    const vs = j + 1;
    const ve = s.indexOf(q === DQUOTE ? '"' : "'", vs);
    if (ve < 0 || ve >= len) {
      if (out !== null) throw new XmlSyntaxError("syntax", "unterminated attribute value", base + j);
      return -1;
    }
    const name = s.slice(ns, ne);
    checkDuplicate(name, base + ns);
    if (out === null) {
      for (let k = vs; k < ve; k++) {
        c = s.charCodeAt(k);
        if (c === LT) throw new XmlSyntaxError("syntax", "'<' is not allowed in attribute values", base + k);
        if (c === AMP) {
          decodeRef(s, k, ve, base);
          k = refEnd - 1;
        }
      }
    } else {
      out.push([name, decodeAttrValue(s, vs, ve, base)]);
    }
    if (attrFirst < 0) attrFirst = ns;
    attrLast = ve + 1;
    j = ve + 1;
    needWs = true;
  }
}

/**
 * Decode an attribute value (XML 1.0 §3.3.3 normalisation for CDATA
 * attributes): references resolved, literal TAB/LF/CR/CRLF become one space
 * each; characters produced by character references are kept as-is.
 */
function decodeAttrValue(s: string, vs: number, ve: number, base: number): string {
  let out = "";
  let from = vs;
  for (let k = vs; k < ve; k++) {
    const c = s.charCodeAt(k);
    if (c === AMP) {
      const v = decodeRef(s, k, ve, base);
      out += s.slice(from, k) + v;
      k = refEnd - 1;
      from = refEnd;
    } else if (c === TAB || c === LF || c === CR) {
      out += s.slice(from, k) + " ";
      if (c === CR && k + 1 < ve && s.charCodeAt(k + 1) === LF) k++;
      from = k + 1;
    } else if (c === LT) {
      throw new XmlSyntaxError("syntax", "'<' is not allowed in attribute values", base + k);
    }
  }
  return from === vs ? s.slice(vs, ve) : out + s.slice(from, ve);
}

/**
 * Parse raw attribute text (as passed to {@link XmlSink.open}) into
 * `[qualifiedName, decodedValue]` pairs, in document order.
 *
 * Values have entity and character references resolved and are normalised as
 * XML 1.0 §3.3.3 requires for CDATA attributes (a literal TAB, LF, CR or CRLF
 * becomes a single space; characters written as references are kept).
 * Namespace declarations (`xmlns`, `xmlns:p`) are returned like any other
 * attribute.
 *
 * @throws {@link XmlSyntaxError} on malformed or duplicate attributes; offsets
 *   are relative to `raw`.
 */
export function parseAttributes(raw: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (raw.length === 0) return out;
  scanAttrs(raw, 0, raw.length, 0, Number.MAX_SAFE_INTEGER, out);
  const bad = findInvalidChar(raw);
  if (bad >= 0) throw new XmlSyntaxError("invalid-char", "character not allowed in XML", bad);
  return out;
}

// ---------------------------------------------------------------------------
// Tokenizer
// ---------------------------------------------------------------------------

const PHASE_PROLOG = 0;
const PHASE_ROOT = 1;
const PHASE_EPILOG = 2;

const MODE_MARKUP = 0;
const MODE_CDATA = 1;
const MODE_COMMENT = 2;

/** "Not found" sentinel for cached look-ahead positions. */
const FAR = 0x7fffffff;

/**
 * Incremental XML tokenizer. Feed the document with {@link XmlTokenizer.write}
 * in pieces of any size (split anywhere), then call {@link XmlTokenizer.end}.
 * Events are delivered synchronously to the {@link XmlSink}; the sequence is
 * independent of how the input is split, except that character data may be
 * delivered in a different number of `text()` calls.
 *
 * Supported: elements, attributes, character data, the five predefined
 * entities, character references, CDATA sections, comments and processing
 * instructions (skipped), the XML declaration (validated, skipped) and a
 * leading byte-order mark. Any `<!DOCTYPE` is refused immediately.
 *
 * After an exception (from the input or from the sink) the instance must not
 * be used again.
 */
export class XmlTokenizer {
  private readonly sink: XmlSink;
  private readonly maxDepth: number;
  private readonly maxNameLength: number;
  private readonly maxTokenLength: number;
  /** Unconsumed input (an unfinished token) carried to the next write. */
  private tail = "";
  /** Document offset of `tail[0]`. */
  private base = 0;
  /** Trailing high surrogate held back until its pair arrives. */
  private held = "";
  private readonly stack: string[] = [];
  private depth = 0;
  private phase = PHASE_PROLOG;
  private mode = MODE_MARKUP;
  private started = false;
  /** Document offset where an XML declaration may start (0, or 1 after a BOM). */
  private docStart = 0;
  private ended = false;

  /**
   * @param sink - receives the events
   * @param limits - optional resource limits (see {@link XmlLimits})
   */
  constructor(sink: XmlSink, limits?: XmlLimits) {
    this.sink = sink;
    this.maxDepth = limits?.maxDepth ?? 512;
    this.maxNameLength = limits?.maxNameLength ?? 1024;
    this.maxTokenLength = limits?.maxTokenLength ?? 64 * 1024 * 1024;
  }

  /**
   * Feed the next piece of the document. Pieces may split the document
   * anywhere (inside a tag, an entity reference, a CDATA marker, even between
   * the two halves of a surrogate pair).
   *
   * @throws {@link XmlSyntaxError} as soon as the input is known to be
   *   malformed; any exception thrown by the sink propagates unchanged.
   */
  write(chunk: string): void {
    if (this.ended) throw new XmlSyntaxError("syntax", "write() after end()", this.base + this.tail.length);
    if (this.held.length !== 0) {
      chunk = this.held + chunk;
      this.held = "";
    }
    const last = chunk.length - 1;
    if (last >= 0) {
      const c = chunk.charCodeAt(last);
      if (c >= 0xd800 && c <= 0xdbff) {
        this.held = chunk.slice(last);
        chunk = chunk.slice(0, last);
      }
    }
    if (chunk.length === 0) return;
    const bad = findInvalidChar(chunk);
    if (bad >= 0) {
      const at = this.base + this.tail.length + bad;
      this.run(this.tail + chunk.slice(0, bad), false);
      throw new XmlSyntaxError("invalid-char", "character not allowed in XML", at);
    }
    const tail = this.tail;
    if (tail.length > 16 && this.mode === MODE_MARKUP && tail.charCodeAt(0) === LT && chunk.indexOf(">") < 0) {
      // A long unfinished tag/PI cannot complete without a '>': just accumulate
      // instead of re-scanning the whole tail for every chunk (keeps huge
      // tokens linear instead of quadratic).
      this.tail = tail + chunk;
      if (this.tail.length > this.maxTokenLength) {
        throw new XmlSyntaxError("token-too-long", "token exceeds maxTokenLength", this.base);
      }
      return;
    }
    if (tail.length === 0) {
      this.run(chunk, false);
      return;
    }
    // Finish the pending token using a small prefix of the chunk, then go on
    // with a slice of the chunk: concatenating tail + chunk would copy the
    // whole chunk (measured: ~90 µs per 64 KiB chunk, a third of the
    // tokenizing cost), while a slice shares its storage.
    const k = chunk.length < 1024 ? chunk.length : 1024;
    this.run(tail + chunk.slice(0, k), false);
    const t = this.tail.length;
    if (k === chunk.length) return;
    if (t <= k) {
      this.tail = "";
      this.run(chunk.slice(k - t), false);
    } else {
      // Long unfinished token: carry on with the concatenation.
      this.run(this.tail + chunk.slice(k), false);
    }
  }

  /**
   * Signal the end of the document.
   *
   * @throws {@link XmlSyntaxError} (code "truncated") if the document is
   *   incomplete — no root element, unclosed elements, or an unfinished
   *   token — or any other error found in the remaining input. Calling
   *   `end()` again afterwards has no effect.
   */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    const held = this.held;
    this.held = "";
    if (this.tail.length !== 0 || !this.started) this.run(this.tail, true);
    const docLen = this.base + this.tail.length;
    if (held.length !== 0) {
      throw new XmlSyntaxError("invalid-char", "character not allowed in XML", docLen);
    }
    if (this.mode === MODE_COMMENT) throw new XmlSyntaxError("truncated", "unterminated comment", docLen);
    if (this.mode === MODE_CDATA) throw new XmlSyntaxError("truncated", "unterminated CDATA section", docLen);
    if (this.tail.length !== 0) throw new XmlSyntaxError("truncated", "document ends inside a token", this.base);
    if (this.depth !== 0) {
      throw new XmlSyntaxError("truncated", `unclosed element '${this.stack[this.depth - 1]!}'`, docLen);
    }
    if (this.phase === PHASE_PROLOG) throw new XmlSyntaxError("truncated", "no root element", docLen);
  }

  /** Tokenize `buf` (carried tail + new input); leaves the unfinished tail in `this.tail`. */
  private run(buf: string, final: boolean): void {
    const sink = this.sink;
    const stack = this.stack;
    const len = buf.length;
    const base = this.base;
    const maxDepth = this.maxDepth;
    const maxName = this.maxNameLength;
    let depth = this.depth;
    let phase = this.phase;
    let mode = this.mode;
    let p = 0;
    // Cached positions of the next '&', '\r' and ']]>' (FAR = none).
    let nextAmp = -1;
    let nextCr = -1;
    let nextCdEnd = -1;
    let pendingRefTooLong = -1;

    if (!this.started) {
      this.started = true;
      if (len !== 0 && buf.charCodeAt(0) === BOM) {
        p = 1;
        this.docStart = 1;
      }
    }

    while (p < len) {
      if (mode !== MODE_MARKUP) {
        if (mode === MODE_COMMENT) {
          const dd = buf.indexOf("--", p);
          if (dd < 0) {
            p = buf.charCodeAt(len - 1) === DASH ? len - 1 : len;
            break;
          }
          if (dd + 2 >= len) {
            p = dd;
            break;
          }
          if (buf.charCodeAt(dd + 2) !== GT) {
            throw new XmlSyntaxError("syntax", "'--' is not allowed inside a comment", base + dd);
          }
          p = dd + 3;
          mode = MODE_MARKUP;
          continue;
        }
        // CDATA section body.
        const e = buf.indexOf("]]>", p);
        let stop = e;
        if (e < 0) {
          stop = len;
          const last = buf.charCodeAt(len - 1);
          if (last === RBRACKET) {
            stop--;
            if (stop > p && buf.charCodeAt(stop - 1) === RBRACKET) stop--;
          } else if (last === CR) {
            stop--;
          }
        }
        if (stop > p) {
          if (nextCr < p) {
            nextCr = buf.indexOf("\r", p);
            if (nextCr < 0) nextCr = FAR;
          }
          const t = buf.slice(p, stop);
          sink.text(nextCr < stop ? t.replace(CR_RE, "\n") : t);
        }
        if (e < 0) {
          p = stop;
          break;
        }
        p = e + 3;
        mode = MODE_MARKUP;
        continue;
      }

      const c = buf.charCodeAt(p);
      if (c !== LT) {
        // Character data up to the next '<'.
        const lt = buf.indexOf("<", p);
        const end = lt < 0 ? len : lt;
        if (phase !== PHASE_ROOT) {
          for (let i = p; i < end; i++) {
            if (!isWs(buf.charCodeAt(i))) {
              throw new XmlSyntaxError("syntax", "text is not allowed outside the root element", base + i);
            }
          }
          p = end;
          continue;
        }
        let stop = end;
        if (lt < 0) {
          if (final) {
            p = len; // unclosed element: end() reports it
            break;
          }
          // Keep back what could change meaning with the next chunk: a
          // partial reference, a CR (CRLF), or ']' / ']]' (']]>').
          if (nextAmp < p) {
            nextAmp = buf.indexOf("&", p);
            if (nextAmp < 0) nextAmp = FAR;
          }
          if (nextAmp < len) {
            const amp = buf.lastIndexOf("&", len - 1);
            if (buf.indexOf(";", amp) < 0) {
              stop = amp;
              if (len - amp > maxName + 16) pendingRefTooLong = amp;
            }
          }
          if (stop === len) {
            const last = buf.charCodeAt(len - 1);
            if (last === CR) stop--;
            else if (last === RBRACKET) {
              stop--;
              if (stop > p && buf.charCodeAt(stop - 1) === RBRACKET) stop--;
            }
          }
        }
        if (stop > p) {
          if (nextAmp < p) {
            nextAmp = buf.indexOf("&", p);
            if (nextAmp < 0) nextAmp = FAR;
          }
          if (nextCr < p) {
            nextCr = buf.indexOf("\r", p);
            if (nextCr < 0) nextCr = FAR;
          }
          if (nextCdEnd < p) {
            nextCdEnd = buf.indexOf("]]>", p);
            if (nextCdEnd < 0) nextCdEnd = FAR;
          }
          if (nextAmp >= stop && nextCr >= stop && nextCdEnd >= stop) {
            sink.text(buf.slice(p, stop));
          } else {
            if (nextCdEnd < stop) {
              // Report the earliest error: references before the ']]>' first.
              let a = nextAmp;
              while (a < nextCdEnd) {
                decodeRef(buf, a, stop, base);
                a = buf.indexOf("&", refEnd);
                if (a < 0) break;
              }
              throw new XmlSyntaxError("syntax", "']]>' is not allowed in character data", base + nextCdEnd);
            }
            if (nextAmp >= stop) {
              sink.text(buf.slice(p, stop).replace(CR_RE, "\n"));
            } else {
              let out = "";
              let from = p;
              let a = nextAmp;
              while (a < stop) {
                const v = decodeRef(buf, a, stop, base);
                out += (a > from ? normalizeNewlines(buf.slice(from, a)) : "") + v;
                from = refEnd;
                a = buf.indexOf("&", from);
                if (a < 0) a = FAR;
              }
              nextAmp = a;
              if (from < stop) out += normalizeNewlines(buf.slice(from, stop));
              sink.text(out);
            }
          }
        }
        p = stop;
        if (lt < 0) {
          if (pendingRefTooLong >= 0) {
            // A reference cannot be that long: fail instead of buffering.
            throw new XmlSyntaxError(
              "syntax",
              "'&' does not start a valid entity or character reference",
              base + pendingRefTooLong,
            );
          }
          break;
        }
        continue;
      }

      // Markup: '<' at p.
      if (p + 1 >= len) break;
      const c1 = buf.charCodeAt(p + 1);

      if (c1 === SLASH) {
        // End tag.
        if (depth === 0) {
          throw new XmlSyntaxError("mismatched-tag", "end tag without a matching start tag", base + p);
        }
        const top = stack[depth - 1]!;
        const ne = p + 2 + top.length;
        let same = ne < len;
        if (same) {
          // Inline comparison: measurably faster than startsWith() for short names.
          for (let i = 0, j = p + 2; i < top.length; i++, j++) {
            if (top.charCodeAt(i) !== buf.charCodeAt(j)) {
              same = false;
              break;
            }
          }
        }
        if (same) {
          let k = ne;
          let ch = buf.charCodeAt(k);
          if (ch !== GT) {
            if (isWs(ch)) {
              do k++;
              while (k < len && isWs((ch = buf.charCodeAt(k))));
              if (k >= len) break;
              if (ch !== GT) throw new XmlSyntaxError("syntax", "malformed end tag", base + k);
            } else {
              const n = nameCharLen(buf, k, len, false);
              if (n < 0) break;
              if (n > 0) {
                throw new XmlSyntaxError("mismatched-tag", `end tag does not match start tag '${top}'`, base + p);
              }
              throw new XmlSyntaxError("syntax", "malformed end tag", base + k);
            }
          }
          depth--;
          sink.close(top);
          if (depth === 0) phase = PHASE_EPILOG;
          p = k + 1;
          continue;
        }
        if (ne >= len && top.startsWith(buf.slice(p + 2))) break; // need more input
        const n = nameCharLen(buf, p + 2, len, true);
        if (n < 0) break;
        if (n > 0) {
          throw new XmlSyntaxError("mismatched-tag", `end tag does not match start tag '${top}'`, base + p);
        }
        throw new XmlSyntaxError("syntax", "malformed end tag", base + p + 2);
      }

      if (c1 === BANG) {
        if (p + 2 >= len) break;
        const c2 = buf.charCodeAt(p + 2);
        if (c2 === DASH) {
          if (p + 3 >= len) break;
          if (buf.charCodeAt(p + 3) !== DASH) throw new XmlSyntaxError("syntax", "malformed comment", base + p);
          mode = MODE_COMMENT;
          p += 4;
          continue;
        }
        if (c2 === LBRACKET) {
          if (p + 9 > len) {
            if ("<![CDATA[".startsWith(buf.slice(p))) break;
            throw new XmlSyntaxError("syntax", "malformed markup declaration", base + p);
          }
          if (!buf.startsWith("<![CDATA[", p)) {
            throw new XmlSyntaxError("syntax", "malformed markup declaration", base + p);
          }
          if (phase !== PHASE_ROOT) {
            throw new XmlSyntaxError("syntax", "CDATA section outside the root element", base + p);
          }
          mode = MODE_CDATA;
          p += 9;
          continue;
        }
        if (c2 === UPPER_D) {
          if (p + 9 > len) {
            if ("<!DOCTYPE".startsWith(buf.slice(p))) break;
          } else if (buf.startsWith("<!DOCTYPE", p)) {
            throw new XmlSyntaxError("doctype-forbidden", "DOCTYPE declarations are not allowed", base + p);
          }
        }
        throw new XmlSyntaxError("syntax", "malformed markup declaration", base + p);
      }

      if (c1 === QUESTION) {
        // Processing instruction or XML declaration.
        const close = buf.indexOf("?>", p + 2);
        const first = nameCharLen(buf, p + 2, len, true);
        if (first === 0) {
          throw new XmlSyntaxError("syntax", "processing instruction without a valid target", base + p);
        }
        if (first < 0 || close < 0) {
          // Fail early on an over-long or malformed target even before the end is seen.
          const te = first < 0 ? len : scanName(buf, p + 2 + first, len);
          if (te - p - 2 > maxName) throw new XmlSyntaxError("token-too-long", "PI target too long", base + p);
          if (te < len && !isWs(buf.charCodeAt(te)) && buf.charCodeAt(te) !== QUESTION) {
            throw new XmlSyntaxError("syntax", "processing instruction without a valid target", base + p);
          }
          break;
        }
        const te = scanName(buf, p + 2 + first, len);
        if (te - p - 2 > maxName) throw new XmlSyntaxError("token-too-long", "PI target too long", base + p);
        if (te !== close && !isWs(buf.charCodeAt(te))) {
          throw new XmlSyntaxError("syntax", "processing instruction without a valid target", base + p);
        }
        if (te - p - 2 === 3) {
          const target = buf.slice(p + 2, te);
          if (target === "xml") {
            if (base + p !== this.docStart) {
              throw new XmlSyntaxError(
                "syntax",
                "the XML declaration must be at the very start of the document",
                base + p,
              );
            }
            if (!XML_DECL.test(buf.slice(p, close + 2))) {
              throw new XmlSyntaxError("syntax", "malformed XML declaration", base + p);
            }
          } else if (target.toLowerCase() === "xml") {
            throw new XmlSyntaxError("syntax", "reserved processing instruction target", base + p);
          }
        }
        p = close + 2;
        continue;
      }

      // Start tag.
      const first = nameCharLen(buf, p + 1, len, true);
      if (first <= 0) {
        if (first < 0) break;
        throw new XmlSyntaxError("syntax", "invalid character after '<'", base + p + 1);
      }
      const nameEnd = scanName(buf, p + 1 + first, len);
      if (nameEnd - p - 1 > maxName) {
        throw new XmlSyntaxError("token-too-long", "element name too long", base + p);
      }
      if (nameEnd >= len) break;
      if (phase === PHASE_EPILOG) {
        throw new XmlSyntaxError("syntax", "only one root element is allowed", base + p);
      }
      let attrs = "";
      let selfClose = false;
      let gt = nameEnd;
      const ch = buf.charCodeAt(nameEnd);
      if (ch !== GT) {
        if (ch === SLASH) {
          if (nameEnd + 1 >= len) break;
          if (buf.charCodeAt(nameEnd + 1) !== GT) {
            throw new XmlSyntaxError("syntax", "'/' in a start tag must be followed by '>'", base + nameEnd);
          }
          selfClose = true;
          gt = nameEnd + 1;
        } else if (isWs(ch)) {
          gt = scanAttrs(buf, nameEnd, len, base, maxName, null);
          if (gt < 0) break;
          selfClose = attrSelfClose;
          if (attrFirst >= 0) attrs = buf.slice(attrFirst, attrLast);
        } else {
          throw new XmlSyntaxError("syntax", "invalid character in element name", base + nameEnd);
        }
      }
      if (depth >= maxDepth) {
        throw new XmlSyntaxError("depth-limit", `element nesting deeper than ${maxDepth}`, base + p);
      }
      const name = buf.slice(p + 1, nameEnd);
      phase = PHASE_ROOT;
      p = gt + 1;
      if (selfClose) {
        sink.open(name, attrs);
        sink.close(name);
        if (depth === 0) phase = PHASE_EPILOG;
      } else {
        stack[depth++] = name;
        sink.open(name, attrs);
      }
    }

    this.depth = depth;
    this.phase = phase;
    this.mode = mode;
    this.base = base + p;
    this.tail = p === 0 ? buf : p >= len ? "" : buf.slice(p);
    if (this.tail.length > this.maxTokenLength) {
      throw new XmlSyntaxError("token-too-long", "token exceeds maxTokenLength", this.base);
    }
  }
}
