/** write.ts: the only module that touches the output folder. */
import { mkdtempSync, readFileSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles, writeOutput } from "../../generator/write.ts";

function snapshotDir(dir: string): Record<string, string> {
  return Object.fromEntries(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));
}

describe("writing generated/", () => {
  it("writes atomically and rewrites only files whose content changed", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "gen-")), "out");
    const first = writeOutput(dir, new Map([["a.txt", "A"], ["sub/b.txt", "B"]]));
    expect(first).toMatchObject({ missing: ["a.txt", "sub/b.txt"], stale: [], extra: [] });
    const inodeB = statSync(join(dir, "sub/b.txt")).ino;
    const second = writeOutput(dir, new Map([["a.txt", "A2"], ["sub/b.txt", "B"], ["c.txt", "C"]]));
    expect(second).toMatchObject({ missing: ["c.txt"], stale: ["a.txt"], extra: [], unchanged: 1 });
    expect(statSync(join(dir, "sub/b.txt")).ino).toBe(inodeB); // not rewritten
    const third = writeOutput(dir, new Map([["a.txt", "A2"]]));
    expect(third.extra.sort()).toEqual(["c.txt", "sub/b.txt"]);
    expect(snapshotDir(dir)).toEqual({ "a.txt": "A2" });
    expect(readdirSync(join(dir, ".."))).toEqual(["out"]); // no staging or backup folders left
  });

  it("leaves the folder untouched when writing fails midway", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "gen-")), "out");
    writeOutput(dir, new Map([["a.txt", "A"]]));
    // "x" as a file and as a folder cannot both exist: staging fails after writing some files.
    expect(() => writeOutput(dir, new Map([["a.txt", "changed"], ["x", "file"], ["x/y.txt", "Y"]]))).toThrow();
    expect(snapshotDir(dir)).toEqual({ "a.txt": "A" });
    expect(readdirSync(join(dir, ".."))).toEqual(["out"]);
  });
});
