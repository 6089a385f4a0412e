/**
 * Codecs of the XSD scalars that services imported from WSDL use (byte … guid): ranges, exact
 * 64-bit and decimal values, lexical checks, and the HTTP GET/POST forms ASMX answers for date
 * and time (a dateTime).
 */
import { describe, expect, test } from "vitest";
import { CODECS } from "../../templates/runtime/codecs.ts";
import { CodecError } from "../../templates/runtime/scalars.ts";

describe("integer codecs: range checked both ways", () => {
  test.each([
    ["byte", -128, 127],
    ["short", -32768, 32767],
    ["unsignedShort", 0, 65535],
    ["unsignedInt", 0, 4294967295],
  ] as const)("%s %d..%d", (name, min, max) => {
    const c = CODECS[name];
    expect(c.decode(String(min))).toBe(min);
    expect(c.decode(` ${max}\n`)).toBe(max);
    expect(c.encode(max)).toBe(String(max));
    expect(() => c.decode(String(max + 1))).toThrow(CodecError);
    expect(() => c.decode(String(min - 1))).toThrow(CodecError);
    expect(() => c.encode(max + 1)).toThrow(CodecError);
    expect(() => c.encode(max + 1)).toThrow(name);
    expect(() => c.encode(1.5)).toThrow(CodecError);
  });

  test("unsignedLong is a bigint, exact up to 2^64-1", () => {
    expect(CODECS.unsignedLong.decode("18446744073709551615")).toBe(18446744073709551615n);
    expect(CODECS.unsignedLong.encode(18446744073709551615n)).toBe("18446744073709551615");
    expect(() => CODECS.unsignedLong.decode("18446744073709551616")).toThrow("unsignedLong out of range");
    expect(() => CODECS.unsignedLong.encode(-1n)).toThrow(CodecError);
    expect(() => CODECS.unsignedLong.encode(1)).toThrow("expected a bigint (unsignedLong), got number");
  });
});

describe("float and decimal", () => {
  test("float: INF/NaN, range on encode", () => {
    expect(CODECS.float.decode("-INF")).toBe(-Infinity);
    expect(CODECS.float.decode("0.1")).toBe(0.1);
    expect(CODECS.float.encode(3.4e38)).toBe("3.4E38");
    expect(() => CODECS.float.encode(1e39)).toThrow("float out of range");
  });

  test("decimal keeps every digit (29 significant digits round-trip exactly)", () => {
    expect(CODECS.decimal.decode("79228162514264337593543950335")).toBe("79228162514264337593543950335");
    expect(CODECS.decimal.decode(" -1.50 ")).toBe("-1.50");
    expect(CODECS.decimal.encode("-0.0000000000000000000000000001")).toBe("-0.0000000000000000000000000001");
    expect(CODECS.decimal.encode(12345678901234567890n)).toBe("12345678901234567890");
    expect(() => CODECS.decimal.encode("1e5")).toThrow('not a decimal: "1e5"');
    expect(() => CODECS.decimal.encode(1.5)).toThrow("expected a decimal string or a bigint, got number");
  });
});

describe("date, time, duration, guid, anyURI", () => {
  test("date: SOAP form, and the dateTime at midnight HTTP GET/POST answer", () => {
    expect(CODECS.date.decode("2024-02-29")).toBe("2024-02-29");
    expect(CODECS.date.decode("2024-02-29T00:00:00")).toBe("2024-02-29");
    expect(CODECS.date.decode("2024-02-29T00:00:00+03:30")).toBe("2024-02-29+03:30");
    expect(() => CODECS.date.decode("2024-02-29T10:00:00")).toThrow(CodecError);
    expect(() => CODECS.date.encode("29/02/2024")).toThrow('not a date: "29/02/2024"');
  });

  test("time: SOAP form, and the time part of the dateTime HTTP GET/POST answer", () => {
    expect(CODECS.time.decode("13:45:30.2500000+00:00")).toBe("13:45:30.2500000+00:00");
    expect(CODECS.time.decode("2026-11-23T13:45:30.25+00:00")).toBe("13:45:30.25+00:00");
    expect(() => CODECS.time.encode("1:2:3")).toThrow(CodecError);
  });

  test("duration, guid, anyURI", () => {
    expect(CODECS.duration.encode("P1Y2M3DT4H5M6.7S")).toBe("P1Y2M3DT4H5M6.7S");
    expect(CODECS.duration.decode("-PT0S")).toBe("-PT0S");
    expect(() => CODECS.duration.encode("P")).toThrow(CodecError);
    expect(() => CODECS.duration.encode("PT")).toThrow(CodecError);
    expect(CODECS.guid.decode("0f8fad5b-d9cb-469f-a165-70867728950e")).toBe("0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(() => CODECS.guid.encode("0f8fad5b")).toThrow('not a guid: "0f8fad5b"');
    expect(CODECS.anyURI.encode("http://x/?a=1&b=<c>")).toBe("http://x/?a=1&b=<c>");
    expect(() => CODECS.anyURI.encode("a\u0001")).toThrow(CodecError);
  });
});
