/**
 * Bench section "generate": the installed tool's own figures. Builds the bin (`npm run build`,
 * compiled JavaScript run with plain node, as users run it) and times, at 35 operations (the
 * real spec), 350 and 3,500 (synthetic: the real spec's endpoints repeated with renamed
 * operations): `generate` with no cache (type-check included), `generate --check` with a warm
 * cache, and `generate --check --no-cache`; wall time and peak RSS of the process tree.
 * Linear growth means time and memory per operation stay flat from 350 to 3,500.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseDocument } from "yaml";
import { median } from "./lib/measure.ts";
import { runChild } from "./lib/proc.ts";
import { fmtBytes, fmtMs, type Table } from "./lib/report.ts";

export interface GeneratorBenchResult {
  readonly table: Table;
  readonly targets: Array<{ name: string; measured: string; met: boolean | null }>;
  readonly raw: Record<string, unknown>;
}

interface RawOp {
  name: string;
  result?: { soapElement: string };
}
interface RawEndpoint {
  name: string;
  path: string;
  alternatePaths?: string[];
  operations: RawOp[];
}

/** The real spec with its endpoints repeated `times` times (copy k renames endpoints, paths and operations with a `_k` suffix). */
export function syntheticSpec(specText: string, times: number): string {
  const doc = parseDocument(specText);
  const raw = doc.toJS() as { endpoints: RawEndpoint[] };
  const endpoints: RawEndpoint[] = [];
  for (let k = 0; k < times; k++) {
    for (const ep of raw.endpoints) {
      const sfx = k === 0 ? "" : `_${k}`;
      endpoints.push({
        ...ep,
        name: `${ep.name}${sfx}`,
        path: ep.path.replace(/\.asmx$/i, `${sfx}.asmx`),
        ...(ep.alternatePaths ? { alternatePaths: ep.alternatePaths.map((p) => p.replace(/\.asmx$/i, `${sfx}.asmx`)) } : {}),
        operations: ep.operations.map((o) => {
          const name = `${o.name}${sfx}`;
          const copy = { ...o, name } as RawOp & { path?: string };
          if (copy.path) copy.path = copy.path.replace(/\.asmx$/i, `${sfx}.asmx`);
          if (o.result) copy.result = { ...o.result, soapElement: `${name}Result` };
          return copy;
        }),
      });
    }
  }
  doc.set("endpoints", doc.createNode(endpoints));
  return doc.toString({ lineWidth: 0 });
}

export async function benchGeneratorScale(root: string, quick: boolean, log: (s: string) => void): Promise<GeneratorBenchResult> {
  const table: Table = {
    title: "5. Generator: the installed bin (node lib/generator/cli.js), at 35, 350 and 3,500 operations, median",
    headers: ["operations", "files", "generate (no cache)", "peak RSS", "--check (warm cache)", "peak RSS", "--check --no-cache", "peak RSS", "per op (generate)"],
    rows: [],
    notes: [
      "generate (no cache) = every step computed: print, prettier, strict type-check of the package, dist emit. --check never type-checks (it compares with files that were type-checked when written).",
      "warm cache = node_modules/.cache/asmx-ts holds the results of unchanged steps (keyed by content hashes and tool versions), so TypeScript and prettier are not even loaded.",
      "Wall time includes node start-up. Peak RSS = max VmHWM over the process tree, polled every 20 ms.",
      "350 and 3,500 = the real spec's 9 endpoint files repeated 10 and 100 times with renamed operations (35 operations each).",
    ],
  };
  log("[generate] building the bin (npm run build) ...");
  execFileSync("npm", ["run", "-s", "build"], { cwd: root, stdio: "ignore" });
  const cli = join(root, "lib", "generator", "cli.js");
  const specText = readFileSync(join(root, "spec", "service.yaml"), "utf8");
  const sizes = quick ? [1, 10] : [1, 10, 100];
  const samples = quick ? 1 : 3;
  const targets: GeneratorBenchResult["targets"] = [];
  const raw: Record<string, unknown> = {};
  const perOp: Record<number, { genMs: number; genRss: number }> = {};
  for (const times of sizes) {
    const ops = 35 * times;
    const dir = mkdtempSync(join(os.tmpdir(), `bench-gen-${ops}-`));
    // A node_modules folder makes the cache live beside the output, as in an application.
    mkdirSync(join(dir, "node_modules"));
    const spec = join(dir, "spec", "service.yaml");
    mkdirSync(join(dir, "spec"));
    writeFileSync(spec, syntheticSpec(specText, times));
    const out = join(dir, "generated");
    const run = async (args: string[]) => {
      const r = await runChild(process.execPath, [cli, "generate", "--spec", spec, "--out", out, ...args], { cwd: dir, pollMs: 20, timeoutMs: 900_000 });
      if (r.code !== 0) throw new Error(`generate ${args.join(" ")} at ${ops} operations exited ${r.code}: ${(r.stderr || r.stdout).slice(-500)}`);
      return r;
    };
    try {
      const n = times === 100 ? 1 : samples;
      const gen: Array<{ wallMs: number; peakRss: number }> = [];
      for (let i = 0; i < n; i++) {
        rmSync(out, { recursive: true, force: true });
        gen.push(await run(["--no-cache"]));
      }
      await run([]); // fills the cache (type-check included)
      const warm: Array<{ wallMs: number; peakRss: number }> = [];
      for (let i = 0; i < samples; i++) warm.push(await run(["--check"]));
      const cold: Array<{ wallMs: number; peakRss: number }> = [];
      for (let i = 0; i < n; i++) cold.push(await run(["--check", "--no-cache"]));
      const files = execFileSync("find", [out, "-type", "f"], { encoding: "utf8" }).trim().split("\n").length;
      const g = median(gen.map((r) => r.wallMs));
      const gr = median(gen.map((r) => r.peakRss));
      const w = median(warm.map((r) => r.wallMs));
      const c = median(cold.map((r) => r.wallMs));
      perOp[ops] = { genMs: g / ops, genRss: gr / ops };
      table.rows.push([String(ops), String(files), fmtMs(g), fmtBytes(gr), fmtMs(w), fmtBytes(median(warm.map((r) => r.peakRss))), fmtMs(c), fmtBytes(median(cold.map((r) => r.peakRss))), fmtMs(g / ops)]);
      raw[String(ops)] = { files, generate: gen, checkWarm: warm, checkNoCache: cold };
      log(`  ${ops} operations: generate ${fmtMs(g)}, --check warm ${fmtMs(w)}, --check --no-cache ${fmtMs(c)}`);
      if (times === 1) targets.push({ name: "generate --check (installed bin, warm) on this spec: ≤ 1.5 s", measured: fmtMs(w), met: w <= 1500 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const a = perOp[350];
  const b = perOp[3500];
  if (a && b) {
    const t = b.genMs / a.genMs;
    const m = (b.genRss * 3500) / (a.genRss * 350);
    table.notes?.push(`From 350 to 3,500 operations (10×): generate time ×${(t * 10).toFixed(1)}, peak RSS ×${m.toFixed(1)}.`);
    targets.push({ name: "generate time from 350 to 3,500 operations: no worse than linear (≤ 10× for 10×, +20% noise)", measured: `×${(t * 10).toFixed(1)}`, met: t * 10 <= 12 });
    targets.push({ name: "generate peak memory from 350 to 3,500 operations: no worse than linear", measured: `×${m.toFixed(1)}`, met: m <= 12 });
  }
  return { table, targets, raw };
}
