/**
 * Property: every operation × binding round-trips between the generated client and the test kit's
 * mock, over generated values (fast-check): hard strings (XML specials, `]]>`, CR LF, astral and
 * Persian text, leading and trailing spaces), ints and bytes at their bounds, longs to ±2^63,
 * doubles with -0, NaN, ±Infinity, 5e-324 and MAX_VALUE, dates with and without offsets (and JS
 * Dates), byte arrays, enums, optional and list parameters, and results of every shape (records
 * with null fields, lists, nil results). For each call:
 *   - the mock's handler receives exactly the parameters the client sent (as ASMX reads them:
 *     an omitted optional string is null over SOAP and "" over HTTP; -0 is +0 over HTTP GET/POST);
 *   - over HTTP GET, a query string longer than 2,048 characters is refused with 400, as ASP.NET does;
 *   - the client decodes the handler's result to the same value (strings with CR arrive with LF:
 *     ASMX writes CR raw, and XML reads CR LF as LF — NOTES.md §3; the mock is faithful to that).
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  BINDINGS,
  HttpStatusError,
  XsdDateTime,
  createConfig,
  prepareRequest,
  type Binding,
  type OperationDescriptor,
  type ParamDescriptor,
  type ValueType,
} from "../../generated/src/index.ts";
import { createMockService } from "../../generated/src/testing/index.ts";
import { OPERATIONS } from "../interop/cases.ts";
import { handlersFor } from "./support.ts";

const RUNS = 12; // per operation and binding: 35 × 4 × 12 = 1 680 calls

const cleanXml = (s: string): string =>
  s.replace(
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "",
  );
const xmlChars = fc.string({ unit: "binary", maxLength: 24 }).map(cleanXml);
const tricky = fc.oneof(
  xmlChars,
  fc.constantFrom(
    "<",
    ">",
    "&",
    "]]>",
    "&amp;",
    "\"'",
    "\r\n",
    "\r",
    " lead and trail ",
    "",
    "𝄞🔑",
    "سلام دنیا",
    "\t\n",
  ),
);
const hardString = fc.array(tricky, { maxLength: 4 }).map((a) => a.join(""));
/** ASP.NET request validation refuses `<` before a letter and `&#` in HTTP GET/POST values (the mock too). */
const httpSafe = (s: string): boolean => !/<[A-Za-z!/?]|&#/.test(s);

const xsdDate = fc
  .record({
    y: fc.integer({ min: 1, max: 9999 }),
    mo: fc.integer({ min: 1, max: 12 }),
    d: fc.integer({ min: 1, max: 28 }),
    h: fc.integer({ min: 0, max: 23 }),
    mi: fc.integer({ min: 0, max: 59 }),
    s: fc.integer({ min: 0, max: 59 }),
    // .NET holds 100 ns ticks and writes the fraction without trailing zeros.
    frac: fc.stringMatching(/^(\d{0,6}[1-9])?$/),
    off: fc.constantFrom("", "Z", "+03:30", "-05:00", "+14:00", "-12:00"),
  })
  .map(({ y, mo, d, h, mi, s, frac, off }) => {
    const p = (n: number, w: number) => String(n).padStart(w, "0");
    return XsdDateTime.parse(
      `${p(y, 4)}-${p(mo, 2)}-${p(d, 2)}T${p(h, 2)}:${p(mi, 2)}:${p(s, 2)}${frac === "" ? "" : `.${frac}`}${off}`,
    );
  });
const jsDate = fc.date({
  noInvalidDate: true,
  min: new Date("0001-01-01T00:00:00Z"),
  max: new Date("9999-12-31T23:59:59.999Z"),
});
const doubles = fc.oneof(
  fc.double(),
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    -0,
    0,
    5e-324,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    0.1,
    1 / 3,
    1e21,
    1e-7,
  ),
);
const longs = fc.oneof(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.constantFrom(-(2n ** 63n), 2n ** 63n - 1n, 9007199254740993n, 0n),
);

function valueArb(
  t: ValueType,
  http: boolean,
  input: boolean,
): fc.Arbitrary<unknown> {
  if (t.kind !== "scalar") {
    if (t.kind === "enum") return fc.constantFrom(...t.values);
    const fields: Record<string, fc.Arbitrary<unknown>> = {};
    for (const f of t.fields) {
      const v = valueArb(f.type, false, false);
      fields[f.prop] = f.nullable ? fc.option(v, { nil: null }) : v;
    }
    return fc.record(fields);
  }
  switch (t.name) {
    case "string":
      return http ? hardString.filter(httpSafe) : hardString;
    case "int":
      return fc.oneof(
        fc.integer({ min: -2147483648, max: 2147483647 }),
        fc.constantFrom(-2147483648, 2147483647, 0),
      );
    case "unsignedByte":
      return fc.integer({ min: 0, max: 255 });
    case "long":
      return longs;
    case "double":
      return doubles;
    case "boolean":
      return fc.boolean();
    case "dateTime":
      return input ? fc.oneof(xsdDate, jsDate) : xsdDate;
    case "base64Binary":
      // HTTP GET/POST send one value per byte and cannot send an empty array (the client refuses it).
      return fc.uint8Array({ minLength: http ? 1 : 0, maxLength: 40 });
    default:
      // The scalars of imported services are round-tripped against Mono in test/import/corpus.test.ts.
      throw new Error(`no arbitrary for ${t}`);
  }
}

function paramsArb(
  op: OperationDescriptor,
  binding: Binding,
): fc.Arbitrary<Record<string, unknown>> {
  const http = binding === "httpGet" || binding === "httpPost";
  const out: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of op.params) {
    if (p.credential !== null) continue;
    const one = valueArb(p.type, http, true);
    // Lists cannot be empty or left out over HTTP GET/POST (the client refuses them, NOTES.md §7).
    const v =
      p.item !== null
        ? fc.array(one, { minLength: http ? 1 : 0, maxLength: 4 })
        : one;
    const mustSend =
      http &&
      (p.item !== null ||
        (p.type.kind === "scalar" && p.type.name === "base64Binary"));
    out[p.prop] =
      p.optional && !mustSend ? fc.option(v, { nil: undefined }) : v;
  }
  return fc.record(out);
}

function resultArb(op: OperationDescriptor): fc.Arbitrary<unknown> {
  const r = op.result;
  const one = valueArb(r.type, false, false);
  const v = r.kind === "list" ? fc.array(one, { maxLength: 4 }) : one;
  return r.nullable ? fc.option(v, { nil: null }) : v;
}

/** What ASMX reads for a sent parameter (NOTES.md §4, §8). */
function asRead(p: ParamDescriptor, v: unknown, http: boolean): unknown {
  if (v === undefined || v === null) return http ? "" : null;
  const one = (x: unknown): unknown =>
    x instanceof Date
      ? XsdDateTime.fromDate(x)
      : http && Object.is(x, -0)
        ? 0
        : x;
  return Array.isArray(v) ? v.map(one) : one(v);
}

/** A handler's value as the client decodes it: CR and CR LF in strings arrive as LF. */
function asDecoded(v: unknown): unknown {
  if (typeof v === "string") return v.replace(/\r\n?/g, "\n");
  if (Array.isArray(v)) return v.map(asDecoded);
  if (
    v !== null &&
    typeof v === "object" &&
    !(v instanceof XsdDateTime) &&
    !(v instanceof Uint8Array)
  ) {
    return Object.fromEntries(
      Object.entries(v).map(([k, x]) => [k, asDecoded(x)]),
    );
  }
  return v;
}

describe("client ↔ mock round trips, every operation × binding (fast-check)", () => {
  for (const { name, op, fn } of OPERATIONS) {
    for (const binding of BINDINGS) {
      test(`${name} × ${binding}`, async () => {
        const http = binding === "httpGet" || binding === "httpPost";
        await fc.assert(
          fc.asyncProperty(
            paramsArb(op, binding),
            resultArb(op),
            hardString.filter(httpSafe),
            async (params, result, password) => {
              let received: unknown;
              const mock = createMockService(
                handlersFor(name, (p: never) => {
                  received = p;
                  return result;
                }),
              );
              const config = createConfig({
                baseUrl: "http://mock.test",
                credentials: { username: "user", password },
                binding,
                fetch: mock.fetch,
              });
              // Like ASP.NET, the mock refuses a query string over 2,048 characters with 400 (NOTES.md §7).
              const query =
                prepareRequest(config, op, params).path.split("?")[1] ?? "";
              if (query.length > 2048) {
                await expect(fn(config, params)).rejects.toSatisfy(
                  (e: unknown) =>
                    e instanceof HttpStatusError && e.status === 400,
                );
                expect(received).toBeUndefined();
                return;
              }
              const decoded = await fn(config, params);
              const expected: Record<string, unknown> = {};
              for (const p of op.params)
                if (p.credential === null)
                  expected[p.prop] = asRead(p, params[p.prop], http);
              expect(received).toEqual(expected);
              expect(
                mock.calls[0]?.credentials,
                "the call log redacts the password",
              ).toEqual({ username: "user", password: "***" });
              expect(decoded).toEqual(asDecoded(result));
            },
          ),
          { numRuns: RUNS },
        );
      });
    }
  }
});
