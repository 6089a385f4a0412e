import { describe, expect, it } from "vitest";
import { emitTypes } from "../../../generator/emit/types.ts";
import { miniModel, op, print } from "../../support/mini.ts";
import { structsModel } from "../../support/structs-mini.ts";

const records = `enums:
  color: { description: A colour., values: [Red, Green] }
records:
  thing:
    description: A thing.
    fields:
      - { name: Id, type: long, description: The id. }
      - { name: Name, type: string }
      - { name: When, type: dateTime }
      - { name: Tint, type: color }
`;
const ping = op("Ping", "", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }");

describe("emitTypes", () => {
  it("writes an enum as a const array and a PascalCase union type, with its doc", () => {
    const text = print(emitTypes(miniModel(ping, records)));
    expect(text).toContain('export const ColorValues = ["Red", "Green"] as const;');
    expect(text).toContain("export type Color = (typeof ColorValues)[number];");
    expect(text).toContain("A colour.");
  });

  it("writes a record as a PascalCase interface: fields in wire order, nullable reference types, wire names in docs", () => {
    const text = print(emitTypes(miniModel(ping, records)));
    expect(text).toMatch(/export interface Thing \{[\s\S]*Id: bigint;[\s\S]*Name: string \| null;[\s\S]*When: XsdDateTime;[\s\S]*Tint: Color;[\s\S]*\}/);
    expect(text).toContain("The id.");
    expect(text).toContain("Wire: `Name` (xsd:string); `null` when the service omits it.");
    expect(text).toContain('import type { XsdDateTime } from "./runtime/index.js";');
  });

  it("writes a module even for a service with no enums and no records", () => {
    const text = print(emitTypes(miniModel(ping)));
    expect(text).toContain("export {};");
    expect(text).not.toContain("import");
  });
});

describe("emitTypes: record hierarchies and SOAP headers", () => {
  const text = print(emitTypes(structsModel()));
  it("a record with subtypes is the union of its kinds; each kind's interface has its $type; an abstract record is only the union", () => {
    expect(text).toContain("export type Shape = ShapeExact | Ring;");
    expect(text).toMatch(/export interface ShapeExact \{[\s\S]*readonly \$type: "Shape";[\s\S]*Label: string \| null;\s*\}/);
    expect(text).toMatch(/export interface Ring \{[\s\S]*readonly \$type: "Ring";[\s\S]*Label: string \| null;[\s\S]*Inner: number;\s*\}/);
    expect(text).toContain("export type Animal = Dog;");
    expect(text).not.toContain("interface Animal");
  });
  it("list and repeated fields are arrays; secret and nillable fields say so", () => {
    expect(text).toContain("Items: Shape[] | null;");
    expect(text).toContain("Tag: string[] | null;");
    expect(text).toContain("A secret: shown as `***` in errors, hooks and middleware.");
    expect(text).toContain("Sent as `xsi:nil` when `null`.");
  });
  it("SoapHeaders lists the headers the client can send, by element name", () => {
    expect(text).toMatch(/export interface SoapHeaders \{[\s\S]*readonly Auth\?: Auth \| undefined;\s*\}/);
    expect(text).not.toContain("readonly Receipt?");
  });
});
