import { describe, expect, it } from "vitest";
import { emitDescriptors } from "../../../generator/emit/descriptors.ts";
import { miniModel, op, print } from "../../support/mini.ts";
import { structsModel } from "../../support/structs-mini.ts";

const extra = `enums:
  Color: { values: [Red] }
records:
  Outer:
    fields:
      - { name: In, type: Inner }
      - { name: c, type: Color }
  Inner:
    wireName: InnerWire
    fields:
      - { name: "x-y", tsName: xy, type: int }
`;
const ping = op("Ping", "", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }");

describe("emitDescriptors", () => {
  it("declares a record after the records it contains, with wire and property names and a shape factory", () => {
    const text = print(emitDescriptors(miniModel(ping, extra)));
    expect(text.indexOf("export const InnerRecord")).toBeLessThan(text.indexOf("export const OuterRecord"));
    expect(text).toContain('{ wire: "x-y", prop: "xy", type: intCodec, nullable: false }');
    expect(text).toContain('wire: "InnerWire"');
    expect(text).toContain('{ wire: "In", prop: "In", type: InnerRecord, nullable: true }');
    expect(text).toContain("create: () => ({ In: undefined, c: undefined })");
    // one named store per field, by position (a property key that is not an identifier is quoted)
    expect(text).toContain("set: (o, i, v) => { switch (i) { case 0: o.In = v; break; case 1: o.c = v; break; } }");
    expect(text).toContain("case 0: o.xy = v; break;");
  });

  it("imports exactly what it uses, enum values from types", () => {
    const text = print(emitDescriptors(miniModel(ping, extra)));
    expect(text).toContain('import { ColorValues } from "./types.js";');
    expect(text).toMatch(/import \{\s*type EnumDescriptor,\s*type RecordDescriptor,\s*defineEnum,\s*defineRecord,\s*intCodec,?\s*\} from "\.\/runtime\/index\.js";/);
  });
});

describe("emitDescriptors: hierarchies, list, repeated and secret fields", () => {
  const text = print(emitDescriptors(structsModel()));
  it("a base names its subtypes and is declared after them; the kinds' objects start with $type", () => {
    expect(text.indexOf("export const RingRecord")).toBeLessThan(text.indexOf("export const ShapeRecord"));
    expect(text).toMatch(/ShapeRecord[\s\S]*subtypes: \[RingRecord\],\s*discriminated: true,\s*create: \(\) => \(\{ \$type: "Shape", Label: undefined \}\)/);
    expect(text).toMatch(/AnimalRecord[\s\S]*subtypes: \[DogRecord\],\s*abstract: true,\s*discriminated: true,/);
  });
  it("fields carry item, repeated, nillable and secret", () => {
    expect(text).toContain('{ wire: "Items", prop: "Items", type: ShapeRecord, nullable: true, item: "Shape" }');
    expect(text).toContain('{ wire: "Tag", prop: "Tag", type: stringCodec, nullable: true, repeated: true }');
    expect(text).toContain('{ wire: "Size", prop: "Size", type: intCodec, nullable: true, nillable: true }');
    expect(text).toContain('{ wire: "Token", prop: "Token", type: stringCodec, nullable: true, secret: true }');
  });
});

describe("emitDescriptors: a record without fields", () => {
  it("has no setter (nothing to store; an empty switch would not type-check)", () => {
    const text = print(emitDescriptors(miniModel(op("Ping", "{ name: t, type: Empty }", "{ kind: record, type: Empty, soapElement: PingResult, nullable: false }").replace("      - name: Ping\n", "      - name: Ping\n        bindings: [soap11, soap12]\n"), "records:\n  Empty: { fields: [] }\n")));
    expect(text).toMatch(/EmptyRecord[\s\S]*create: \(\) => \(\{ {2}\}\) \}\)/);
    expect(text).not.toContain("set: (o, i, v) => { switch (i) {  } }");
  });
});
