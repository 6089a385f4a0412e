/**
 * Bad specs: corrupt copies of the real spec/service.yaml (malformed YAML, schema violations,
 * unknown types, duplicates, a list without item element, a partial operation used as complete,
 * …) are each reported verbatim with file:line:column; the CLI exits 1 and leaves the output
 * folder untouched byte for byte.
 */
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SpecError } from "../../generator/spec/errors.ts";
import { loadModel as loadSpecFile } from "../../generator/load.ts";
import { CORRUPTIONS } from "./corruptions.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SPEC = readFileSync(join(ROOT, "spec/service.yaml"), "utf8");
const TSX = join(ROOT, "node_modules/.bin/tsx");
const CLI = join(ROOT, "generator/cli.ts");

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "spec-errors-"));
});
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** Writes `text` as `<dir>/service.yaml` in a fresh folder and returns the folder. */
function specDir(text: string): string {
  const dir = mkdtempSync(join(tmp, "case-"));
  writeFileSync(join(dir, "service.yaml"), text);
  return dir;
}

const report = (lines: readonly string[]): string => `The spec has ${lines.length} problem${lines.length === 1 ? "" : "s"}:\n${lines.map((l) => `  service.yaml:${l}`).join("\n")}`;

describe("loadSpecFile on corrupt copies of the real spec", () => {
  it("the real spec loads (the corruptions are what fails)", () => {
    const dir = specDir(SPEC);
    expect(() => loadSpecFile(join(dir, "service.yaml"), "service.yaml")).not.toThrow();
  });

  it.each(CORRUPTIONS.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const text = c.edit(SPEC);
    expect(text).not.toBe(SPEC);
    const dir = specDir(text);
    let err: unknown;
    try {
      loadSpecFile(join(dir, "service.yaml"), "service.yaml");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SpecError);
    const expected = c.expect(text);
    expect((err as SpecError).message).toBe(report(expected));
    for (const issue of (err as SpecError).issues) {
      expect(issue.file).toBe("service.yaml");
      expect(issue.line).toBeGreaterThan(0);
      expect(issue.column).toBeGreaterThan(0);
    }
  });

  it("a missing file", () => {
    let err: unknown;
    try {
      loadSpecFile(join(tmp, "nope.yaml"), "nope.yaml");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(SpecError);
    expect((err as SpecError).message).toMatch(/^The spec has 1 problem:\n {2}nope\.yaml:1:1 \/: cannot read spec file: ENOENT: no such file or directory, open '.*nope\.yaml' \[read\]$/);
  });

  it("counts", () => {
    console.log(`[spec] ${CORRUPTIONS.length} corrupt copies of spec/service.yaml (+1 missing file) tried`);
  });
});

/** Hash of every file under `dir`, by relative path. */
function snapshot(dir: string, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    const rel = prefix === "" ? name : `${prefix}/${name}`;
    const st = statSync(full);
    if (st.isDirectory()) for (const [k, v] of snapshot(full, rel)) out.set(k, v);
    else out.set(rel, `${st.mtimeMs} ${createHash("sha256").update(readFileSync(full)).digest("hex")}`);
  }
  return out;
}

function runCli(cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, [CLI, "generate", "--spec", "service.yaml", "--out", "out"], { cwd, timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : -1, stdout, stderr });
    });
  });
}

describe("the CLI on corrupt specs: exit 1, verbatim report, output untouched", () => {
  const CLI_CASES = [
    "malformed YAML: duplicate key",
    "unknown type of a parameter",
    "partial operation referenced as complete (partial removed, no result)",
  ];

  it(
    "each case",
    async () => {
      const cases = CLI_CASES.map((name) => {
        const c = CORRUPTIONS.find((x) => x.name === name);
        if (c === undefined) throw new Error(`no case ${name}`);
        const text = c.edit(SPEC);
        const dir = specDir(text);
        cpSync(join(ROOT, "generated"), join(dir, "out"), { recursive: true, preserveTimestamps: true, filter: (src) => !src.includes("node_modules") });
        return { c, text, dir, before: snapshot(dir) };
      });
      const results = await Promise.all(cases.map((k) => runCli(k.dir)));
      results.forEach((r, i) => {
        const k = cases[i];
        if (k === undefined) return;
        expect(r.code, k.c.name).toBe(1);
        expect(r.stdout).toBe("");
        expect(r.stderr).toBe(`${report(k.c.expect(k.text))}\nNothing was written.\n`);
        // Byte for byte (and mtime) the same files, and nothing added next to them.
        expect(snapshot(k.dir)).toEqual(k.before);
      });
      console.log(`[spec] CLI: ${results.length} corrupt specs, all exit 1 with the output folder untouched`);
    },
    90_000,
  );
});
