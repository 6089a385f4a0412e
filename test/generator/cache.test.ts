/** cache.ts: a hit is exactly what the step stored for the same input and tools; nothing else hits. */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cacheDir, openCache, toolFingerprint } from "../../generator/cache.ts";

const dir = mkdtempSync(join(tmpdir(), "asmx-cache-"));
mkdirSync(join(dir, "node_modules"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the step cache", () => {
  it("lives in node_modules/.cache/asmx-ts of the nearest node_modules", () => {
    expect(cacheDir(join(dir, "x/y"))).toBe(join(dir, "node_modules/.cache/asmx-ts"));
  });

  it("returns what was stored for the same step, input and tools, after a save and a reopen", () => {
    const out = join(dir, "out");
    const a = openCache(out, "tools-1");
    expect(a.get("format", "input")).toBeUndefined();
    a.set("format", "input", "formatted");
    a.save();
    const b = openCache(out, "tools-1");
    expect(b.get("format", "input")).toBe("formatted");
    expect(b.get("format", "input2")).toBeUndefined();
    expect(b.get("print", "input")).toBeUndefined();
    expect(openCache(out, "tools-2").get("format", "input")).toBeUndefined();
  });

  it("drops entries a run did not use", () => {
    const out = join(dir, "out2");
    const a = openCache(out, "t");
    a.set("s", "old", "1");
    a.save();
    const b = openCache(out, "t");
    b.set("s", "new", "2");
    b.save();
    const c = openCache(out, "t");
    expect(c.get("s", "old")).toBeUndefined();
    expect(c.get("s", "new")).toBe("2");
  });

  it("fingerprints the versions of TypeScript (ts-morph) and prettier and the code of the cached steps", () => {
    const f = JSON.parse(toolFingerprint()) as { tsMorph: string; prettier: string; code: string };
    expect(f.tsMorph).toMatch(/^\d+\.\d+\.\d+/);
    expect(f.prettier).toMatch(/^\d+\.\d+\.\d+/);
    expect(f.code).toContain("transpileDeclaration");
  });
});
