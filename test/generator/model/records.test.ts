/**
 * The model of record hierarchies, record parameters and SOAP headers: fields flattened in wire
 * order (base first), the union of concrete kinds and its `$type` discriminator, subtypes for the
 * descriptors, HTTP bindings dropped for record parameters, the `{ result, headers }` output type
 * and the typed `soapHeaders` options; the semantic errors asserted verbatim.
 */
import { describe, expect, it } from "vitest";
import { SpecError, formatIssue } from "../../../generator/spec/errors.ts";
import { loadModelText } from "../../../generator/load.ts";
import { miniModel, miniSpec, op } from "../../support/mini.ts";

const shapes = `records:
  Shape:
    fields:
      - { name: Label, type: string }
  Circle:
    base: Shape
    fields:
      - { name: Radius, type: double }
  Ring:
    base: Circle
    fields:
      - { name: Inner, type: double }
  Animal:
    abstract: true
    fields:
      - { name: Name, type: string }
  Dog:
    base: Animal
    fields:
      - { name: Barks, type: boolean }
  Box:
    fields:
      - { name: Items, type: Shape, list: true, item: Shape }
      - { name: Tag, type: string, repeated: true }
      - { name: Size, type: int, nillable: true }
      - { name: Token, type: string, secret: true }
`;
const echo = `      - name: EchoShape
        params: [{ name: s, type: Shape, optional: true }]
        result: { kind: record, type: Shape, soapElement: EchoShapeResult, httpRoot: Shape }
      - name: Traced
        headers:
          - { element: Box, type: Box, direction: in }
          - { element: Dog, type: Dog, direction: inout }
          - { element: Ring, type: Ring, direction: out }
        params: [{ name: v, type: int }]
        result: { kind: scalar, type: int, soapElement: TracedResult, httpRoot: int }
`;

function issues(text: string): string[] {
  try {
    loadModelText(text, "t.yaml");
  } catch (err) {
    if (err instanceof SpecError) return err.issues.map(formatIssue);
    throw err;
  }
  return [];
}

describe("record hierarchies", () => {
  const m = miniModel(echo, shapes);
  const r = (name: string) => m.records.find((x) => x.name === name)!;

  it("a derived record carries its bases' fields first, in wire order", () => {
    expect(r("Ring").fields.map((f) => `${f.wireName}@${f.declaredIn}`)).toEqual(["Label@Shape", "Radius@Circle", "Inner@Ring"]);
  });

  it("a record with subtypes is the union of its concrete kinds; its own shape gets the Exact name; abstract ones have no shape", () => {
    expect([r("Shape").typeSymbol.name, r("Shape").shapeSymbol?.name, r("Shape").unionMembers?.map((s) => s.name)]).toEqual(["Shape", "ShapeExact", ["ShapeExact", "CircleExact", "Ring"]]);
    expect([r("Circle").shapeSymbol?.name, r("Circle").unionMembers?.map((s) => s.name)]).toEqual(["CircleExact", ["CircleExact", "Ring"]]);
    expect([r("Animal").shapeSymbol, r("Animal").unionMembers?.map((s) => s.name), r("Animal").subtypes]).toEqual([null, ["Dog"], ["Dog"]]);
    expect([r("Ring").typeSymbol.name, r("Ring").shapeSymbol?.name, r("Ring").unionMembers]).toEqual(["Ring", "Ring", null]);
  });

  it("records of a hierarchy have a discriminator (their name); others none", () => {
    expect(m.records.map((x) => [x.name, x.discriminator])).toEqual([
      ["Shape", "Shape"],
      ["Circle", "Circle"],
      ["Ring", "Ring"],
      ["Animal", "Animal"],
      ["Dog", "Dog"],
      ["Box", null],
    ]);
  });

  it("descriptors are declared after the subtypes they name", () => {
    const order = m.recordsInDeclarationOrder.map((x) => x.name);
    expect(order.indexOf("Ring")).toBeLessThan(order.indexOf("Circle"));
    expect(order.indexOf("Circle")).toBeLessThan(order.indexOf("Shape"));
    expect(order.indexOf("Shape")).toBeLessThan(order.indexOf("Box"));
  });

  it("list, repeated, nillable and secret fields", () => {
    expect(r("Box").fields.map((f) => [f.wireName, f.listItem, f.repeated, f.nillable, f.secret, f.nullable, f.tsType.text])).toEqual([
      ["Items", "Shape", false, false, false, true, "Shape[] | null"],
      ["Tag", null, true, false, false, true, "string[] | null"],
      ["Size", null, false, true, false, true, "number | null"],
      ["Token", null, false, false, true, true, "string | null"],
    ]);
  });
});

describe("record parameters and SOAP headers", () => {
  const m = miniModel(echo, shapes);
  const o = (name: string) => m.operations.find((x) => x.name === name)!;

  it("an operation with a record parameter is offered over the bindings with a SOAP envelope only", () => {
    expect(o("EchoShape").bindings).toEqual(["soap11", "soap12"]);
    expect(o("Traced").bindings).toBeNull();
  });

  it("headers: direction in sent, out received, inout both; the output type wraps the result when some come back", () => {
    expect(o("Traced").headers.map((h) => [h.element, h.sent, h.received])).toEqual([
      ["Box", true, false],
      ["Dog", true, true],
      ["Ring", false, true],
    ]);
    expect(o("Traced").outputType.text).toBe("{ readonly result: number; readonly headers: { readonly Dog: Dog | null; readonly Ring: Ring | null } }");
    expect(o("EchoShape").outputType.text).toBe("Shape | null");
  });

  it("options are typed with the service's SoapHeaders (headers sent, by element name) when it has any", () => {
    expect(m.soapHeaders?.headers.map((h) => h.element)).toEqual(["Box", "Dog"]);
    expect(o("EchoShape").optionsType.text).toBe("CallOptions<SoapHeaders>");
    expect(m.clientOptionsType.text).toBe("ClientOptions<SoapHeaders>");
    const plain = miniModel(op("Ping", "", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }"));
    expect([plain.soapHeaders, plain.operations[0]!.optionsType.text, plain.clientOptionsType.text]).toEqual([null, "CallOptions", "ClientOptions"]);
  });

  it("examples of record parameters list every property ($type for a hierarchy; null for absent references deeper down)", () => {
    expect(o("EchoShape").exampleArgs.text).toBe('{ s: { "$type": "Shape", Label: "" } }');
  });
});

describe("errors", () => {
  const ping = op("Ping", "", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }");
  it("a base that is not a record, a base cycle", () => {
    expect(issues(miniSpec(ping, "records:\n  A: { base: Nope, fields: [] }\n"))).toEqual(['t.yaml:6:14 /records/A/base: base "Nope" of record A is not a record [unknown-type]']);
    expect(issues(miniSpec(ping, "records:\n  A: { base: B, fields: [] }\n  B: { base: A, fields: [] }\n"))).toEqual([
      "t.yaml:6:14 /records/A/base: record A extends itself (through B → A) [base-cycle]",
      "t.yaml:7:14 /records/B/base: record B extends itself (through A → B) [base-cycle]",
    ]);
  });

  it("a field repeated and a list at once; a field named $type; a field that repeats a base field", () => {
    const recs = `records:
  A:
    fields:
      - { name: X, type: int, list: true, item: int, repeated: true }
      - { name: Y, tsName: $type, type: int }
  B:
    base: A
    fields:
      - { name: X, type: int }
`;
    expect(issues(miniSpec(ping, recs))).toEqual([
      't.yaml:8:64 /records/A/fields/0/repeated: field "X" of A is both a wrapped list and repeated: keep one [repeated-with-list]',
      't.yaml:9:17 /records/A/fields/1/name: "$type" is the property that names a record\'s kind: set another tsName [reserved-name]',
      't.yaml:13:17 /records/B/fields/0/name: duplicate field "X" in record B [duplicate-name]',
    ]);
  });

  it("a header that is not a record; one element with two types", () => {
    const ops = `      - name: A
        headers: [{ element: H, type: int, direction: in }]
        params: []
        result: { kind: scalar, type: int, soapElement: AResult, httpRoot: int }
      - name: B
        headers: [{ element: H, type: R, direction: in }, { element: H, type: R, direction: out }]
        params: []
        result: { kind: scalar, type: int, soapElement: BResult, httpRoot: int }
      - name: C
        headers: [{ element: H, type: S, direction: in }]
        params: []
        result: { kind: scalar, type: int, soapElement: CResult, httpRoot: int }
`;
    expect(issues(miniSpec(ops, "records:\n  R: { fields: [] }\n  S: { fields: [] }\n"))).toEqual([
      't.yaml:13:39 /endpoints/0/operations/0/headers/0/type: SOAP header "H" of A must be a record, not "int" [header-type]',
      't.yaml:17:70 /endpoints/0/operations/1/headers/1/element: duplicate SOAP header "H" in B [duplicate-name]',
      't.yaml:21:39 /endpoints/0/operations/2/headers/0/type: SOAP header "H" is sent as S here and as R elsewhere: one element, one type (the client\'s soapHeaders are shared) [header-type]',
    ]);
  });
});
