/**
 * The test kit's response writer for the record constructs: subtypes with xsi:type, wrapped and
 * repeated lists, xsi:nil for int?, out SOAP headers from a handler's `{ result, headers }`; each
 * read back by the client's decoder (which test/import/corpus.test.ts proves against Mono).
 */
import { describe, expect, test } from "vitest";
import { BINDING_INFO } from "../../templates/runtime/binding.ts";
import { decodeResponse } from "../../templates/runtime/decode.ts";
import { ResultError, writeResult } from "../../templates/testing/write.ts";
import { EchoDrawing, EchoShape, NS, Traced } from "../runtime/support/structs.ts";

const drawing = {
  Title: "t <&>",
  Layer: null,
  Origin: { X: 1, Y: 2 },
  Path: [{ X: 3, Y: 4 }],
  Notes: [],
  Main: { $type: "Ring", Label: "r", Radius: 2.5, Inner: 1 },
  Shapes: [{ $type: "Shape", Label: null }, { $type: "Square", Label: "s", Side: 3 }],
  Tag: ["x", "y"],
  Version: 9007199254740993n,
};

describe("writeResult: records", () => {
  test("SOAP: a record with every construct and an out header read back as the handler gave them", () => {
    const output = { result: drawing, headers: { ReceiptHeader: { Count: 2, Note: "n" } } };
    const res = writeResult(EchoDrawing, BINDING_INFO.soap12, NS, output);
    expect(res.body).toContain(`<soap:Header><ReceiptHeader xmlns="${NS}"><Count>2</Count><Note>n</Note></ReceiptHeader></soap:Header>`);
    expect(res.body).toContain('<Layer xsi:nil="true" /><Origin><X>1</X><Y>2</Y></Origin><Path><Point><X>3</X><Y>4</Y></Point></Path><Notes /><Main xsi:type="Ring">');
    expect(res.body).toContain("<Tag>x</Tag><Tag>y</Tag>");
    expect(decodeResponse(EchoDrawing, "soap12", res.body)).toEqual(output);
  });

  test("HTTP: indented, the root with xsi:type for a subtype", () => {
    const res = writeResult(EchoShape, BINDING_INFO.httpGet, NS, { $type: "Ring", Label: "r", Radius: 1, Inner: 0 });
    expect(res.body).toContain(`<Shape xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="Ring" xmlns="${NS}">\n  <Label>r</Label>\n  <Radius>1</Radius>\n  <Inner>0</Inner>\n</Shape>`);
    expect(decodeResponse(EchoShape, "httpGet", res.body)).toEqual({ $type: "Ring", Label: "r", Radius: 1, Inner: 0 });
  });

  test("a handler of an operation with out headers must return { result, headers }; a wrong $type is named", () => {
    expect(() => writeResult(Traced, BINDING_INFO.soap11, NS, 7)).toThrow(new ResultError("", "Traced receives SOAP headers: return { result, headers }"));
    expect(() => writeResult(EchoShape, BINDING_INFO.soap11, NS, { $type: "Blob", Label: "" })).toThrow("result: $type must be one of Shape, Square, Circle, Ring, got \"Blob\"");
  });
});
