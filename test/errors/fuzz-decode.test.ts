/**
 * Fuzz: for each result kind (scalar, record, list), 10 000+ random and mutated responses per
 * run, over all four bindings, whole or in random chunks: the decoder returns a value or throws
 * one of our typed errors (DecodeError or SoapFaultError, both AsmxError), nothing else.
 * Scale with FUZZ_SCALE=10 for a longer soak.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AsmxError,
  BINDINGS,
  DecodeError,
  GetDeliveriesOperation,
  GetMessagesAfterIDOperation,
  GetSmsPriceOperation,
  GetSmsQueueOperation,
  GetUserDetailsOperation,
  RemoveCodeOperation,
  ResponseDecoder,
  SendSMSWithSpeechTextOperation,
  SoapFaultError,
  decodeResponse,
  type Binding,
  type OperationDescriptor,
  type ValueType,
} from "../../generated/src/index.ts";
import { envelope, okBody } from "./support.ts";

const SCALE = Number(process.env["FUZZ_SCALE"] ?? 1);
const CASES_PER_KIND = Math.max(1, Math.round(10_000 * SCALE));

/** Lexical forms per scalar type: valid ones, edge ones and garbage. */
const scalarText = (t: ValueType): fc.Arbitrary<string> => {
  const mostlyValid = (valid: fc.Arbitrary<string>): fc.Arbitrary<string> => fc.oneof({ weight: 40, arbitrary: valid }, { weight: 1, arbitrary: garbage });
  const garbage = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("", " ", "NaN", "INF", "-0", "1e400", "99999999999999999999", "true", "0x10", "&amp;", "<![CDATA[1]]>", "&#0;", "&#x10FFFF;"));
  if (t.kind !== "scalar") return t.kind === "enum" ? mostlyValid(fc.constantFrom(...t.values)) : garbage;
  switch (t.name) {
    case "int":
    case "unsignedByte":
      return mostlyValid(fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 0, max: 255 }).map(String) }, { weight: 1, arbitrary: fc.constantFrom("2147483648", "-2147483649", "256", "-1", " 7 ") }));
    case "long":
      return mostlyValid(fc.oneof({ weight: 30, arbitrary: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String) }, { weight: 1, arbitrary: fc.constantFrom("9223372036854775808", "-9223372036854775809", "18446744073709551616") }));
    case "double":
      return mostlyValid(fc.double().map(String));
    case "boolean":
      return mostlyValid(fc.constantFrom("true", "false", "1", "0", "True"));
    case "dateTime":
      return mostlyValid(fc.constantFrom("2024-03-01T12:34:56.1234567+03:30", "2024-03-01T12:34:56", "2024-02-30T00:00:00", "0000-01-01T00:00:00Z", "2024-03-01T24:00:00", "2024-03-01"));
    case "base64Binary":
      return mostlyValid(fc.uint8Array({ maxLength: 8 }).map((b) => Buffer.from(b).toString("base64")));
    default:
      return mostlyValid(fc.string({ maxLength: 20 }));
  }
};

/** The XML of a value of type `t` in element `name`: sometimes nil, sometimes absent. */
function valueXml(t: ValueType, name: string, depth = 0): fc.Arbitrary<string> {
  const nil = fc.constant(`<${name} xsi:nil="true" />`);
  if (typeof t === "object" && t.kind === "record") {
    if (depth > 2) return nil;
    const fields = t.fields.map((f) => fc.oneof({ weight: 80, arbitrary: valueXml(f.type, f.wire, depth + 1) }, { weight: 1, arbitrary: fc.constant("") }));
    return fc.oneof({ weight: 20, arbitrary: fc.tuple(...fields).map((parts) => `<${name}>${parts.join("")}</${name}>`) }, { weight: 1, arbitrary: nil });
  }
  return fc.oneof({ weight: 80, arbitrary: scalarText(t).map((x) => `<${name}>${x.replace(/&(?!amp;|#)/g, "&amp;").replace(/</g, (m, i: number, s: string) => (s.startsWith("<![CDATA[", i) ? m : "&lt;"))}</${name}>`) }, { weight: 1, arbitrary: nil });
}

function responseArb(op: OperationDescriptor): fc.Arbitrary<{ binding: Binding; doc: string }> {
  const r = op.result;
  const inner =
    r.kind === "list"
      ? fc.array(valueXml(r.type, r.item ?? "item"), { maxLength: 4 }).map((items) => items.join(""))
      : r.kind === "record" && typeof r.type === "object" && r.type.kind === "record"
        ? valueXml(r.type, "X").map((x) => x.replace(/^<X>|<\/X>$/g, "").replace(/^<X xsi:nil="true" \/>$/, ""))
        : scalarText(r.type);
  const fault = fc.constantFrom(
    envelope("soap11", `<soap:Fault><faultcode>soap:Server</faultcode><faultstring>boom</faultstring><detail><a>1</a></detail></soap:Fault>`),
    envelope("soap12", `<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value><soap:Subcode><soap:Value>x</soap:Value></soap:Subcode></soap:Code><soap:Reason><soap:Text>boom</soap:Text></soap:Reason></soap:Fault>`),
  );
  return fc.record({ binding: fc.constantFrom(...BINDINGS), inner, fault, useFault: fc.integer({ min: 0, max: 15 }) }).map(({ binding, inner: x, fault: f, useFault }) => ({
    binding,
    doc: useFault === 0 ? f : okBody(binding, op.name, r.httpRoot, x),
  }));
}

const HOSTILE = [
  "<!DOCTYPE x [<!ENTITY a \"b\">]>", "&a;", "&lol9;", "<![CDATA[", "]]>", "</", "<a>", "</a>", "<a/>", "<", ">", "&", "&#0;", "&#xD800;", "\u0000", "\uD800", "\uFFFE",
  "<?pi x?>", "<?xml version=\"1.0\"?>", "<!--", "-->", "xsi:nil=\"true\"", " xmlns=\"urn:other\"", " xmlns:soap=\"urn:x\"", "<soap:Fault>", "</soap:Body>", "<soap:Header><h/></soap:Header>",
  "<MessagesBL>", "</MessagesBL>", "<int>", "<UserId>1</UserId>", "\r\n", "é", "🔑", "'", "\"", "=", "xmlns:", ":",
];

/** A mutation of a document: each keeps the value a string. */
const mutation: fc.Arbitrary<(doc: string) => string> = fc.oneof(
  fc.constant((d: string) => d),
  fc.double({ min: 0, max: 1, noNaN: true }).map((at) => (d: string) => d.slice(0, Math.floor(d.length * at))),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 40 })).map(([at, n]) => (d: string) => {
    const i = Math.floor(d.length * at);
    return d.slice(0, i) + d.slice(i + n);
  }),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 6, unit: "binary" }))).map(([at, s]) => (d: string) => {
    const i = Math.floor(d.length * at);
    return d.slice(0, i) + s + d.slice(i);
  }),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })).map(([a, b]) => (d: string) => {
    const i = Math.floor(d.length * Math.min(a, b));
    const j = Math.floor(d.length * Math.max(a, b));
    return d.slice(0, j) + d.slice(i, j) + d.slice(j); // duplicate a range
  }),
  fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 0, max: 0xffff })).map(([at, c]) => (d: string) => {
    const i = Math.floor(d.length * at);
    return d.slice(0, i) + String.fromCharCode(c) + d.slice(i + 1); // flip one character
  }),
  fc.constant((d: string) => d.replace(/http:\/\/tempuri\.org\//, "http://tempuri.org")),
  fc.constant((d: string) => d.replace(/<(\w+)>/, "<$1 xsi:nil=\"true\">")),
);

type Outcome = "value" | "decode" | "fault";

function decodeOnce(op: OperationDescriptor, binding: Binding, doc: string, chunks: readonly number[], asBytes: boolean): Outcome {
  try {
    if (chunks.length > 0) {
      const d = new ResponseDecoder(op, binding, op.namespace);
      let at = 0;
      for (const c of chunks) {
        d.write(doc.slice(at, at + c));
        at += c;
      }
      if (at < doc.length) d.write(doc.slice(at));
      const out = d.end();
      return out.kind === "fault" ? "fault" : "value";
    }
    decodeResponse(op, binding, asBytes ? new TextEncoder().encode(doc) : doc);
    return "value";
  } catch (err) {
    if (err instanceof SoapFaultError) return "fault";
    if (err instanceof DecodeError) {
      if (!(err instanceof AsmxError) || err.operation !== op.name || err.binding !== binding) throw new Error("DecodeError without operation/binding");
      return "decode";
    }
    throw new Error(`not a typed error: ${String(err)}\n--- binding ${binding}, document:\n${JSON.stringify(doc).slice(0, 2000)}`, { cause: err });
  }
}

const KINDS: ReadonlyArray<readonly [string, readonly OperationDescriptor[]]> = [
  ["scalar", [RemoveCodeOperation, GetSmsPriceOperation, SendSMSWithSpeechTextOperation] as OperationDescriptor[]],
  ["record", [GetUserDetailsOperation, GetSmsQueueOperation] as OperationDescriptor[]],
  ["list", [GetMessagesAfterIDOperation, GetDeliveriesOperation] as OperationDescriptor[]],
];

describe("decoder fuzz: a value or a typed error, nothing else", () => {
  for (const [kind, ops] of KINDS) {
    it(`${kind} results: ${CASES_PER_KIND} random and mutated responses`, () => {
      const tally: Record<Outcome, number> = { value: 0, decode: 0, fault: 0 };
      let runs = 0;
      const t0 = performance.now();
      fc.assert(
        fc.property(
          fc.constantFrom(...ops).chain((op) => fc.tuple(fc.constant(op), responseArb(op))),
          fc.array(mutation, { maxLength: 3 }),
          fc.oneof({ weight: 3, arbitrary: fc.constant<number[]>([]) }, { weight: 1, arbitrary: fc.array(fc.integer({ min: 1, max: 64 }), { maxLength: 30 }) }),
          fc.boolean(),
          ([op, { binding, doc }], mutations, chunks, asBytes) => {
            const mutated = mutations.reduce((d, m) => m(d), doc);
            tally[decodeOnce(op, binding, mutated, chunks, asBytes)]++;
            runs++;
          },
        ),
        { numRuns: CASES_PER_KIND },
      );
      const ms = performance.now() - t0;
      console.log(`[fuzz] ${kind}: ${runs} responses in ${ms.toFixed(0)} ms — ${tally.value} values, ${tally.decode} DecodeErrors, ${tally.fault} SoapFaultErrors`);
      expect(runs).toBeGreaterThanOrEqual(10_000 * Math.min(1, SCALE));
      // The generator is not degenerate: it produces good values and errors alike.
      expect(tally.value).toBeGreaterThan(runs / 200);
      expect(tally.decode).toBeGreaterThan(runs / 10);
    }, 60_000);
  }

  // Whole, the tokenizer hands plain leaves `<a>text</a>` to the decoder in one call (XmlSink.leaf)
  // and indentation apart (XmlSink.space); fed one character at a time it never can, and every
  // leaf takes open, text, close. Both ways must give the same value, or the same error.
  it("whole documents and documents fed one character at a time decode the same (the leaf and space paths and the general one)", () => {
    const outcome = (op: OperationDescriptor, binding: Binding, chunks: readonly string[]): unknown => {
      try {
        const d = new ResponseDecoder(op, binding, op.namespace);
        for (const c of chunks) d.write(c);
        return d.end();
      } catch (err) {
        if (err instanceof AsmxError) return { error: err.name, message: err.message };
        throw err;
      }
    };
    const tally = { value: 0, error: 0 };
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS.flatMap(([, ops]) => ops)).chain((op) => fc.tuple(fc.constant(op), responseArb(op))),
        fc.array(mutation, { maxLength: 2 }),
        fc.constantFrom("", "\n  ", "\t", " \r\n"),
        ([op, { binding, doc }], mutations, indent) => {
          // Indentation between tags (HTTP GET answers have it) takes XmlSink.space when whole.
          const indented = indent === "" ? doc : doc.replace(/></g, `>${indent}<`);
          const mutated = mutations.reduce((d, m) => m(d), indented);
          const whole = outcome(op, binding, [mutated]);
          expect(outcome(op, binding, mutated.split("")), JSON.stringify(mutated).slice(0, 2000)).toEqual(whole);
          if (whole !== null && typeof whole === "object" && "error" in whole) tally.error++;
          else tally.value++;
        },
      ),
      { numRuns: Math.max(1, Math.round(2000 * SCALE)) },
    );
    expect(tally.value).toBeGreaterThan(0);
    expect(tally.error).toBeGreaterThan(0);
  }, 60_000);

  it("invalid UTF-8 bytes are a DecodeError", () => {
    const e = (() => {
      try {
        decodeResponse(RemoveCodeOperation, "soap11", Uint8Array.from([0x3c, 0xc3, 0x28, 0x3e]));
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(e).toBeInstanceOf(DecodeError);
    expect((e as DecodeError).expected).toBe("UTF-8 text");
  });
});
