/**
 * Semantic checks of the model builder, each asserted verbatim (code, message, line, column,
 * path). Corrupt copies of the real spec through the CLI are tested in test/spec/.
 */
import { describe, expect, it } from "vitest";
import { SpecError, formatIssue } from "../../../generator/spec/errors.ts";
import { loadModelText as loadSpecText } from "../../../generator/load.ts";

const base = (ops: string, extra = ""): string => `service:
  name: T
  namespace: http://tempuri.org/
  package: { name: t, version: 1.0.0 }
enums:
  Color: { values: [Red, Green] }
records:
  Item:
    fields:
      - { name: Id, type: long }
      - { name: Name, type: string }
${extra}endpoints:
  - name: things
    path: /post/things.asmx
    operations:
${ops}`;

/** Issues of a spec made of `base` and these operations. */
const issues = (ops: string): string[] => rawIssues(base(ops));

function rawIssues(text: string): string[] {
  try {
    loadSpecText(text, "t.yaml");
  } catch (err) {
    if (err instanceof SpecError) return err.issues.map(formatIssue);
    throw err;
  }
  return [];
}

describe("spec errors", () => {
  it("accepts a valid spec", () => {
    expect(
      issues(`      - name: Get
        params:
          - { name: ids, type: long, list: true, item: long }
        result: { kind: list, type: Item, item: Item, soapElement: GetResult, httpRoot: ArrayOfItem }
`),
    ).toEqual([]);
  });

  it("reports an unknown type with its place and the known types", () => {
    expect(
      issues(`      - name: Get
        params:
          - { name: a, type: Integer }
        result: { kind: scalar, type: int, soapElement: GetResult, httpRoot: int }
`),
    ).toEqual([
      't.yaml:18:30 /endpoints/0/operations/0/params/0/type: unknown type "Integer" (known: string, int, long, double, boolean, dateTime, unsignedByte, base64Binary, byte, short, unsignedShort, unsignedInt, unsignedLong, float, decimal, date, time, duration, anyURI, guid, hexBinary, char, QName, xml, Color, Item) [unknown-type]',
    ]);
  });

  it("reports a list parameter without item element, and an item without list", () => {
    expect(
      issues(`      - name: Get
        params:
          - { name: ids, type: long, list: true }
          - { name: one, type: int, item: int }
        result: { kind: scalar, type: int, soapElement: GetResult, httpRoot: int }
`),
    ).toEqual([
      't.yaml:18:13 /endpoints/0/operations/0/params/0: list parameter "ids" of Get has no item element (add "item") [list-item-missing]',
      't.yaml:19:43 /endpoints/0/operations/0/params/1/item: parameter "one" of Get has an item element but is not a list (add "list: true") [item-without-list]',
    ]);
  });

  it("reports result elements that do not match the result kind, all at once", () => {
    expect(
      issues(`      - name: Get
        params: []
        result: { kind: list, type: Item, item: Items, soapElement: GetResponse, httpRoot: Item }
`),
    ).toEqual([
      't.yaml:18:69 /endpoints/0/operations/0/result/soapElement: Get: SOAP result element "GetResponse" must be "GetResult" [result-element-mismatch]',
      't.yaml:18:49 /endpoints/0/operations/0/result/item: Get: list item element "Items" does not match type Item (expected "Item") [result-element-mismatch]',
      't.yaml:18:92 /endpoints/0/operations/0/result/httpRoot: Get: HTTP root "Item" does not match a list of Item (expected "ArrayOfItem") [result-element-mismatch]',
    ]);
  });

  it("reports duplicates", () => {
    expect(
      issues(
        `      - name: Get
        params:
          - { name: a, type: int }
          - { name: a, type: int }
        result: { kind: scalar, type: int, soapElement: GetResult, httpRoot: int }
      - name: Get
        params: []
        result: { kind: scalar, type: int, soapElement: GetResult, httpRoot: int }
`,
      ),
    ).toEqual([
      't.yaml:19:21 /endpoints/0/operations/0/params/1/name: duplicate parameter "a" in Get [duplicate-name]',
      't.yaml:21:15 /endpoints/0/operations/1/name: duplicate operation "Get" in endpoint things [duplicate-name]',
    ]);
  });

  it("reports a partial operation given a result", () => {
    expect(
      issues(`      - name: Get
        partial: true
        params: []
        result: { kind: scalar, type: int, soapElement: GetResult, httpRoot: int }
`),
    ).toEqual([
      't.yaml:19:9 /endpoints/0/operations/0/result: Get is marked partial but has a result: remove "partial" or the result [partial-with-result]',
    ]);
  });

  it("reports names that collide in the generated package", () => {
    expect(
      issues(
        `      - name: Item
        params: []
        result: { kind: scalar, type: int, soapElement: ItemResult, httpRoot: int }
`,
      ),
    ).toEqual(['t.yaml:16:9 /endpoints/0/operations/0: "Item" (operation Item) collides with record Item: set tsName [name-collision]']);
  });

  it("reports schema violations with their place: missing and unknown properties, bad enum values", () => {
    expect(
      issues(`      - name: Get
        params:
          - { name: a, type: int, optinal: true }
        result: { kind: table, type: int, soapElement: GetResult, httpRoot: int }
`),
    ).toEqual([
      't.yaml:18:35 /endpoints/0/operations/0/params/0/optinal: unknown property "optinal" [schema]',
      't.yaml:19:25 /endpoints/0/operations/0/result/kind: must be one of "scalar", "record", "list", "void" [schema]',
    ]);
    expect(issues(`      - name: Get\n        params: []\n`)).toEqual([
      't.yaml:16:9 /endpoints/0/operations/0: missing required property "result" [schema]',
    ]);
  });

  it("reports malformed YAML with line and column", () => {
    expect(rawIssues("service: [\n  name: x\n")).toEqual([expect.stringMatching(/^t\.yaml:\d+:\d+ \/: .+ \[yaml\]$/)]);
  });
});
