/** The probe's plain JSON keeps every JS type a result can hold, and reads back to the same values. */
import { describe, expect, it } from "vitest";
import * as api from "../../../generated/src/index.ts";
import { PROBE_BINDINGS, fromPlain, probeCalls, toPlain, type Plain } from "./probe.ts";

const roundTrip = (v: unknown): unknown => fromPlain(api, JSON.parse(JSON.stringify(toPlain(api, v))) as Plain);

describe("toPlain / fromPlain", () => {
  it("keep bigints (above 2^53 and the long range ends), XsdDateTimes, bytes and special doubles", () => {
    const v = {
      big: 9007199254740993n,
      max: 9223372036854775807n,
      min: -9223372036854775808n,
      d: api.XsdDateTime.parse("2024-01-02T03:04:05.1234567"),
      z: api.XsdDateTime.parse("9999-12-31T23:59:59.9999999Z"),
      bytes: Uint8Array.from([0, 128, 255]),
      nan: NaN,
      inf: Infinity,
      ninf: -Infinity,
      nzero: -0,
      tiny: 5e-324,
      list: [1, "سلام", null, true],
    };
    const back = roundTrip(v) as typeof v;
    expect(back.big).toBe(9007199254740993n);
    expect(back.max).toBe(9223372036854775807n);
    expect(back.min).toBe(-9223372036854775808n);
    expect(back.d).toBeInstanceOf(api.XsdDateTime);
    expect(back.d.toString()).toBe("2024-01-02T03:04:05.1234567");
    expect(back.z.toString()).toBe("9999-12-31T23:59:59.9999999Z");
    expect(back.bytes).toEqual(Uint8Array.from([0, 128, 255]));
    expect(back.nan).toBeNaN();
    expect(back.inf).toBe(Infinity);
    expect(back.ninf).toBe(-Infinity);
    expect(Object.is(back.nzero, -0)).toBe(true);
    expect(back.tiny).toBe(5e-324);
    expect(back.list).toEqual([1, "سلام", null, true]);
  });

  it("tell a bigint from a number and a date from its text", () => {
    expect(toPlain(api, 1n)).not.toEqual(toPlain(api, 1));
    expect(toPlain(api, api.XsdDateTime.parse("2024-01-02T03:04:05"))).not.toEqual(toPlain(api, "2024-01-02T03:04:05"));
    expect(toPlain(api, undefined)).toEqual({ $undefined: true });
  });

  it("record an error's class chain and fields, and leave it tagged on the way back", () => {
    const err = new api.HttpStatusError(503, "text/html", "busy", "unexpected status", { operation: "Op", binding: "httpGet" });
    const p = toPlain(api, err) as { $error: { name: string; is: string[]; fields: Record<string, Plain> } };
    expect(p.$error.name).toBe("HttpStatusError");
    expect(p.$error.is).toEqual(["AsmxError", "HttpStatusError"]);
    expect(p.$error.fields).toMatchObject({ status: 503, operation: "Op", binding: "httpGet" });
    expect(roundTrip(err)).toEqual(p);
  });

  it("name class instances it does not know instead of flattening them", () => {
    expect(toPlain(api, new Map())).toEqual({ $object: "Map" });
  });
});

describe("probeCalls", () => {
  it("covers records, dates, a long list, a scalar and a fault, in all four bindings", () => {
    const calls = probeCalls(api);
    expect(calls.map((c) => c.id)).toEqual(["records", "dates", "longs", "scalar", "fault"]);
    expect(calls.filter((c) => c.fault)).toHaveLength(1);
    expect(PROBE_BINDINGS).toEqual(api.BINDINGS);
    for (const c of calls) expect(typeof (api as Record<string, unknown>)[c.op]).toBe("function");
  });
});
