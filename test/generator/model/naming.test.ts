import { describe, expect, it } from "vitest";
import { SpecError } from "../../../generator/spec/errors.ts";
import { pascal, propertyKey } from "../../../generator/model/naming.ts";
import { miniModel, op } from "../../support/mini.ts";

const issues = (f: () => unknown): string[] => {
  try {
    f();
    return [];
  } catch (e) {
    if (e instanceof SpecError) return e.issues.map((i) => `${i.line}:${i.column} ${i.path} ${i.message} [${i.code}]`);
    throw e;
  }
};

describe("naming", () => {
  it("PascalCases type names and keeps function names as the wire has them", () => {
    expect(pascal("getMessages")).toBe("GetMessages");
    expect(pascal("MessagesBL")).toBe("MessagesBL");
    const model = miniModel(op("getX", "", "{ kind: scalar, type: int, soapElement: getXResult, httpRoot: int }"));
    const o = model.operations[0]!;
    expect([o.fnSymbol.name, o.paramsSymbol.name, o.resultSymbol.name, o.descriptorSymbol.name]).toEqual(["getX", "GetXParams", "GetXResult", "GetXOperation"]);
  });

  it("quotes property names that are not identifiers", () => {
    expect(propertyKey("a-b")).toBe('"a-b"');
    expect(propertyKey("ab")).toBe("ab");
  });

  it("reports two operations whose PascalCase types collide, at the second one", () => {
    const two = op("getX", "", "{ kind: scalar, type: int, soapElement: getXResult, httpRoot: int }") + op("GetX", "", "{ kind: scalar, type: int, soapElement: GetXResult, httpRoot: int }");
    expect(issues(() => miniModel(two))).toEqual([
      '12:9 /endpoints/0/operations/1 "GetXParams" (parameters of GetX) collides with parameters of getX: set tsName [name-collision]',
      '12:9 /endpoints/0/operations/1 "GetXResult" (result of GetX) collides with result of getX: set tsName [name-collision]',
      '12:9 /endpoints/0/operations/1 "GetXOperation" (descriptor of GetX) collides with descriptor of getX: set tsName [name-collision]',
    ]);
  });

  it("rejects __proto__ as a property name (it would not be an own property of a decoded record)", () => {
    const extra = `records:\n  R:\n    fields:\n      - { name: __proto__, type: int }\n`;
    expect(issues(() => miniModel(op("P", "", "{ kind: record, type: R, soapElement: PResult, httpRoot: R }"), extra))).toEqual([
      '8:17 /records/R/fields/0/name "__proto__" cannot be a property name of a plain object: set tsName [reserved-name]',
    ]);
  });
});
