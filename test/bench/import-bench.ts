/**
 * Bench section "import": WSDL → spec import of the fixture's 9 recorded WSDL documents
 * (test/fixtures/wsdl). In process: the first import (cold JIT) and the median of warm ones;
 * end to end as users run it: the installed bin `node lib/generator/cli.js import … -o <tmp>` as a
 * child process (node start-up and loading the CLI's modules included; the bin is built first);
 * for comparison, the same from the sources with `npx tsx generator/cli.ts` (adds npx and tsx).
 * Target: under 2 s for the import of the 9 documents, end to end through the bin.
 * Quick mode (BENCH_QUICK=1): 5 warm runs, one CLI run of each.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { importWsdl } from "../../generator/wsdl/import.ts";
import { median, now } from "./lib/measure.ts";
import { runChild } from "./lib/proc.ts";
import { fmtBytes, fmtMs, type Table } from "./lib/report.ts";

export interface ImportBench {
  table: Table;
  results: Record<string, unknown>;
  /** [target, measured, met] */
  targets: [string, string, boolean][];
}

export async function benchImport(root: string, quick: boolean, env: NodeJS.ProcessEnv): Promise<ImportBench> {
  const dir = join(root, "test", "fixtures", "wsdl");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".wsdl"))
    .sort()
    .map((f) => join(dir, f));
  let t = now();
  const first = await importWsdl(files);
  const coldMs = now() - t;
  const warm: number[] = [];
  for (let i = 0; i < (quick ? 5 : 30); i++) {
    t = now();
    await importWsdl(files);
    warm.push(now() - t);
  }
  execFileSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "ignore" });
  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  const runs = async (cmd: string, args: readonly string[]) => {
    const out: { wallMs: number; peakRss: number; code: number | null }[] = [];
    for (let i = 0; i < (quick ? 1 : 5); i++) {
      const tmp = mkdtempSync(join(os.tmpdir(), "bench-import-"));
      try {
        const r = await runChild(cmd, [...args, "import", ...files, "-o", join(tmp, "spec.yaml")], { cwd: root, env, pollMs: 20, timeoutMs: 120_000 });
        out.push({ wallMs: r.wallMs, peakRss: r.peakRss, code: r.code });
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    }
    return out;
  };
  const cli = await runs(process.execPath, [join(root, "lib", "generator", "cli.js")]);
  const viaTsx = await runs(npx, ["tsx", "generator/cli.ts"]);
  const ops = first.spec.endpoints.reduce((n, e) => n + e.operations.length, 0);
  const warmMs = median(warm);
  const cliMs = median(cli.map((r) => r.wallMs));
  const table: Table = {
    title: `Import: ${files.length} recorded WSDL documents → spec (${ops} operations, ${Object.keys(first.spec.records ?? {}).length} records)`,
    headers: ["what", "time", "peak RSS", "runs"],
    rows: [
      ["in process, first (cold)", fmtMs(coldMs), "", "1"],
      ["in process, warm (median)", fmtMs(warmMs), "", String(warm.length)],
      ["the bin: node lib/generator/cli.js import … -o <tmp> (median)", fmtMs(cliMs), fmtBytes(median(cli.map((r) => r.peakRss))), String(cli.length)],
      ["from the sources: npx tsx generator/cli.ts import … (median)", fmtMs(median(viaTsx.map((r) => r.wallMs))), fmtBytes(median(viaTsx.map((r) => r.peakRss))), String(viaTsx.length)],
    ],
    notes: ["End to end = a fresh process: node start-up, loading the CLI's modules (the generate machinery is not loaded for import), reading, mapping, validating and writing the spec. The tsx row adds npx and compiling the sources on the fly."],
  };
  const ok = [...cli, ...viaTsx].every((r) => r.code === 0);
  return {
    table,
    results: { coldMs, warmMedianMs: warmMs, cli, viaTsx },
    targets: [
      ["import of the 9 fixture WSDLs: under 2 s (in process, cold)", fmtMs(coldMs), coldMs < 2000],
      ["import of the 9 fixture WSDLs: under 2 s (the bin, end to end)", `${fmtMs(cliMs)}${ok ? "" : " (non-zero exit)"}`, ok && cliMs < 2000],
    ],
  };
}
