/**
 * The scalar readers on UTF-8 bytes (what the streaming decoder uses) agree with the readers on
 * text, and with the plain definitions: property-based, over valid and near-valid lexical forms.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { XsdDateTime } from "../../templates/runtime/datetime.ts";
import { CODECS } from "../../templates/runtime/codecs.ts";
import { CodecError } from "../../templates/runtime/scalars.ts";

const enc = new TextEncoder();
type Out = { ok: true; value: string } | { ok: false };
const show = (v: unknown): string => (typeof v === "bigint" ? `${v}n` : v instanceof XsdDateTime ? `dt:${v.toString()}/${v.year}/${v.fraction}/${v.offset}` : Object.is(v, -0) ? "-0" : String(v));
function viaBytes(name: keyof typeof CODECS, text: string): Out {
  const b = enc.encode(`  ${text}\n`);
  try {
    return { ok: true, value: show(CODECS[name].decodeBytes!(b, 2, b.length - 1)) };
  } catch (e) {
    if (e instanceof CodecError) return { ok: false };
    throw e;
  }
}

const digits = fc.stringMatching(/^[0-9]{1,25}$/);
const sign = fc.constantFrom("", "-", "+");

describe("byte readers", () => {
  it("int and long: the value is the text's integer when in range, an error otherwise", () => {
    fc.assert(
      fc.property(sign, digits, (s, d) => {
        const n = BigInt(`${s === "+" ? "" : s}${d}`);
        const long = viaBytes("long", s + d);
        expect(long).toEqual(n >= -(2n ** 63n) && n < 2n ** 63n ? { ok: true, value: `${n}n` } : { ok: false });
        const int = viaBytes("int", s + d);
        expect(int).toEqual(n >= -(2n ** 31n) && n < 2n ** 31n ? { ok: true, value: show(Number(n)) } : { ok: false });
      }),
      { numRuns: 2000 },
    );
  });

  it("double: one-pass syntax check, then the same value as Number(text); out of range is an error", () => {
    const dbl = fc.tuple(sign, fc.stringMatching(/^[0-9]{0,20}$/), fc.option(fc.stringMatching(/^[0-9]{0,20}$/)), fc.option(fc.tuple(fc.constantFrom("e", "E"), sign, fc.stringMatching(/^[0-9]{1,4}$/))));
    fc.assert(
      fc.property(dbl, ([s, i, f, x]) => {
        const text = `${s}${i}${f === null ? "" : `.${f}`}${x === null ? "" : x.join("")}`;
        const valid = (i.length > 0 || (f !== null && f.length > 0));
        const n = Number(text);
        expect(viaBytes("double", text)).toEqual(valid && Number.isFinite(n) ? { ok: true, value: show(n) } : { ok: false });
      }),
      { numRuns: 3000 },
    );
    expect(viaBytes("double", "INF")).toEqual({ ok: true, value: "Infinity" });
    expect(viaBytes("double", "1e400")).toEqual({ ok: false });
    expect(viaBytes("double", "1x")).toEqual({ ok: false });
  });

  it("dateTime: the byte fast path gives exactly what XsdDateTime.parse gives (or both refuse)", () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
    const dt = fc.tuple(fc.integer({ min: 0, max: 9999 }).map((y) => String(y).padStart(4, "0")), two(13), two(32), two(24), two(60), two(60), fc.option(fc.stringMatching(/^[0-9]{0,8}$/)), fc.constantFrom("", "Z", "+03:30", "-05:00", "+14:00", "+14:01", "-00:00", "+00:00", "+3:30", "z"));
    fc.assert(
      fc.property(dt, ([y, mo, d, h, mi, se, f, off]) => {
        const text = `${y}-${mo}-${d}T${h}:${mi}:${se}${f === null ? "" : `.${f}`}${off}`;
        let expected: Out;
        try {
          expected = { ok: true, value: show(XsdDateTime.parse(text)) };
        } catch {
          expected = { ok: false };
        }
        expect(viaBytes("dateTime", text), text).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it("boolean and base64Binary", () => {
    expect(["true", "1", "false", "0", "True", "yes"].map((t) => viaBytes("boolean", t))).toEqual([
      { ok: true, value: "true" }, { ok: true, value: "true" }, { ok: true, value: "false" }, { ok: true, value: "false" }, { ok: false }, { ok: false },
    ]);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        const b64 = btoa(String.fromCharCode(...bytes)).replace(/(.{8})/g, "$1\n");
        const b = enc.encode(b64);
        expect([...(CODECS.base64Binary.decodeBytes!(b, 0, b.length) as Uint8Array)]).toEqual([...bytes]);
      }),
      { numRuns: 500 },
    );
    for (const bad of ["QQ=", "Q===", "QQ==QQ==", "*AAA"]) expect(viaBytes("base64Binary", bad)).toEqual({ ok: false });
  });
});
