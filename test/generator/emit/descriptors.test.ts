import { describe, expect, it } from "vitest";
import { emitDescriptors } from "../../../generator/emit/descriptors.ts";
import { miniModel, op, print } from "../../support/mini.ts";

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
    expect(text).toContain('{ wire: "x-y", prop: "xy", type: "int", nullable: false }');
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
    expect(text).toMatch(/import \{\s*type EnumDescriptor,\s*type RecordDescriptor,\s*defineEnum,\s*defineRecord,?\s*\} from "\.\/runtime\/index\.js";/);
  });
});

describe("emitDescriptors: a record without fields (System.TimeSpan as XmlSerializer publishes it)", () => {
  it("has no set function (nothing to set; unused parameters would not compile)", () => {
    const model = miniModel(op("SpanOf", "", "{ kind: record, type: TimeSpan, soapElement: SpanOfResult, httpRoot: TimeSpan, nullable: false }"), "records:\n  TimeSpan:\n    fields: []\n");
    const text = print(emitDescriptors(model));
    expect(text).toMatch(/defineRecord\(\{ kind: "record", name: "TimeSpan", wire: "TimeSpan", fields: \[\s*\],\s*create: \(\) => \(\{\s*\}\) \}\);/);
    expect(text).not.toContain("set:");
  });
});
