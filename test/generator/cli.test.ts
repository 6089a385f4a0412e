/** cli.ts: the `asmx-ts` command, run as a user runs it (a child process). */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listFiles } from "../../generator/write.ts";

const root = new URL("../../", import.meta.url).pathname;
const specPath = join(root, "spec/service.yaml");
const config = join(root, "spec/asmx-ts.config.json");

function snapshotDir(dir: string): Record<string, string> {
  return Object.fromEntries(listFiles(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));
}

const tsx = import.meta.resolve("tsx");
const cli = (args: readonly string[], cwd = root) => spawnSync(process.execPath, ["--import", tsx, join(root, "generator/cli.ts"), ...args], { cwd, encoding: "utf8" });

describe("the CLI", () => {
  it("--check lists stale, missing and extra files, exits 1 and writes nothing", () => {
    // The same layout elsewhere: generated files name the spec relative to the output folder.
    const copy = mkdtempSync(join(tmpdir(), "gen-"));
    for (const d of ["spec", "generated", "test/golden"]) cpSync(join(root, d), join(copy, d), { recursive: true });
    const dir = join(copy, "generated");
    writeFileSync(join(dir, "src/types.ts"), "// edited by hand\n");
    unlinkSync(join(dir, "src/client.ts"));
    writeFileSync(join(dir, "src/leftover.ts"), "export {};\n");
    const before = snapshotDir(dir);
    const r = cli(["generate", "--check", "--config", join(copy, "spec/asmx-ts.config.json")]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("stale    src/types.ts");
    expect(r.stderr).toContain("missing  src/client.ts");
    expect(r.stderr).toContain("extra    src/leftover.ts");
    expect(r.stderr).toContain("(3 files)");
    expect(snapshotDir(dir)).toEqual(before);
    rmSync(copy, { recursive: true, force: true });
  }, 120_000);

  it("--check passes on the committed generated/ folder, from any current folder", () => {
    const r = cli(["generate", "--check", "--config", config]);
    expect(r.stderr).toBe("");
    expect(r.stdout).toMatch(/^generated is up to date with spec\/service.yaml \(\d+ files, \d+ ms\)\.\n$/);
    expect(r.status).toBe(0);
    const elsewhere = cli(["generate", "--check", "--config", config], tmpdir());
    expect(elsewhere.stderr).toBe("");
    expect(elsewhere.status).toBe(0);
  }, 120_000);

  it("a spec error exits 1, reports file:line:column and leaves the output untouched", () => {
    const dir = mkdtempSync(join(tmpdir(), "gen-"));
    const spec = join(dir, "bad.yaml");
    writeFileSync(spec, readFileSync(specPath, "utf8").replace("{ name: msgId, type: long }", "{ name: msgId, type: longg }"));
    const out = join(dir, "out");
    cpSync(join(root, "generated"), out, { recursive: true });
    const before = snapshotDir(out);
    const r = cli(["generate", "--spec", spec, "--out", out]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bad\.yaml:\d+:\d+ \/endpoints\/0\/operations\/0\/params\/5\/type: unknown type "longg"/);
    expect(r.stderr).toContain("Nothing was written.");
    expect(snapshotDir(out)).toEqual(before);
  }, 120_000);

  it("--help shows the options and examples", () => {
    const out = execFileSync(process.execPath, ["--import", tsx, join(root, "generator/cli.ts"), "--help"], { cwd: root, encoding: "utf8" });
    for (const s of ["--spec", "--out", "--check", "--watch", "--config", "--namespace", "Examples:", "asmx-ts generate --check"]) expect(out).toContain(s);
  }, 60_000);
});
