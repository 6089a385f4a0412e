import { describe, expect, it } from "vitest";
import { GeneratedFile } from "../../../generator/codegen/generated-file.ts";
import { Kind } from "../../../generator/codegen/kinds.ts";
import { symbol, tt } from "../../../generator/model/symbols.ts";
import { print } from "../../support/mini.ts";

const Thing = symbol("Thing", "types", true);
const ThingRecord = symbol("ThingRecord", "descriptors", false);
const invoke = symbol("invoke", "runtime/index", false);
const Config = symbol("Config", "runtime/index", true);

describe("GeneratedFile", () => {
  it("imports what is used, once, sorted, type-only where only types are used, with paths relative to the file", () => {
    const file = new GeneratedFile({ path: "src/endpoints/x.ts", header: "// h\n" });
    file.use(invoke);
    file.use(Config);
    file.use(Config);
    file.type(tt`${{ text: "Thing", refs: [Thing] }}[]`);
    file.value({ text: "ThingRecord", refs: [ThingRecord] });
    file.push({ kind: Kind.TypeAlias, name: "A", type: "1" });
    const text = print(file.toSource());
    expect(text).toContain('import { ThingRecord } from "../descriptors.js";');
    expect(text).toContain('import { type Config, invoke } from "../runtime/index.js";');
    expect(text).toContain('import type { Thing } from "../types.js";');
    expect(text.indexOf("../descriptors.js")).toBeLessThan(text.indexOf("../runtime/index.js"));
  });

  it("upgrades a type-only import when the same symbol is later used as a value", () => {
    const file = new GeneratedFile({ path: "src/client.ts", header: "// h\n" });
    file.useType(ThingRecord);
    file.use(ThingRecord);
    expect(print(file.toSource())).toContain('import { ThingRecord } from "./descriptors.js";');
  });

  it("never imports from its own module, and routes every import through one module when asked", () => {
    const own = new GeneratedFile({ path: "src/types.ts", header: "// h\n" });
    own.use(Thing);
    expect(print(own.toSource())).not.toContain("import");
    const test = new GeneratedFile({ path: "test/x.test.ts", header: "// h\n", importAllFrom: "index" });
    test.use(Thing);
    test.use(invoke);
    test.useExternal("vitest", "it");
    const text = print(test.toSource());
    expect(text).toContain('import { it } from "vitest";');
    expect(text).toContain('import { type Thing, invoke } from "../src/index.js";');
  });

  it("makes an empty file a module", () => {
    expect(print(new GeneratedFile({ path: "src/types.ts", header: "// h\n" }).toSource())).toContain("export {};");
  });
});
