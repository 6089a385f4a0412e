import { describe, expect, it } from "vitest";
import { emitTypes } from "../../../generator/emit/types.ts";
import { miniModel, op, print } from "../../support/mini.ts";

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
