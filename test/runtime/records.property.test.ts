/**
 * Property (fast-check): a record parameter with every record construct — nested and listed
 * records, subtypes on two levels in a field and in a list, wrapped and repeated string lists,
 * int? nil or set, hard strings (XML specials, CR, astral) — survives the whole trip: the client
 * encodes it (SOAP 1.1 and 1.2), the test kit's mock reads it back as ASMX would, the mock writes
 * it as the result with an out header, and the client decodes exactly the same value. (CR comes
 * back as LF, as XML reads it: test/interop/NOTES.md §3.)
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { BINDING_INFO } from "../../templates/runtime/binding.ts";
import { decodeResponse } from "../../templates/runtime/decode.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { ServiceIndex, readRequest } from "../../templates/testing/read.ts";
import { writeResult } from "../../templates/testing/write.ts";
import { EchoDrawing, NS } from "./support/structs.ts";

const cleanXml = (s: string): string => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");
const text = fc.oneof(fc.string({ unit: "binary", maxLength: 12 }).map(cleanXml), fc.constantFrom("<&>", "]]>", "\r\n", " a ", "", "𝄞", "سلام"));
const int = fc.integer({ min: -2147483648, max: 2147483647 });
const dbl = fc.double({ noNaN: true, noDefaultInfinity: true });
const point = fc.record({ X: int, Y: int });
const label = fc.option(text, { nil: null });
const shape = fc.oneof(
  fc.record({ $type: fc.constant("Shape"), Label: label }),
  fc.record({ $type: fc.constant("Square"), Label: label, Side: int }),
  fc.record({ $type: fc.constant("Circle"), Label: label, Radius: dbl }),
  fc.record({ $type: fc.constant("Ring"), Label: label, Radius: dbl, Inner: dbl }),
);
const list = <T>(a: fc.Arbitrary<T>) => fc.option(fc.array(a, { maxLength: 3 }), { nil: null });
const drawing = fc.record({
  Title: label,
  Layer: fc.option(int, { nil: null }),
  Origin: fc.option(point, { nil: null }),
  Path: list(point),
  Notes: list(text),
  Main: fc.option(shape, { nil: null }),
  Shapes: list(shape),
  // An empty repeated field has no element at all: it reads back as null.
  Tag: fc.option(fc.array(text, { minLength: 1, maxLength: 3 }), { nil: null }),
  Version: fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
});
const lf = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : typeof x === "string" ? x.replace(/\r\n?/g, "\n") : x)));
const index = new ServiceIndex({ structs: { EchoDrawing } }, NS);

describe("record parameters round-trip: client → mock → client", () => {
  test.each(["soap11", "soap12"] as const)("%s", (binding) => {
    fc.assert(
      fc.property(drawing, (d) => {
        const wire = encodeRequest(EchoDrawing, binding, { d }, undefined, NS);
        const call = readRequest(index, { method: "POST", pathname: wire.path, query: "", headers: new Headers(wire.headers), body: wire.body ?? "" });
        if (call.kind !== "call") throw new Error(call.response.body);
        expect(lf(call.params)).toEqual(lf({ d }));
        const out = writeResult(EchoDrawing, BINDING_INFO[binding], NS, { result: call.params["d"], headers: { ReceiptHeader: { Count: 1, Note: null } } });
        expect(lf(decodeResponse(EchoDrawing, binding, out.body))).toEqual(lf({ result: d, headers: { ReceiptHeader: { Count: 1, Note: null } } }));
      }),
      { numRuns: 150 },
    );
  });
});
