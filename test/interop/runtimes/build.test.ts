/**
 * What the runtimes run: main.mjs carries the probe but not the package (each runtime imports the dist
 * entry itself); the page bundle carries the package's dist code.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIST_ENTRY_URL, buildPage, buildScript } from "./build.ts";

/** The runtime's XsdDateTime class, as tsc or esbuild write it. */
const XSD_CLASS = /class XsdDateTime\b|XsdDateTime = class\b/;

describe("build", () => {
  it("main.mjs imports the package at run time and inlines the probe", async () => {
    const dir = mkdtempSync(join(tmpdir(), "asmx-ts-build-"));
    try {
      const text = readFileSync(await buildScript(dir), "utf8");
      expect(text).toContain("await import(entry)");
      expect(text).toContain("function runProbe(");
      expect(text).not.toMatch(XSD_CLASS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the page bundles the dist entry and loads /page.js as a module", async () => {
    const page = await buildPage();
    expect(page.js).toMatch(XSD_CLASS);
    expect(page.js).toContain("function runProbe(");
    expect(page.js).not.toMatch(/\bimport\s*\(/);
    expect(page.html).toContain('<script type="module" src="/page.js">');
  });

  it("the dist entry is the package's exports['.']", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../generated/package.json", import.meta.url), "utf8")) as {
      exports: Record<string, { default: string }>;
    };
    expect(new URL(pkg.exports["."]!.default, new URL("../../../generated/", import.meta.url)).href).toBe(DIST_ENTRY_URL);
  });
});
