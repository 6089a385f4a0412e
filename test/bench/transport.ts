/**
 * Bench sections for the transports (issue 12): cold start through the default fetch and through
 * the Node transport (`<package>/node`) vs node-soap; concurrent load (calls/s, p50/p99 at 1, 16
 * and 64 callers) vs node-soap in the same run; memory over a long run at 64 callers (RSS and
 * heap after GC, start vs end); and proof that the Node transport stays out of a one-operation
 * bundle of the main entry. Hooked into run.ts; every figure comes from fresh child processes.
 *
 * BENCH_QUICK=1 shortens every run (load 1 s per cell, memory 3 s); BENCH_LOAD_SECONDS and
 * BENCH_SOAK_SECONDS override the full-run durations (default 5 and 30).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { median } from "./lib/measure.ts";
import { resultLine, runChild } from "./lib/proc.ts";
import { fmtBytes, fmtMs, fmtRatio, type Table } from "./lib/report.ts";

type Ours = typeof import("./ours.ts");

export interface TransportBenchEnv {
  readonly quick: boolean;
  readonly baseUrl: string;
  readonly root: string;
  readonly bench: string;
  readonly buildDir: string;
  readonly wsdl: string;
  readonly ours: Ours | undefined;
  readonly oursAdapterBundle: string | undefined;
  readonly childEnv: NodeJS.ProcessEnv;
  readonly log: (s: string) => void;
  readonly target: (name: string, measured: string, met: boolean | null) => string;
  readonly tables: Table[];
  readonly results: Record<string, unknown>;
  readonly notes: string[];
}

interface ColdChild {
  boot: number;
  importMs: number;
  ms: number;
  items: number;
}

const ratio = (a: number | undefined, b: number | undefined): number | undefined => (a === undefined || b === undefined || b === 0 ? undefined : a / b);

// ---------------------------------------------------------------------------------------------
// cold start by transport

export async function benchColdTransports(env: TransportBenchEnv): Promise<void> {
  const samples = env.quick ? 2 : 9;
  const distIndex = join(env.root, "generated", "dist", "index.js");
  const distNode = join(env.root, "generated", "dist", "node", "index.js");
  env.log(`[cold-transport] cold start by transport, ${samples} fresh processes each (+1 discarded) ...`);
  const cands: Record<string, string[]> = { soap: [join(env.bench, "children", "cold-soap.cjs"), env.baseUrl, env.wsdl] };
  if (env.ours) {
    mkdirSync(env.buildDir, { recursive: true });
    const fetchScript = join(env.buildDir, "cold-ours-fetch.mjs");
    const nodeScript = join(env.buildDir, "cold-ours-node.mjs");
    writeFileSync(fetchScript, env.ours.coldStartSource(pathToFileURL(distIndex).href));
    writeFileSync(nodeScript, env.ours.coldStartNodeSource(pathToFileURL(distIndex).href, pathToFileURL(distNode).href));
    cands["fetch"] = [fetchScript, env.baseUrl];
    cands["node"] = [nodeScript, env.baseUrl];
  }
  const got = new Map<string, ColdChild[]>(Object.keys(cands).map((c) => [c, []]));
  for (let i = 0; i <= samples; i++) {
    for (const [c, args] of Object.entries(cands)) {
      const r = await runChild(process.execPath, args, { env: env.childEnv, timeoutMs: 60_000 });
      const child = resultLine<ColdChild>(r.stdout);
      if (!child || r.code !== 0 || child.items !== 1) {
        env.notes.push(`cold-transport child ${c} failed (code ${r.code}, items ${child?.items}): ${r.stderr.trim().split("\n").slice(-2).join(" | ")}`);
        continue;
      }
      if (i > 0) got.get(c)?.push(child);
    }
  }
  const med = (c: string, f: (x: ColdChild) => number): number | undefined => {
    const xs = got.get(c)?.map(f) ?? [];
    return xs.length ? median(xs) : undefined;
  };
  const label: Record<string, string> = { fetch: "ours, global fetch (dist)", node: "ours, Node transport (dist + /node)", soap: "node-soap" };
  const soapMs = med("soap", (x) => x.ms);
  const table: Table = {
    title: `7. Cold start by transport: fresh process, first line -> first result (1 item, SOAP 1.1, loopback), median of ${samples}`,
    headers: ["candidate", "first line -> result", "of which import", "vs node-soap"],
    rows: [],
    notes: [
      "global fetch: Node's fetch loads undici on its first call. Node transport: createNodeFetch() from the package's /node entry (node:http with keep-alive), which the main entry never imports.",
    ],
  };
  const out: Record<string, unknown> = { samplesPerCandidate: samples };
  for (const c of ["fetch", "node", "soap"]) {
    if (!got.has(c)) {
      table.rows.push([label[c] ?? c, "not found", "", ""]);
      continue;
    }
    const ms = med(c, (x) => x.ms);
    const r = c === "soap" ? undefined : ratio(ms, soapMs);
    table.rows.push([label[c] ?? c, fmtMs(ms), fmtMs(med(c, (x) => x.importMs)), c === "soap" ? "—" : fmtRatio(r)]);
    out[c] = { medianMs: ms, medianImportMs: med(c, (x) => x.importMs), raw: got.get(c) };
    if (c !== "soap")
      env.target(`cold start, ${label[c]}: ≤ 1/4 of node-soap`, r === undefined ? "n/a" : `${fmtRatio(r)} of node-soap (${fmtMs(ms)} vs ${fmtMs(soapMs)})`, r === undefined ? null : r <= 0.25);
  }
  env.results["coldTransport"] = out;
  env.tables.push(table);
}

// ---------------------------------------------------------------------------------------------
// concurrent load and memory over a long run

interface LoadChild {
  cand: string;
  concurrency: number;
  calls: number;
  errors: number;
  seconds: number;
  callsPerSecond: number;
  p50: number;
  p99: number;
  start: { rss: number; heapUsed: number };
  end: { rss: number; heapUsed: number };
}

const ITEMS = 100;
const LEVELS = [1, 16, 64] as const;

async function loadChild(env: TransportBenchEnv, cand: string, concurrency: number, seconds: number): Promise<LoadChild | undefined> {
  const args = ["--expose-gc", join(env.bench, "children", "load.mjs"), cand, env.baseUrl, String(concurrency), String(seconds * 1000), String(ITEMS), env.oursAdapterBundle ?? "", env.wsdl];
  const r = await runChild(process.execPath, args, { env: env.childEnv, timeoutMs: (seconds + 60) * 1000 });
  const child = resultLine<LoadChild>(r.stdout);
  if (!child || r.code !== 0) {
    env.notes.push(`load child ${cand} ×${concurrency} failed (code ${r.code}): ${r.stderr.trim().split("\n").slice(-2).join(" | ")}`);
    return undefined;
  }
  if (child.errors > 0) env.notes.push(`load ${cand} ×${concurrency}: ${child.errors} of ${child.calls} calls failed or returned the wrong item count`);
  return child;
}

const CANDS: Record<string, string> = { ours: "ours, global fetch", "ours-node": "ours, Node transport", soap: "node-soap" };

export async function benchLoad(env: TransportBenchEnv): Promise<void> {
  const seconds = env.quick ? 1 : Number(process.env["BENCH_LOAD_SECONDS"] ?? 5);
  const soakSeconds = env.quick ? 3 : Number(process.env["BENCH_SOAK_SECONDS"] ?? 30);
  const cands = [...(env.ours && env.oursAdapterBundle ? ["ours", "ours-node"] : []), "soap"];
  env.log(`[load] GetMessagesAfterID (${ITEMS} items) at ${LEVELS.join(", ")} concurrent callers, ${seconds} s each, candidates ${cands.join(", ")} ...`);
  const table: Table = {
    title: `8. Concurrent load: GetMessagesAfterID (${ITEMS} items, SOAP 1.1) against the loopback server, ${seconds} s per cell after warm-up, one fresh process per cell`,
    headers: ["candidate", "callers", "calls/s", "p50", "p99", "vs node-soap (calls/s)"],
    rows: [],
    notes: ["Closed loop: each caller sends its next call when the previous one resolves. The server is the bench's node:http process answering recorded bytes (it shares the machine's cores)."],
  };
  const out: Record<string, unknown> = { seconds, items: ITEMS };
  const byCell = new Map<string, LoadChild>();
  for (const level of LEVELS) {
    for (const c of cands) {
      const r = await loadChild(env, c, level, seconds);
      if (r) byCell.set(`${c}:${level}`, r);
      env.log(`  ${c} ×${level}: ${r ? `${r.callsPerSecond.toFixed(0)} calls/s, p50 ${fmtMs(r.p50)}, p99 ${fmtMs(r.p99)}` : "failed"}`);
    }
  }
  for (const c of cands) {
    for (const level of LEVELS) {
      const r = byCell.get(`${c}:${level}`);
      const s = byCell.get(`soap:${level}`);
      table.rows.push([CANDS[c] ?? c, String(level), r ? r.callsPerSecond.toFixed(0) : "failed", fmtMs(r?.p50), fmtMs(r?.p99), c === "soap" ? "—" : fmtRatio(ratio(r?.callsPerSecond, s?.callsPerSecond))]);
    }
  }
  for (const c of cands.filter((x) => x !== "soap")) {
    const r = ratio(byCell.get(`${c}:64`)?.callsPerSecond, byCell.get("soap:64")?.callsPerSecond);
    env.target(`load, ${CANDS[c]}, 64 callers: ≥ 5× node-soap's calls/s`, fmtRatio(r), r === undefined ? null : r >= 5);
  }
  out["cells"] = Object.fromEntries(byCell);
  env.tables.push(table);

  env.log(`[load] memory over a ${soakSeconds} s run at 64 callers ...`);
  const mem: Table = {
    title: `9. Memory over a ${soakSeconds} s run at 64 callers (GetMessagesAfterID, ${ITEMS} items): start vs end of the timed run`,
    headers: ["candidate", "calls", "RSS start", "RSS end", "RSS end/start", "heap after GC start", "heap after GC end"],
    rows: [],
    notes: ["Start = after a warm-up and a forced GC; end = RSS when the run stops, heap after a forced GC. Flat = RSS end/start close to 1× and no heap growth."],
  };
  const soak: Record<string, unknown> = {};
  for (const c of cands) {
    const r = await loadChild(env, c, 64, soakSeconds);
    if (!r) {
      mem.rows.push([CANDS[c] ?? c, "failed", "", "", "", "", ""]);
      continue;
    }
    soak[c] = r;
    const grow = r.end.rss / r.start.rss;
    mem.rows.push([CANDS[c] ?? c, String(r.calls), fmtBytes(r.start.rss), fmtBytes(r.end.rss), fmtRatio(grow), fmtBytes(r.start.heapUsed), fmtBytes(r.end.heapUsed)]);
    if (c !== "soap") env.target(`memory flat over ${soakSeconds} s at 64 callers, ${CANDS[c]}: RSS end ≤ 1.25× start`, `${fmtRatio(grow)} (${fmtBytes(r.start.rss)} → ${fmtBytes(r.end.rss)})`, grow <= 1.25);
    env.log(`  ${c}: ${r.calls} calls, RSS ${fmtBytes(r.start.rss)} → ${fmtBytes(r.end.rss)}, heap ${fmtBytes(r.start.heapUsed)} → ${fmtBytes(r.end.heapUsed)}`);
  }
  out["soak"] = { seconds: soakSeconds, ...soak };
  env.results["load"] = out;
  env.tables.push(mem);
}

// ---------------------------------------------------------------------------------------------
// the Node transport and the bundle

export async function benchNodeBundle(env: TransportBenchEnv): Promise<void> {
  if (!env.ours) return;
  env.log("[size] does the Node transport enter a one-operation bundle of the main entry? ...");
  const index = "./" + join("..", "..", "generated", "src", "index.ts").split("\\").join("/");
  const nodeEntry = "./" + join("..", "..", "generated", "src", "node", "index.ts").split("\\").join("/");
  const bundle = async (contents: string, platform: "neutral" | "node") => {
    const r = await build({
      stdin: { contents, resolveDir: env.bench, sourcefile: "app.ts", loader: "ts" },
      bundle: true,
      minify: true,
      format: "esm",
      platform,
      target: "es2022",
      write: false,
      metafile: true,
      logLevel: "silent",
      legalComments: "none",
    });
    const code = r.outputFiles[0]?.contents ?? new Uint8Array();
    const inputs = Object.keys(r.metafile.inputs);
    return { min: code.length, gz: gzipSync(code, { level: 9 }).length, nodeFiles: inputs.filter((f) => f.includes("/src/node/")), inputs: inputs.length };
  };
  const one = await bundle(env.ours.oneOpEntrySource(index), "neutral");
  const withNode = await bundle(`${env.ours.oneOpEntrySource(index)}import { createNodeFetch } from ${JSON.stringify(nodeEntry)};\nconsole.log(typeof createNodeFetch());\n`, "node");
  const table: Table = {
    title: "10. The Node transport and the bundle (esbuild --bundle --minify, gzip -9)",
    headers: ["app", "platform", "minified", "gzipped", "files of src/node/ in the bundle"],
    rows: [
      ["one operation, main entry", "neutral", fmtBytes(one.min), fmtBytes(one.gz), one.nodeFiles.length === 0 ? "none" : one.nodeFiles.join(", ")],
      ["one operation + createNodeFetch (/node entry)", "node", fmtBytes(withNode.min), fmtBytes(withNode.gz), withNode.nodeFiles.join(", ") || "none"],
    ],
    notes: ["The first row is what a browser, Deno, Bun or edge app gets: the Node transport is not in it. The second shows the cost of opting in on Node."],
  };
  env.target("one-op bundle of the main entry excludes the Node transport", one.nodeFiles.length === 0 ? "no src/node file" : one.nodeFiles.join(", "), one.nodeFiles.length === 0);
  env.results["nodeTransportBundle"] = { oneOperation: one, withNodeTransport: withNode };
  env.tables.push(table);
}
