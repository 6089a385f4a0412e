/**
 * write.ts: the only module that touches the output folder.
 *
 * Issue 11 item 9: writing generated/ never leaves a moment without a complete folder. A child
 * process is killed (SIGKILL, so no cleanup code runs) after each step of a write in turn; after
 * every kill the folder exists, every file holds its complete old or new text, no file that both
 * versions have is missing, and the next run finishes the job: the folder is exactly the new
 * tree, with no staging folder or journal left beside it.
 * (On main before this change, writeOutput renamed generated/ away and then the staging folder
 * in: a kill between the two renames left no generated/ at all. That version has no step seam,
 * so this test fails there at its first assertion: the child is never killed.)
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles, recoverOutput, writeOutput } from "../../generator/write.ts";

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

const CHILD = new URL("./support/write-crash-child.ts", import.meta.url).pathname;

const OLD: Record<string, string> = { "a.txt": "A old", "sub/b.txt": "B same", "gone.txt": "G old", "dir/x.txt": "X old", x2: "a file that becomes a folder" };
const NEW: Record<string, string> = { "a.txt": "A new", "sub/b.txt": "B same", "c.txt": "C new", "deep/new/d.txt": "D new", "x2/inner.txt": "inside the new folder" };


function freshOld(): string {
  const dir = join(mkdtempSync(join(tmpdir(), "write-crash-")), "generated");
  for (const [p, t] of Object.entries(OLD)) {
    mkdirSync(dirname(join(dir, p)), { recursive: true });
    writeFileSync(join(dir, p), t);
  }
  return dir;
}

function runChild(outDir: string, crashAt: number): Promise<{ signal: NodeJS.Signals | null; stdout: string }> {
  const filesJson = join(dirname(outDir), "files.json");
  writeFileSync(filesJson, JSON.stringify(NEW));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD, outDir, filesJson, String(crashAt)], { stdio: ["ignore", "pipe", "pipe"], cwd: new URL("../../", import.meta.url).pathname });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.stdout.on("data", (b: Buffer) => (stdout += b.toString()));
    child.on("error", reject);
    child.on("exit", (code, signal) => (signal === null && code !== 0 ? reject(new Error(`child failed (${code}): ${stderr}`)) : resolve({ signal, stdout })));
  });
}

describe("writeOutput survives a kill after any step", () => {
  it("kill after each step in turn: always complete, old or new per file; the next run finishes", async () => {
    const full = await runChild(freshOld(), 0);
    const steps = JSON.parse(full.stdout) as string[];
    expect(steps.length).toBeGreaterThan(10);
    const commit = steps.indexOf("commit journal") + 1;
    const outcomes = await Promise.all(
      steps.map(async (name, i) => {
        const dir = freshOld();
        const r = await runChild(dir, i + 1);
        return { name, k: i + 1, dir, signal: r.signal };
      }),
    );
    for (const { name, k, dir, signal } of outcomes) {
      const label = `killed after step ${k} (${name})`;
      expect(signal, label).toBe("SIGKILL");
      const now = snapshotDir(dir);
      for (const [p, text] of Object.entries(now)) expect([OLD[p], NEW[p]], `${label}: ${p}`).toContain(text);
      for (const p of Object.keys(OLD)) if (p in NEW) expect(now[p], `${label}: ${p} missing`).toBeDefined();
      if (k < commit) expect(now, `${label}: before the journal, the old tree`).toEqual(OLD);
      // The next run: recovery alone gives the old tree (no journal yet) or the new one (journal written) ...
      recoverOutput(dir);
      expect(snapshotDir(dir), `${label}: recovered`).toEqual(k < commit ? OLD : NEW);
      // ... and a write finishes with exactly the new tree and nothing left beside it.
      writeOutput(dir, new Map(Object.entries(NEW)));
      expect(snapshotDir(dir), label).toEqual(NEW);
      expect(readdirSync(dirname(dir)).sort(), label).toEqual(["files.json", "generated"]);
    }
  }, 180_000);
});
