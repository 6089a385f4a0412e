import { describe, expect, it } from "vitest";
import { emitGoldenTests } from "../../../generator/emit/golden-tests.ts";
import { miniModel, op, print } from "../../support/mini.ts";

describe("emitGoldenTests", () => {
  const model = miniModel(op("Ping", "{ name: n, type: int }, { name: when, type: dateTime }", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }"));
  const text = print(emitGoldenTests(model, "../goldens/"));

  it("is self-contained: it imports only the package's entry point, vitest and node:fs", () => {
    const imports = [...text.matchAll(/from "([^"]+)"/g)].map((m) => m[1]).sort();
    expect(imports).toEqual(["../src/index.js", "node:fs", "vitest"]);
  });

  it("compares every operation × binding with a golden file in the configured folder, and checks for orphans", () => {
    expect(text).toContain('["Ping", (binding: Binding) => formatWireRequest(prepareRequest(config, PingOperation, { n: 2147483647, when: XsdDateTime.parse("2024-12-31T23:59:59") }, { binding }))]');
    expect(text).toContain("toMatchFileSnapshot(`../goldens/${name}.${binding}.http`)");
    expect(text).toContain('readdirSync(new URL("../goldens/", import.meta.url))');
    expect(text).toContain("expect(found).toEqual(expected);");
  });
});
