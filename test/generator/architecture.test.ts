/**
 * What may import what (STYLE.md): the model never imports ts-morph or the file system;
 * emitters never touch the file system; the runtime imports nothing but itself.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../generator/write.ts";

const root = new URL("../../", import.meta.url).pathname;

function importsOf(dir: string): Array<{ file: string; spec: string }> {
  return listFiles(join(root, dir))
    .filter((f) => f.endsWith(".ts"))
    .flatMap((f) => [...readFileSync(join(root, dir, f), "utf8").matchAll(/^\s*(?:import|export)\b[^;]*?from\s+"([^"]+)"/gm)].map((m) => ({ file: `${dir}/${f}`, spec: m[1] ?? "" })));
}

describe("import rules", () => {
  it("the model imports neither ts-morph nor the file system, nor the emitters", () => {
    const bad = importsOf("generator/model").filter(({ spec }) => spec === "ts-morph" || spec.startsWith("node:") || spec.includes("/emit/"));
    expect(bad).toEqual([]);
  });

  it("emitters never touch the file system (assets are read by generator/assets.ts)", () => {
    const bad = importsOf("generator/emit").filter(({ spec }) => spec.startsWith("node:") || spec === "fs" || spec === "path");
    expect(bad).toEqual([]);
  });

  it("the runtime imports only its own modules", () => {
    const bad = importsOf("templates/runtime").filter(({ spec }) => !/^\.\/[a-z-]+\.js$/.test(spec));
    expect(bad).toEqual([]);
  });

  it("the test kit imports only the runtime, itself, and (in msw-handlers.ts only) msw", () => {
    const bad = importsOf("templates/testing").filter(
      ({ file, spec }) => !/^\.\.\/runtime\/[a-z-]+\.js$/.test(spec) && !/^\.\/[a-z-]+\.js$/.test(spec) && !(spec === "msw" && file.endsWith("/msw-handlers.ts")),
    );
    expect(bad).toEqual([]);
    expect(importsOf("templates/testing").length).toBeGreaterThan(5);
  });

  it("only write.ts, cli.ts, assets.ts and the spec reader touch the disk", () => {
    const users = importsOf("generator")
      .filter(({ spec }) => spec === "node:fs")
      .map(({ file }) => file)
      .sort();
    expect(users).toEqual(["generator/assets.ts", "generator/spec/load.ts", "generator/write.ts"]);
  });
});
