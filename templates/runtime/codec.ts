/**
 * What every scalar codec is and throws: the codec interface and CodecError (a value did not fit
 * its type; the encoder and decoder turn it into an EncodeError or DecodeError that names the
 * parameter or path), plus the name and character checks codecs share. Its own module so that
 * codecs kept in their own modules (leaf-codecs.ts: hexBinary, char, QName, raw XML) and
 * scalars.ts share them without an import cycle.
 *
 * Descriptors reference codec objects directly (`type: longCodec`), never by name: an app's
 * bundle holds only the codecs its operations use.
 */
import type { XmlAttributes } from "./xml.js";

/** XSD scalar types, by name (each has one codec: scalars.ts, leaf-codecs.ts; codecs.ts by name). */
export type ScalarName =
  | "string"
  | "int"
  | "long"
  | "double"
  | "boolean"
  | "dateTime"
  | "unsignedByte"
  | "base64Binary"
  | "byte"
  | "short"
  | "unsignedShort"
  | "unsignedInt"
  | "unsignedLong"
  | "float"
  | "decimal"
  | "date"
  | "time"
  | "duration"
  | "anyURI"
  | "guid"
  | "hexBinary"
  | "char"
  | "QName"
  | "xml";

/**
 * What the decoder feeds the events inside a raw XML element (RawXmlBuilder, raw-xml.ts, is
 * the one implementation; this interface keeps codec.ts free of an import of it).
 */
export interface XmlTreeBuilder {
  /** A start tag; `namespaceOf` resolves a qualified name in the element's scope. */
  open(qname: string, attrs: XmlAttributes, namespaceOf: (qname: string) => string | undefined): void;
  text(s: string): void;
  /** An end tag; false when no element of the content is open (the end tag is the raw element's own). */
  close(): boolean;
  /** Open elements inside the content. */
  readonly depth: number;
  /** The content as built (raw-xml.ts: a frozen `XmlNode` list). */
  finish(): readonly unknown[];
}

/** A value did not fit its type; `message` says why. */
export class CodecError extends Error {
  override name = "CodecError";
}

/** One XSD scalar: text → value for responses, value → text for requests. */
export interface ScalarCodec<N extends ScalarName = ScalarName> {
  readonly kind: "scalar";
  /** The XSD type's name (what error messages and the test kit call it). */
  readonly name: N;
  /** Text of an element (already entity-decoded) → value. */
  decode(text: string): unknown;
  /** The same from the element's UTF-8 bytes `b[s..e)` (what the streaming decoder uses when present). */
  decodeBytes?(b: Uint8Array, s: number, e: number): unknown;
  /** Value → text for SOAP elements and HTTP parameters. */
  encode(value: unknown): string;
  /** Reads the text with the namespace prefixes in scope at its element ("" = the default namespace): QName. */
  readonly decodeScoped?: (text: string, namespaceOf: (prefix: string) => string | undefined) => unknown;
  /** The value is the element's content as a tree (raw XML): a builder the decoder feeds the element's events. */
  readonly tree?: () => XmlTreeBuilder;
  /**
   * Writes the whole SOAP element `<element>…</element>` (QName, raw XML: they need namespace
   * declarations on or in it); `defaultNs` is the default namespace in scope, the element's own.
   */
  readonly encodeElement?: (value: unknown, element: string, defaultNs: string) => string;
  /**
   * Text of an HTTP GET/POST parameter, when it differs from `encode`: ASMX reads those with .NET's
   * Convert.ChangeType, not XmlSerializer (a char is the character itself, not its code).
   */
  readonly encodeHttp?: (value: unknown) => string;
  /** The scalar an HTTP GET/POST result of this type is written as: ASMX ignores DataType on results there (hexBinary answers base64Binary). */
  readonly httpResultAs?: ScalarCodec;
  /** A byte array: HTTP GET/POST send it as one decimal value per byte, and cannot send it empty or omitted. */
  readonly binary?: true;
}

/**
 * Whether `s` is an XML NCName (a name without a colon): a letter, `_` or a non-ASCII name
 * character first, then letters, digits, `.`, `-`, `_` or non-ASCII name characters. One pass,
 * no regex.
 */
export function isNCName(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const letter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    const other = (c >= 48 && c <= 57) || c === 45 || c === 46 || c === 0xb7;
    // Non-ASCII: XML 1.0 (5th ed.) name characters, without the forbidden ranges; surrogates pair up.
    const wide = c >= 0xc0 && c !== 0xd7 && c !== 0xf7 && c !== 0x37e && !(c >= 0x2000 && c <= 0x200b) && !(c >= 0x2190 && c <= 0x2bff) && c < 0xfff0;
    if (i === 0 ? !(letter || wide) : !(letter || other || wide)) return false;
  }
  return true;
}

/**
 * The first character XML 1.0 cannot carry (C0 controls other than tab/LF/CR, U+FFFE, U+FFFF, a
 * lone surrogate), as `U+XXXX at index i`; null when there is none. One pass, no regex.
 */
export function forbiddenXmlChar(s: string): string | null {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0xd800) continue;
    let bad = false;
    if (c < 0x20) bad = c !== 9 && c !== 10 && c !== 13;
    else if (c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
      else bad = true;
    } else if (c <= 0xdfff) bad = true;
    else bad = c === 0xfffe || c === 0xffff;
    if (bad) return `U+${c.toString(16).toUpperCase().padStart(4, "0")} at index ${i}`;
  }
  return null;
}
