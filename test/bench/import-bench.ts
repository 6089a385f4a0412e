/**
 * Bench section "import": WSDL → spec import of the fixture's 9 recorded WSDL documents
 * (test/fixtures/wsdl). In process: the first import (cold JIT) and the median of warm ones;
 * end to end: `npx tsx generator/cli.ts import … -o <tmp>` as a child process (includes npx, tsx
 * and loading the CLI's modules). Target: under 2 s for the import of the 9 documents.
 * Quick mode (BENCH_QUICK=1): 5 warm runs, one CLI run.
 */
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
  const cli: { wallMs: number; peakRss: number; code: number | null }[] = [];
  for (let i = 0; i < (quick ? 1 : 3); i++) {
    const tmp = mkdtempSync(join(os.tmpdir(), "bench-import-"));
    try {
      const r = await runChild(process.platform === "win32" ? "npx.cmd" : "npx", ["tsx", "generator/cli.ts", "import", ...files, "-o", join(tmp, "spec.yaml")], {
        cwd: root,
        env,
        pollMs: 20,
        timeoutMs: 120_000,
      });
      cli.push({ wallMs: r.wallMs, peakRss: r.peakRss, code: r.code });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  const ops = first.spec.endpoints.reduce((n, e) => n + e.operations.length, 0);
  const warmMs = median(warm);
  const cliMs = median(cli.map((r) => r.wallMs));
  const table: Table = {
    title: `Import: ${files.length} recorded WSDL documents → spec (${ops} operations, ${Object.keys(first.spec.records ?? {}).length} records)`,
    headers: ["what", "time", "peak RSS", "runs"],
    rows: [
      ["in process, first (cold)", fmtMs(coldMs), "", "1"],
      ["in process, warm (median)", fmtMs(warmMs), "", String(warm.length)],
      ["npx tsx generator/cli.ts import … -o <tmp> (median)", fmtMs(cliMs), fmtBytes(median(cli.map((r) => r.peakRss))), String(cli.length)],
    ],
    notes: ["The CLI figure includes npx, tsx start-up and loading the CLI's modules (it also loads the generator's)."],
  };
  const ok = cli.every((r) => r.code === 0);
  return {
    table,
    results: { coldMs, warmMedianMs: warmMs, cli },
    targets: [
      ["import of the 9 fixture WSDLs: under 2 s (in process, cold)", fmtMs(coldMs), coldMs < 2000],
      ["import of the 9 fixture WSDLs: under 2 s (CLI end to end)", `${fmtMs(cliMs)}${ok ? "" : " (non-zero exit)"}`, ok && cliMs < 2000],
    ],
  };
}
