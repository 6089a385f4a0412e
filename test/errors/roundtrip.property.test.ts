/**
 * Property: every scalar type round-trips. A value is encoded by the client for each binding,
 * read back as the server would read it (an XML parser for SOAP, URL/form decoding for HTTP
 * GET/POST, .NET's parsing rules), written back as the service would write it (XmlConvert),
 * and decoded by the client: the result equals the value sent.
 */
import fc from "fast-check";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import {
  BINDINGS,
  XsdDateTime,
  decodeResponse,
  defineEnum,
  defineOperation,
  encodeRequest,
  type Binding,
  type EnumDescriptor,
  type ScalarName,
} from "../../generated/src/index.ts";
import { CODECS } from "../../generated/src/runtime/codecs.ts";
import { okBody, xmlEscape } from "./support.ts";

const NS = "http://tempuri.org/";
const RUNS = 250; // per type and binding: 9 types × 4 bindings × 250 = 9 000 round trips

const PeriodType = defineEnum({ kind: "enum", name: "PeriodType", values: ["Once", "Daily", "Weekly", "Monthly", "Yearly", "Custom"] });

/** A one-parameter, one-result operation of type `t` (what the generated descriptors look like). */
function echoOp(t: ScalarName | EnumDescriptor) {
  return defineOperation<{ v: unknown }, unknown>({
    name: "Echo",
    path: "/post/echo.asmx",
    namespace: NS,
    soapAction: `${NS}Echo`,
    params: [{ wire: "v", prop: "v", type: typeof t === "string" ? CODECS[t] : t, item: null, optional: false, credential: null }],
    result: { kind: "scalar", type: typeof t === "string" ? CODECS[t] : t, item: null, soapElement: "EchoResult", httpRoot: typeof t === "string" ? t : t.name, nullable: false },
  });
}

/** The parameter's text(s) as the server receives them. */
function serverReads(binding: Binding, wire: { path: string; body: string | null }): string[] {
  if (binding === "httpGet") return new URL(`http://h${wire.path}`).searchParams.getAll("v");
  if (binding === "httpPost") return new URLSearchParams(wire.body ?? "").getAll("v");
  const parser = new SaxesParser({ xmlns: true });
  let inV = false;
  let text = "";
  let seen = false;
  parser.on("opentag", (t) => {
    if (t.local === "v") {
      inV = true;
      seen = true;
    }
  });
  parser.on("closetag", (t) => {
    if (t.local === "v") inV = false;
  });
  parser.on("text", (t) => {
    if (inV) text += t;
  });
  parser.on("cdata", (t) => {
    if (inV) text += t;
  });
  parser.write(wire.body ?? "").close();
  return seen ? [text] : [];
}

/** What .NET makes of the text(s), and what XmlConvert writes back. */
function serverEcho(type: ScalarName | "enum", binding: Binding, texts: string[]): string {
  const soap = binding === "soap11" || binding === "soap12";
  const one = texts[0] ?? "";
  switch (type) {
    case "string":
    case "enum":
    case "dateTime":
    case "boolean":
      if (type === "boolean" && !/^(true|false)$/.test(one)) throw new Error(`server cannot read boolean ${one}`);
      return one;
    case "int":
    case "unsignedByte":
      if (!/^-?\d+$/.test(one)) throw new Error(`server cannot read ${type} ${one}`);
      return String(Number(one));
    case "long":
      return BigInt(one).toString();
    case "double": {
      // SOAP: XmlConvert.ToDouble (INF, -INF, NaN); HTTP: Convert.ToDouble (Infinity, -Infinity, NaN).
      const v = one === (soap ? "INF" : "Infinity") ? Infinity : one === (soap ? "-INF" : "-Infinity") ? -Infinity : one === "NaN" ? NaN : Number(one);
      if (Number.isNaN(v) && one !== "NaN") throw new Error(`server cannot read double ${one}`);
      return Number.isNaN(v) ? "NaN" : v === Infinity ? "INF" : v === -Infinity ? "-INF" : Object.is(v, -0) ? "-0" : String(v).toUpperCase();
    }
    case "base64Binary": {
      const bytes = soap ? Buffer.from(one, "base64") : Buffer.from(texts.map((t) => Number(t)));
      return bytes.toString("base64");
    }
    default:
      // The scalars of imported services are round-tripped against Mono in test/import/corpus.test.ts.
      throw new Error(`no model of the server for ${type}`);
  }
}

const xmlChar = fc.string({ unit: "binary", maxLength: 40 }).map((s) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, ""));
const trickyText = fc.oneof(xmlChar, fc.constantFrom("<", "&", "]]>", "a]]>b", "&amp;", "<![CDATA[x]]>", "\r\n", "\r", " lead and trail ", "", "𝄞🔑سلام", "\t\n"));
const strings = fc.array(trickyText, { maxLength: 4 }).map((a) => a.join(""));

const dateTimes = fc.oneof(
  fc.date({ noInvalidDate: true, min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59.999Z") }),
  fc
    .record({
      y: fc.integer({ min: 1, max: 9999 }),
      mo: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 28 }),
      h: fc.integer({ min: 0, max: 23 }),
      mi: fc.integer({ min: 0, max: 59 }),
      s: fc.integer({ min: 0, max: 59 }),
      frac: fc.stringMatching(/^\d{0,7}$/),
      off: fc.constantFrom("", "Z", "+03:30", "-05:00", "+14:00", "-12:00"),
    })
    .map(({ y, mo, d, h, mi, s, frac, off }) => {
      const p = (n: number, w = 2): string => String(n).padStart(w, "0");
      return XsdDateTime.parse(`${p(y, 4)}-${p(mo)}-${p(d)}T${p(h)}:${p(mi)}:${p(s)}${frac === "" ? "" : `.${frac}`}${off}`);
    }),
);

const TYPES: ReadonlyArray<readonly [ScalarName | EnumDescriptor, fc.Arbitrary<unknown>]> = [
  ["string", strings],
  ["int", fc.integer({ min: -2147483648, max: 2147483647 })],
  ["unsignedByte", fc.integer({ min: 0, max: 255 })],
  ["long", fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })],
  ["double", fc.oneof(fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 0, 5e-324, Number.MAX_VALUE, 0.1, 1e21, 123456789012345680000))],
  ["boolean", fc.boolean()],
  ["dateTime", dateTimes],
  ["base64Binary", fc.uint8Array({ minLength: 1, maxLength: 64 })],
  [PeriodType, fc.constantFrom(...PeriodType.values)],
];

function same(type: ScalarName | EnumDescriptor, sent: unknown, got: unknown): boolean {
  if (type === "dateTime") {
    const g = got as XsdDateTime;
    return sent instanceof Date ? g.toDate(0).getTime() === sent.getTime() && g.offset === "Z" : g.equals(sent as XsdDateTime);
  }
  if (type === "base64Binary") return Buffer.from(got as Uint8Array).equals(Buffer.from(sent as Uint8Array));
  return Object.is(sent, got);
}

describe("encode → server → decode round-trips every scalar type", () => {
  for (const [type, arb] of TYPES) {
    const name = typeof type === "string" ? type : `enum ${type.name}`;
    it.each(BINDINGS)(`${name} over %s`, (binding) => {
      const op = echoOp(type);
      fc.assert(
        fc.property(arb, (value) => {
          const wire = encodeRequest(op, binding, { v: value }, undefined, NS);
          const texts = serverReads(binding, wire);
          const echoed = serverEcho(typeof type === "string" ? type : "enum", binding, texts);
          const body = okBody(binding, "Echo", typeof type === "string" ? type : type.name, xmlEscape(echoed));
          const got = decodeResponse(op, binding, body);
          if (!same(type, value, got)) throw new Error(`sent ${String(value)}, server read ${JSON.stringify(texts)}, got back ${String(got)}`);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it("text with < & ]]> CR and astral characters comes back exactly (examples)", () => {
    const op = echoOp("string");
    for (const binding of BINDINGS)
      for (const v of ["a<b&c]]>d", "\r\n\r", "🔑\u{10FFFF}سلام", "  spaced  ", ""]) {
        const echoed = serverEcho("string", binding, serverReads(binding, encodeRequest(op, binding, { v }, undefined, NS)));
        expect(decodeResponse(op, binding, okBody(binding, "Echo", "string", xmlEscape(echoed)))).toBe(v);
      }
  });
});
