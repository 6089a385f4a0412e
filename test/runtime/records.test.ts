/**
 * Records on the wire, offline: record parameters encoded as nested elements in wire order
 * (base fields first, xsi:type for a subtype, xsi:nil for int?, wrapped and repeated lists), the
 * errors that name the path, and the decoder reading the same shapes back (xsi:type → `$type`).
 * The same constructs are proven against Mono in test/import/corpus.test.ts.
 */
import { describe, expect, test } from "vitest";
import { decodeResponse } from "../../templates/runtime/decode.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { DecodeError, EncodeError } from "../../templates/runtime/errors.ts";
import { EchoAnimal, EchoDrawing, EchoPoints, EchoShape, NS, soap11 } from "./support/structs.ts";

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
const drawingXml =
  "<d><Title>t &lt;&amp;&gt;</Title><Layer xsi:nil=\"true\" /><Origin><X>1</X><Y>2</Y></Origin><Path><Point><X>3</X><Y>4</Y></Point></Path><Notes />" +
  '<Main xsi:type="Ring"><Label>r</Label><Radius>2.5</Radius><Inner>1</Inner></Main><Shapes><Shape></Shape><Shape xsi:type="Square"><Label>s</Label><Side>3</Side></Shape></Shapes>' +
  "<Tag>x</Tag><Tag>y</Tag><Version>9007199254740993</Version></d>";

const body = (op: Parameters<typeof encodeRequest>[0], params: object): string => {
  const b = encodeRequest(op, "soap11", params, undefined, NS).body ?? "";
  return b.slice(b.indexOf("<soap:Body>") + 11, b.indexOf("</soap:Body>"));
};
function encodeError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof EncodeError) return err.message;
    throw err;
  }
  throw new Error("expected an EncodeError");
}
function decodeError(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof DecodeError) return err.message;
    throw err;
  }
  throw new Error("expected a DecodeError");
}

describe("record parameters (SOAP)", () => {
  test("nested elements in wire order: null omitted, int? as xsi:nil, empty list as an empty wrapper, subtypes with xsi:type, repeated items without a wrapper", () => {
    expect(body(EchoDrawing, { d: drawing })).toBe(`<EchoDrawing xmlns="${NS}">${drawingXml}</EchoDrawing>`);
  });

  test("a record given as its own kind ($type of the declared record, or none) has no xsi:type; a subtype's base fields come first", () => {
    expect(body(EchoShape, { s: { Label: "a" } })).toBe(`<EchoShape xmlns="${NS}"><s><Label>a</Label></s></EchoShape>`);
    expect(body(EchoShape, { s: { $type: "Ring", Label: "a", Radius: 1, Inner: 0.5 } })).toBe(`<EchoShape xmlns="${NS}"><s xsi:type="Ring"><Label>a</Label><Radius>1</Radius><Inner>0.5</Inner></s></EchoShape>`);
  });

  test("a list of records: one item element per record; an empty list is an empty wrapper; an omitted optional one is left out", () => {
    expect(body(EchoPoints, { points: [{ X: 1, Y: 2 }, { X: -3, Y: 0 }] })).toBe(`<EchoPoints xmlns="${NS}"><points><Point><X>1</X><Y>2</Y></Point><Point><X>-3</X><Y>0</Y></Point></points></EchoPoints>`);
    expect(body(EchoPoints, { points: [] })).toBe(`<EchoPoints xmlns="${NS}"><points /></EchoPoints>`);
    expect(body(EchoPoints, {})).toBe(`<EchoPoints xmlns="${NS}"></EchoPoints>`);
  });

  test("errors name the path inside the record, before anything is sent", () => {
    const d = (patch: object) => ({ d: { ...drawing, ...patch } });
    expect(encodeError(() => encodeRequest(EchoDrawing, "soap11", d({ Origin: { X: 1 } }), undefined, NS))).toBe("EchoDrawing (soap11): parameter d.Origin.Y: missing required field");
    expect(encodeError(() => encodeRequest(EchoDrawing, "soap11", d({ Colour: "red" }), undefined, NS))).toBe(
      "EchoDrawing (soap11): parameter d.Colour: unknown field of Drawing (known: Title, Layer, Origin, Path, Notes, Main, Shapes, Tag, Version)",
    );
    expect(encodeError(() => encodeRequest(EchoDrawing, "soap11", d({ Main: { $type: "Triangle", Label: "" } }), undefined, NS))).toBe(
      'EchoDrawing (soap11): parameter d.Main.$type: expected one of "Shape", "Square", "Circle", "Ring" (the kinds of Shape), got "Triangle"',
    );
    expect(encodeError(() => encodeRequest(EchoDrawing, "soap11", d({ Shapes: [{ $type: "Square", Label: "s", Side: 2.5 }] }), undefined, NS))).toBe("EchoDrawing (soap11): parameter d.Shapes[0].Side: int must be an integer, got 2.5");
    expect(encodeError(() => encodeRequest(EchoDrawing, "soap11", d({ Path: { X: 1, Y: 1 } }), undefined, NS))).toBe("EchoDrawing (soap11): parameter d.Path: expected an array, got object");
    expect(encodeError(() => encodeRequest(EchoDrawing, "soap11", d({ Origin: "1,2" }), undefined, NS))).toBe("EchoDrawing (soap11): parameter d.Origin: expected an object (Point), got string");
    expect(encodeError(() => encodeRequest(EchoAnimal, "soap11", { a: { Name: "x" } }, undefined, NS))).toBe("EchoAnimal (soap11): parameter a.$type: expected one of  (the kinds of Animal, which is abstract), got nothing");
  });

  test("an object that contains itself is refused, not followed forever", () => {
    const loop: Record<string, unknown> = { $type: "Shape", Label: "x" };
    const d = { ...drawing, Main: loop, Shapes: [loop, loop] };
    // The same object twice side by side is fine (not a cycle).
    expect(body(EchoDrawing, { d })).toContain("<Shapes><Shape><Label>x</Label></Shape><Shape><Label>x</Label></Shape></Shapes>");
    const self: Record<string, unknown> = { $type: "Ring", Label: "x", Radius: 1, Inner: 1 };
    self["Label"] = self;
    expect(encodeError(() => encodeRequest(EchoShape, "soap11", { s: self }, undefined, NS))).toBe("EchoShape (soap11): parameter s.Label: expected a string, got object");
  });

  test("HTTP GET/POST refuse a record parameter (ASMX reads one only from a SOAP envelope)", () => {
    expect(encodeError(() => encodeRequest(EchoShape, "httpGet", { s: { Label: "a" } }, undefined, NS))).toBe(
      "EchoShape (httpGet): parameter s: a record parameter (Shape) cannot be sent over httpGet: ASMX reads it only from a SOAP envelope; use a SOAP binding",
    );
    expect(() => encodeRequest(EchoShape, "httpPost", {}, undefined, NS)).toThrow(EncodeError);
  });
});

describe("records decoded", () => {
  const response = (inner: string) => soap11(`<EchoDrawingResponse xmlns="${NS}"><EchoDrawingResult>${inner}</EchoDrawingResult></EchoDrawingResponse>`);
  const inner = drawingXml.slice(3, -4);

  test("every construct reads back into what was sent: `$type` from xsi:type (prefixed or not), repeated items, nil int?", () => {
    const got = decodeResponse(EchoDrawing, "soap11", response(inner.replace('xsi:type="Square"', 'xmlns:q1="' + NS + '" xsi:type="q1:Square"')));
    expect(got).toEqual({ result: { ...drawing, Shapes: [{ $type: "Shape", Label: null }, { $type: "Square", Label: "s", Side: 3 }] }, headers: { ReceiptHeader: null } });
  });

  test("absent lists and repeated fields are null; the value keeps wire order of properties", () => {
    const got = decodeResponse(EchoDrawing, "soap11", response("<Layer>4</Layer><Version>1</Version>")) as { result: Record<string, unknown> };
    expect(got.result).toEqual({ Title: null, Layer: 4, Origin: null, Path: null, Notes: null, Main: null, Shapes: null, Tag: null, Version: 1n });
    expect(Object.keys(got.result)).toEqual(["Title", "Layer", "Origin", "Path", "Notes", "Main", "Shapes", "Tag", "Version"]);
  });

  test("an xsi:type that is not a kind of the declared record, or none for an abstract one, is a DecodeError naming the path", () => {
    expect(decodeError(() => decodeResponse(EchoDrawing, "soap11", response('<Layer>1</Layer><Main xsi:type="Triangle"><Label>x</Label></Main><Version>1</Version>')))).toBe(
      'EchoDrawing (soap11): at EchoDrawingResult.Main: expected xsi:type Shape or Square or Circle or Ring (kinds of Shape), found xsi:type "Triangle"',
    );
    expect(decodeError(() => decodeResponse(EchoAnimal, "soap11", soap11(`<EchoAnimalResponse xmlns="${NS}"><EchoAnimalResult><Name>x</Name></EchoAnimalResult></EchoAnimalResponse>`)))).toBe(
      "EchoAnimal (soap11): at EchoAnimalResult: expected xsi:type  (kinds of Animal), found no xsi:type",
    );
    // A subtype's own fields are known only under its xsi:type.
    expect(decodeError(() => decodeResponse(EchoShape, "soap11", soap11(`<EchoShapeResponse xmlns="${NS}"><EchoShapeResult><Label>x</Label><Side>1</Side></EchoShapeResult></EchoShapeResponse>`)))).toMatch(
      /at EchoShapeResult\.Side: expected an element of Shape \(Label\), found unknown element <Side>/,
    );
  });

  test("a nil list item of a repeated field is refused; a list of records decodes over HTTP GET too", () => {
    expect(decodeError(() => decodeResponse(EchoDrawing, "soap11", response('<Layer>1</Layer><Tag>a</Tag><Tag xsi:nil="true" /><Version>1</Version>')))).toBe(
      "EchoDrawing (soap11): at EchoDrawingResult.Tag[1]: expected string, found xsi:nil (a list item)",
    );
    expect(decodeResponse(EchoPoints, "httpGet", `<?xml version="1.0"?><ArrayOfPoint xmlns="${NS}"><Point><X>1</X><Y>2</Y></Point></ArrayOfPoint>`)).toEqual([{ X: 1, Y: 2 }]);
    expect(decodeResponse(EchoShape, "httpPost", `<Shape xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="Circle" xmlns="${NS}"><Label /><Radius>1</Radius></Shape>`)).toEqual({ $type: "Circle", Label: "", Radius: 1 });
  });
});
