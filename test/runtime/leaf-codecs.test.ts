/**
 * leaf-codecs.ts: hexBinary, char, QName and raw XML in the codec table. Wire forms as Mono's
 * ASMX writes and reads them (proven live in test/import/corpus.test.ts).
 */
import { describe, expect, test } from "vitest";
import { CODECS } from "../../templates/runtime/codecs.ts";
import { CodecError } from "../../templates/runtime/scalars.ts";

describe("hexBinary", () => {
  const c = CODECS.hexBinary;
  test("round trip: .NET writes upper case and reads either; XSD whitespace around is ignored", () => {
    expect(c.encode(new Uint8Array([0, 15, 16, 255]))).toBe("000F10FF");
    expect(c.decode(" 000f10Ff\n")).toEqual(new Uint8Array([0, 15, 16, 255]));
    expect(c.decode("")).toEqual(new Uint8Array(0));
    const bytes = new TextEncoder().encode("<x>00ff</x>");
    expect(c.decodeBytes?.(bytes, 3, 7)).toEqual(new Uint8Array([0, 255]));
  });
  test("malformed text and values are CodecErrors that say why", () => {
    expect(() => c.decode("0")).toThrow("not hexBinary (an odd number of hex digits)");
    expect(() => c.decode("0g")).toThrow(CodecError);
    expect(() => c.decode("00 ff")).toThrow("not hexBinary");
    expect(() => c.encode([1, 2])).toThrow("expected a Uint8Array, got object");
  });
  test("HTTP GET/POST: bytes sent one decimal per byte, the answer's form is base64Binary's", () => {
    expect(c.binary).toBe(true);
    expect(c.httpResultAs).toBe(CODECS.base64Binary);
    expect(CODECS.base64Binary.binary).toBe(true);
    expect(Object.entries(CODECS).filter(([, k]) => k.binary === true).map(([n]) => n)).toEqual(["base64Binary", "hexBinary"]);
  });
});

describe("char: one UTF-16 code unit, a one-character string", () => {
  const c = CODECS.char;
  test("SOAP and answers: the code unit's number", () => {
    expect(c.encode("A")).toBe("65");
    expect(c.encode("\u0000")).toBe("0");
    expect(c.encode("\uD800")).toBe("55296"); // a lone surrogate is a .NET char too
    expect(c.decode(" 1587 ")).toBe("س");
    expect(c.decode("65535")).toBe("\uFFFF");
  });
  test("HTTP GET/POST parameters: the character itself (Convert.ToChar), not a lone surrogate", () => {
    expect(c.encodeHttp?.("é")).toBe("é");
    expect(() => c.encodeHttp?.("\uDC00")).toThrow("a lone surrogate (U+DC00) cannot be sent over HTTP GET/POST");
  });
  test("not one code unit, or not a code: CodecError", () => {
    expect(() => c.encode("")).toThrow("a char is one UTF-16 code unit, got an empty string");
    expect(() => c.encode("ab")).toThrow("got 2 code units");
    expect(() => c.encode("𝄞")).toThrow("a character outside the BMP needs two: it cannot be a .NET char");
    expect(() => c.encode(65)).toThrow("expected a one-character string (char), got number");
    expect(() => c.decode("65536")).toThrow("char code out of range");
    expect(() => c.decode("1234567")).toThrow("char code out of range");
    expect(() => c.decode("A")).toThrow("not a char code");
    expect(() => c.decode("")).toThrow("not a char code");
    expect(() => c.decode("-1")).toThrow("not a char code");
  });
});

describe("QName and raw XML are written as whole SOAP elements", () => {
  test("QName: never as plain text (HTTP GET/POST do not offer it)", () => {
    expect(() => CODECS.QName.encode({ namespace: "urn:x", name: "n" })).toThrow("ASMX offers QName parameters in SOAP only");
    expect(CODECS.QName.encodeElement?.({ namespace: "urn:x", name: "n" }, "v", "urn:svc")).toBe('<v xmlns:q1="urn:x">q1:n</v>');
    // Without a scope only an unprefixed name in no namespace reads.
    expect(CODECS.QName.decode("n")).toEqual({ namespace: "", name: "n" });
    expect(() => CODECS.QName.decode("p:n")).toThrow('prefix "p" is not declared');
  });
  test("raw XML: an element around the written content; empty content is an empty element", () => {
    expect(CODECS.xml.tree?.().finish()).toEqual([]);
    expect(CODECS.xml.encodeElement?.([{ name: "a" }], "e", "urn:svc")).toBe('<e><a xmlns="" /></e>');
    expect(CODECS.xml.encodeElement?.([], "e", "urn:svc")).toBe("<e />");
    expect(() => CODECS.xml.encode([])).toThrow("ASMX offers XmlElement and DataSet parameters in SOAP only");
    expect(CODECS.xml.decode(" t ")).toEqual([" t "]);
    expect(CODECS.xml.decode("  ")).toEqual([]);
  });
});
