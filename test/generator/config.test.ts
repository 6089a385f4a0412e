/** config.ts: the config file is found by walking up, validated with positions, and resolves paths relative to itself. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findConfig, loadConfig } from "../../generator/config.ts";
import { SpecError } from "../../generator/spec/errors.ts";

const dir = mkdtempSync(join(tmpdir(), "asmx-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("config files", () => {
  it("are found in the current folder or the nearest folder above", () => {
    mkdirSync(join(dir, "a/b/c"), { recursive: true });
    writeFileSync(join(dir, "a/asmx-ts.config.yaml"), "services: [{ spec: s.yaml, out: o }]\n");
    expect(findConfig(join(dir, "a/b/c"))).toBe(join(dir, "a/asmx-ts.config.yaml"));
    expect(findConfig(join(dir, "a"))).toBe(join(dir, "a/asmx-ts.config.yaml"));
  });

  it("resolve every path relative to the config file, with defaults made explicit", () => {
    const file = join(dir, "a/asmx-ts.config.json");
    writeFileSync(file, JSON.stringify({ services: [{ spec: "spec/x.yaml", out: "../gen", goldens: "g", package: { license: "MIT", version: "2.0.0" } }, { name: "two", spec: "y.yml", out: "o2", shipSource: false }] }));
    expect(loadConfig(file, "asmx-ts.config.json")).toEqual([
      { name: "x", spec: join(dir, "a/spec/x.yaml"), out: join(dir, "gen"), namespace: undefined, goldens: join(dir, "a/g"), shipSource: true, packageName: undefined, version: "2.0.0", license: "MIT" },
      { name: "two", spec: join(dir, "a/y.yml"), out: join(dir, "a/o2"), namespace: undefined, goldens: undefined, shipSource: false, packageName: undefined, version: undefined, license: undefined },
    ]);
  });

  it("report schema problems with file, line and column", () => {
    const file = join(dir, "bad.yaml");
    writeFileSync(file, "services:\n  - spec: s.yaml\n    out: o\n    outt: typo\n");
    try {
      loadConfig(file, "bad.yaml");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(SpecError);
      expect((e as SpecError).issues.map((i) => `${i.file}:${i.line}:${i.column} ${i.path} ${i.message} [${i.code}]`)).toEqual([
        'bad.yaml:2:5 /services/0 must NOT have additional properties "outt" [config]',
      ]);
    }
  });
});
