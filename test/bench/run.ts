/**
 * `npm run bench` — our generated client vs node-soap (npm `soap`), side by side, one run.
 *
 * Sections: decode, full call (loopback HTTP), peak memory (child processes), cold start
 * (child processes), generation (child processes), bundle size (esbuild + gzip).
 * Prints tables, writes test/bench/.out/results.json and test/bench/.out/results.md.
 *
 * BENCH_QUICK=1   ~30 s smoke run (few samples; figures are indicative only)
 * BENCH_ONLY=decode,call,memory,cold,generate,size,load,adversarial,import   run only these sections
 *
 * Every use of the generated package goes through ./ours.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { XMLParser } from "fast-xml-parser";
import { benchImport } from "./import-bench.ts";
import { buildFixtures, contentType, type Form, FORMS, fixtureKey, FIRST_MSG_ID } from "./fixtures.ts";
import { type Candidate, compare, median, type SamplerOptions } from "./lib/measure.ts";
import { benchAdversarial } from "./adversarial.ts";
import { benchOverlap } from "./overlap.ts";
import { resultLine, runChild } from "./lib/proc.ts";
import { fmtBytes, fmtMs, fmtRate, fmtRatio, renderMd, renderText, type Table } from "./lib/report.ts";
import { benchGeneratorScale } from "./generator-scale.ts";
import { createSoapClient, soapCall, soapDecode, soapEnvelopeItems, type SoapClient } from "./lib/soap-side.ts";
import { benchColdTransports, benchLoad, benchNodeBundle, type TransportBenchEnv } from "./transport.ts";
import { measureTestKitSizes } from "./testkit-size.ts";

type Ours = typeof import("./ours.ts");

const QUICK = process.env["BENCH_QUICK"] === "1";
const ONLY = new Set(
  (process.env["BENCH_ONLY"] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);
const want = (section: string) => ONLY.size === 0 || ONLY.has(section);

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = join(BENCH, "..", "..");
const OUT = join(BENCH, ".out");
const FIXTURE_DIR = join(OUT, "fixtures");
const BUILD_DIR = join(OUT, "build");
const GENERATED_INDEX = join(ROOT, "generated", "src", "index.ts");
const GENERATED_DIST = join(ROOT, "generated", "dist", "index.js");
const RECORDED_WSDL = join(ROOT, "test", "fixtures", "wsdl", "receive.wsdl");
const WSDL = existsSync(RECORDED_WSDL) ? RECORDED_WSDL : join(BENCH, "wsdl", "receive.wsdl");
const SIZES = [1, 100, 10_000] as const;
const BIG = 10_000;
const MISSING = "ours: generated package not found";

/** Children run plain node without the tsx loader of this process. */
const CHILD_ENV: NodeJS.ProcessEnv = { ...process.env };
delete CHILD_ENV["NODE_OPTIONS"];

const log = (s: string) => process.stderr.write(s + "\n");
const rel = (p: string) => relative(ROOT, p) || ".";

// ---------------------------------------------------------------------------------------------
// results model

interface TargetResult {
  target: string;
  measured: string;
  met: boolean | null; // null = could not be measured
}

const results: Record<string, unknown> & { targets: TargetResult[]; notes: string[] } = {
  date: new Date().toISOString(),
  quick: QUICK,
  machine: {
    os: `${os.type()} ${os.release()} (${os.platform()}/${os.arch()})`,
    cpu: os.cpus()[0]?.model ?? "unknown",
    cores: os.cpus().length,
    memoryBytes: os.totalmem(),
    node: process.version,
    loadavg: os.loadavg(),
  },
  versions: {},
  inputs: {},
  targets: [],
  notes: [],
};
const tables: Table[] = [];

function target(name: string, measured: string, met: boolean | null): string {
  results.targets.push({ target: name, measured, met });
  return met === null ? "n/a" : met ? "met" : "MISSED";
}

function pkgVersion(name: string): string {
  try {
    return (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string })
      .version;
  } catch {
    return "unknown";
  }
}

// ---------------------------------------------------------------------------------------------
// our package (optional: the bench runs without it)

let ours: Ours | undefined;
let oursError: string | undefined;
let oursAdapterBundle: string | undefined;
let oursAdapterError: string | undefined;

async function loadOurs(): Promise<void> {
  if (!existsSync(GENERATED_INDEX)) {
    oursError = `${MISSING} (${rel(GENERATED_INDEX)})`;
    return;
  }
  try {
    ours = (await import("./ours.ts")) as Ours;
  } catch (e) {
    oursError = `ours: cannot load generated package via test/bench/ours.ts: ${(e as Error).message.split("\n")[0]}`;
    return;
  }
  // plain-JS bundle of the adapter for the child processes (cold start, memory)
  try {
    mkdirSync(BUILD_DIR, { recursive: true });
    const outfile = join(BUILD_DIR, "ours-adapter.mjs");
    await build({
      entryPoints: [join(BENCH, "ours.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile,
      logLevel: "silent",
    });
    oursAdapterBundle = outfile;
  } catch (e) {
    oursAdapterError = `ours: esbuild could not bundle test/bench/ours.ts for child processes: ${(e as Error).message.split("\n")[0]}`;
  }
}

function oursNote(): string {
  return oursError ?? oursAdapterError ?? "";
}

// ---------------------------------------------------------------------------------------------
// loopback server (own process)

let server: ChildProcess | undefined;
let baseUrl = "";

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, [join(BENCH, "children", "server.mjs"), FIXTURE_DIR], {
    stdio: ["pipe", "pipe", "inherit"], // the server exits when our end of its stdin closes
    env: CHILD_ENV,
  });
  server = child;
  const port = await new Promise<number>((resolve, reject) => {
    let buf = "";
    child.stdout?.on("data", (b: Buffer) => {
      buf += b.toString();
      const m = /PORT (\d+)/.exec(buf);
      if (m) resolve(Number(m[1]));
    });
    child.on("exit", (code) => reject(new Error(`loopback server exited (${code})`)));
  });
  baseUrl = `http://127.0.0.1:${port}`;
}

function stopServer(): void {
  if (server && server.exitCode === null) server.kill("SIGTERM");
}

// ---------------------------------------------------------------------------------------------
// 1. decode

/** Sampler settings of the smoke mode (BENCH_QUICK=1): few samples, figures only indicative. */
const quickOpts = (n: number): SamplerOptions => ({
  warmupMs: n >= BIG ? 0 : 20,
  warmupOps: n >= BIG ? 0 : 1,
  batchMs: 5,
  budgetMs: n >= BIG ? 0 : 200,
  minRounds: n >= BIG ? 1 : 3,
  maxRounds: 20,
});

const decodeOpts = (n: number): SamplerOptions =>
  QUICK
    ? quickOpts(n)
    : {
        warmupMs: 300,
        warmupOps: n >= BIG ? 2 : 20,
        batchMs: 20,
        budgetMs: n >= BIG ? 0 : 2500,
        minRounds: n >= BIG ? 5 : 15,
        maxRounds: 80,
      };

async function benchDecode(fx: Map<string, Buffer>, soapClient: SoapClient): Promise<void> {
  log("[decode] ours vs node-soap vs fast-xml-parser vs Buffer.toString ...");
  const rows: Record<string, unknown>[] = [];
  const table: Table = {
    title: "1. Decode GetMessagesAfterID answer (bytes -> objects), median per document",
    headers: [
      "document",
      "size",
      "ours",
      "node-soap",
      "fast-xml-parser",
      "toString (floor)",
      "ours MB/s",
      "node-soap MB/s",
      "ours vs node-soap",
      "ours / floor",
    ],
    rows: [],
    notes: [
      "node-soap = client.wsdl.xmlToObject(bytes.toString('utf8')) — what node-soap runs on a response body; it has no binding for the HTTP GET document.",
      "fast-xml-parser = new XMLParser().parse(bytes) (untyped tree, no schema) — a generic-parser reference.",
      "floor = bytes.toString('utf8'): the cost of just turning the bytes into a string.",
      "'ours vs node-soap' = node-soap time / ours time (higher is better); 'ours / floor' = ours time / toString time (lower is better).",
    ],
  };
  for (const n of SIZES) {
    for (const form of FORMS) {
      const bytes = fx.get(fixtureKey(form, n)) as Buffer;
      const cands: Candidate[] = [];
      if (ours) {
        const o = ours;
        cands.push({ name: "ours", run: () => o.decodeOurs(form, bytes) });
      }
      if (form !== "httpGet") cands.push({ name: "node-soap", run: () => soapDecode(soapClient, bytes) });
      cands.push({ name: "fast-xml-parser", run: () => new XMLParser().parse(bytes) });
      cands.push({ name: "floor", run: () => bytes.toString("utf8") });

      // correctness check, outside the clock
      const check: Record<string, unknown> = {};
      if (ours) {
        try {
          const r = ours.decodeOurs(form, bytes);
          check["oursItems"] = ours.countItems(r);
          check["oursFirstMsgId"] = ours.firstMsgId(r);
        } catch (e) {
          check["oursError"] = (e as Error).message;
        }
      }
      if (form !== "httpGet") {
        const items = soapEnvelopeItems(soapDecode(soapClient, bytes));
        check["soapItems"] = items.length;
        check["soapFirstMsgId"] = String((items[0] as { MsgID?: unknown } | undefined)?.MsgID);
      }
      const { summaries: s, errors } = await compare(
        check["oursError"] !== undefined ? cands.filter((c) => c.name !== "ours") : cands,
        decodeOpts(n),
      );
      if (check["oursError"] !== undefined)
        results.notes.push(`decode ${form} N=${n}: ours threw: ${String(check["oursError"])}`);
      for (const [k, v] of errors) {
        results.notes.push(`decode ${form} N=${n}: ${k} threw while timed: ${v}`);
        if (k === "ours") check["oursError"] = v;
      }
      const t = (k: string) => s.get(k)?.median;
      const oursMs = t("ours");
      const soapMs = t("node-soap");
      const floorMs = t("floor");
      const speedup = oursMs !== undefined && soapMs !== undefined ? soapMs / oursMs : undefined;
      const overFloor = oursMs !== undefined && floorMs !== undefined ? oursMs / floorMs : undefined;
      rows.push({
        form,
        n,
        bytes: bytes.length,
        check,
        summaries: Object.fromEntries(s),
        speedupVsSoap: speedup,
        oursOverFloor: overFloor,
      });
      const oursCell = ours ? (check["oursError"] !== undefined ? "error" : fmtMs(oursMs)) : "not found";
      table.rows.push([
        `${form} N=${n}`,
        fmtBytes(bytes.length),
        oursCell,
        form === "httpGet" ? "—" : fmtMs(soapMs),
        fmtMs(t("fast-xml-parser")),
        fmtMs(floorMs),
        fmtRate(bytes.length, oursMs),
        form === "httpGet" ? "—" : fmtRate(bytes.length, soapMs),
        fmtRatio(speedup),
        fmtRatio(overFloor),
      ]);
      if (n === 100 && form !== "httpGet")
        target(`decode ${form} 100 items: ≥10× faster than node-soap`, fmtRatio(speedup), speedup === undefined ? null : speedup >= 10);
      if (n === BIG) {
        if (form !== "httpGet") {
          const met = speedup === undefined ? null : speedup >= 15;
          target(`decode ${form} 10k: ≥15× faster than node-soap`, fmtRatio(speedup), met);
        }
        target(
          `decode ${form} 10k: within 3× of Buffer.toString`,
          overFloor === undefined ? "n/a" : `${fmtRatio(overFloor)} floor`,
          overFloor === undefined ? null : overFloor <= 3,
        );
        if (ours && check["oursItems"] !== undefined && check["oursItems"] !== n)
          results.notes.push(
            `decode ${form} N=${n}: ours returned ${String(check["oursItems"])} items (expected ${n})`,
          );
      }
      log(
        `  ${form} N=${n}: ours ${fmtMs(oursMs)}, node-soap ${fmtMs(soapMs)}, fxp ${fmtMs(t("fast-xml-parser"))}, floor ${fmtMs(floorMs)}`,
      );
    }
  }
  const big = rows.find((r) => r["n"] === BIG && r["form"] === "soap11")?.["check"] as
    Record<string, unknown> | undefined;
  if (big) {
    table.notes?.push(
      `first MsgID in the documents is ${FIRST_MSG_ID} (> 2^53): node-soap returns ${String(big["soapFirstMsgId"])}` +
        (ours ? `, ours returns ${String(big["oursFirstMsgId"])}` : "") +
        ".",
    );
  }
  if (!ours) table.notes?.push(oursNote());
  results["decode"] = rows;
  tables.push(table);
}

// ---------------------------------------------------------------------------------------------
// 2. full call over loopback HTTP

const callOpts = (n: number): SamplerOptions =>
  QUICK
    ? quickOpts(n)
    : {
        warmupMs: 400,
        warmupOps: n >= BIG ? 2 : 10,
        batchMs: 25,
        budgetMs: n >= BIG ? 0 : 3000,
        minRounds: n >= BIG ? 6 : 12,
        maxRounds: 60,
      };

async function benchCall(): Promise<void> {
  log(`[call] full call against loopback server ${baseUrl} ...`);
  const once = await createSoapClient(WSDL, baseUrl);
  const rows: Record<string, unknown>[] = [];
  const table: Table = {
    title: "2. Full call GetMessagesAfterID over loopback HTTP (127.0.0.1), median per call",
    headers: [
      "items",
      "ours SOAP 1.1",
      "ours HTTP GET",
      "node-soap (client once)",
      "node-soap (client per call)",
      "ours vs client once",
      "ours vs client per call",
    ],
    rows: [],
    notes: [
      "Server: node:http in its own process answering recorded ASMX bytes. Ratios use ours SOAP 1.1 (same binding as node-soap): node-soap time / ours time.",
      "client per call = soap.createClientAsync(wsdl) + the call, every time (common in code that creates a client in the request handler); node-soap caches the parsed WSDL by path by default, so this mostly adds client construction.",
    ],
  };
  for (const n of SIZES) {
    const cands: Candidate[] = [];
    const check: Record<string, unknown> = {};
    if (ours) {
      const o = ours;
      for (const b of ["soap11", "httpGet"] as const) {
        try {
          check[`ours-${b}`] = o.countItems(await o.callOurs(baseUrl, b, n));
          cands.push({ name: `ours-${b}`, run: () => o.callOurs(baseUrl, b, n) });
        } catch (e) {
          check[`ours-${b}`] = `error: ${(e as Error).message}`;
          results.notes.push(`call ${b} N=${n}: ours threw: ${(e as Error).message}`);
        }
      }
    }
    check["soap-once"] = (await soapCall(once, n)).length;
    check["soap-per-call"] = (await soapCall(await createSoapClient(WSDL, baseUrl), n)).length;
    cands.push({ name: "soap-once", run: () => soapCall(once, n) });
    cands.push({ name: "soap-per-call", run: async () => soapCall(await createSoapClient(WSDL, baseUrl), n) });
    const { summaries: s, errors } = await compare(cands, callOpts(n));
    for (const [k, v] of errors) {
      results.notes.push(`call N=${n}: ${k} threw while timed: ${v}`);
      check[k] = `error: ${v}`;
    }
    const t = (k: string) => s.get(k)?.median;
    const o11 = t("ours-soap11");
    const vsOnce = o11 !== undefined && t("soap-once") !== undefined ? (t("soap-once") as number) / o11 : undefined;
    const vsPer =
      o11 !== undefined && t("soap-per-call") !== undefined ? (t("soap-per-call") as number) / o11 : undefined;
    const cell = (k: string) => (ours ? (typeof check[k] === "string" ? "error" : fmtMs(t(k))) : "not found");
    table.rows.push([
      `N=${n}`,
      cell("ours-soap11"),
      cell("ours-httpGet"),
      fmtMs(t("soap-once")),
      fmtMs(t("soap-per-call")),
      fmtRatio(vsOnce),
      fmtRatio(vsPer),
    ]);
    rows.push({
      n,
      check,
      summaries: Object.fromEntries(s),
      speedupVsClientOnce: vsOnce,
      speedupVsClientPerCall: vsPer,
    });
    if (n === 100)
      target(
        "full call 100 items: ≥5× faster than node-soap (client once)",
        fmtRatio(vsOnce),
        vsOnce === undefined ? null : vsOnce >= 5,
      );
    for (const [k, v] of Object.entries(check))
      if (typeof v === "number" && v !== n) results.notes.push(`call N=${n}: ${k} returned ${v} items (expected ${n})`);
    log(`  N=${n}: ours ${fmtMs(o11)}, node-soap once ${fmtMs(t("soap-once"))}, per call ${fmtMs(t("soap-per-call"))}`);
  }
  if (!ours) table.notes?.push(oursNote());
  results["call"] = rows;
  tables.push(table);
}

// ---------------------------------------------------------------------------------------------
// 3. peak memory (child processes)

interface MemChild {
  cand: string;
  ms: number;
  items: number;
  before: NodeJS.MemoryUsage;
  end: NodeJS.MemoryUsage;
  retained: NodeJS.MemoryUsage;
  rssPeakBefore: number;
  rssPeak: number;
}

interface MemSample {
  peakRss: number;
  rssGrowth: number;
  peakHeapGrowth: number;
  peakJsGrowth: number;
  retainedGrowth: number;
  ms: number;
  items: number;
}

const GC_LINE = /: [A-Za-z() -]+? (\d+(?:\.\d+)?) \((\d+(?:\.\d+)?)\) -> (\d+(?:\.\d+)?) \((\d+(?:\.\d+)?)\) MB/;

function parseMem(stdout: string): MemSample | undefined {
  const r = resultLine<MemChild>(stdout);
  if (!r) return undefined;
  const lines = stdout.split("\n");
  const start = lines.indexOf("DECODE_START");
  let peakHeap = r.end.heapUsed;
  for (const l of start >= 0 ? lines.slice(start) : lines) {
    if (l.startsWith("RESULT ")) break;
    const m = GC_LINE.exec(l);
    if (m) peakHeap = Math.max(peakHeap, Number(m[1]) * 1024 * 1024);
  }
  const extGrowth = Math.max(0, r.end.external - r.before.external);
  return {
    peakRss: r.rssPeak,
    rssGrowth: Math.max(0, r.rssPeak - r.before.rss),
    peakHeapGrowth: peakHeap - r.before.heapUsed,
    peakJsGrowth: peakHeap - r.before.heapUsed + extGrowth,
    retainedGrowth: r.retained.heapUsed + r.retained.external - (r.before.heapUsed + r.before.external),
    ms: r.ms,
    items: r.items,
  };
}

async function benchMemory(): Promise<void> {
  const samples = QUICK ? 1 : 5;
  log(`[memory] peak memory decoding ${BIG} items (SOAP 1.1), ${samples} child processes per candidate ...`);
  const fixture = join(FIXTURE_DIR, `soap11-${BIG}.xml`);
  const cands = ["bare", ...(ours && oursAdapterBundle ? ["ours"] : []), "soap", "fxp"];
  const got = new Map<string, MemSample[]>(cands.map((c) => [c, []]));
  for (let i = 0; i < samples; i++) {
    for (const c of cands) {
      const r = await runChild(
        process.execPath,
        [
          "--expose-gc",
          "--trace-gc",
          join(BENCH, "children", "mem.mjs"),
          c,
          fixture,
          "soap11",
          WSDL,
          oursAdapterBundle ?? "",
        ],
        { env: CHILD_ENV, timeoutMs: 120_000 },
      );
      const m = parseMem(r.stdout);
      if (!m || r.code !== 0) {
        results.notes.push(
          `memory child ${c} failed (code ${r.code}): ${r.stderr.trim().split("\n").slice(-3).join(" | ")}`,
        );
        continue;
      }
      got.get(c)?.push(m);
    }
  }
  const med = (c: string, k: keyof MemSample) => {
    const xs = got.get(c)?.map((s) => s[k]) ?? [];
    return xs.length ? median(xs) : undefined;
  };
  const bare = med("bare", "peakRss");
  const overBare = (c: string) => {
    const p = med(c, "peakRss");
    return p === undefined || bare === undefined ? undefined : p - bare;
  };
  const names: Record<string, string> = {
    bare: "bare process (reads the bytes)",
    ours: "ours",
    soap: "node-soap",
    fxp: "fast-xml-parser",
  };
  const table: Table = {
    title: `3. Peak memory decoding ${BIG} items (${fmtBytes(readFileSync(fixture).length)} SOAP 1.1), median of ${samples} fresh processes`,
    headers: [
      "candidate",
      "peak RSS",
      "peak RSS over bare",
      "RSS growth in decode",
      "peak heap growth",
      "peak heap+external growth",
      "retained after GC",
      "decode (cold)",
      "items",
    ],
    rows: [],
    notes: [
      "Each sample is a fresh `node --expose-gc --trace-gc` process: load library (+ create node-soap client from the WSDL), read the bytes, GC, baseline, one decode.",
      "The decode is synchronous in every candidate, so a JS timer cannot sample during it: peak RSS is the kernel high-water mark (VmHWM of the process); peak heap is the largest 'used' figure V8 reports before each GC during the decode (GC trace) or at its end.",
      "'peak RSS over bare' = candidate peak RSS - bare process peak RSS (library code counts against its owner).",
    ],
  };
  for (const c of ["bare", "ours", "soap", "fxp"]) {
    if (c === "ours" && !(ours && oursAdapterBundle)) {
      table.rows.push([names[c] as string, "not found", "", "", "", "", "", "", ""]);
      continue;
    }
    table.rows.push([
      names[c] as string,
      fmtBytes(med(c, "peakRss")),
      c === "bare" ? "—" : fmtBytes(overBare(c)),
      c === "bare" ? "—" : fmtBytes(med(c, "rssGrowth")),
      c === "bare" ? "—" : fmtBytes(med(c, "peakHeapGrowth")),
      c === "bare" ? "—" : fmtBytes(med(c, "peakJsGrowth")),
      c === "bare" ? "—" : fmtBytes(med(c, "retainedGrowth")),
      c === "bare" ? "—" : fmtMs(med(c, "ms")),
      c === "bare" ? "—" : String(med(c, "items") ?? "n/a"),
    ]);
  }
  const oRss = overBare("ours");
  const sRss = overBare("soap");
  const rssRatio = oRss !== undefined && sRss !== undefined ? oRss / sRss : undefined;
  const oHeap = med("ours", "peakJsGrowth");
  const sHeap = med("soap", "peakJsGrowth");
  const heapRatio = oHeap !== undefined && sHeap !== undefined ? oHeap / sHeap : undefined;
  table.rows.push([
    "ours / node-soap",
    "",
    fmtRatio(rssRatio),
    fmtRatio(ratio(med("ours", "rssGrowth"), med("soap", "rssGrowth"))),
    fmtRatio(ratio(med("ours", "peakHeapGrowth"), med("soap", "peakHeapGrowth"))),
    fmtRatio(heapRatio),
    fmtRatio(ratio(med("ours", "retainedGrowth"), med("soap", "retainedGrowth"))),
    "",
    "",
  ]);
  target(
    "peak RSS (over bare process) decoding 10k: ≤ 1/3 of node-soap",
    rssRatio === undefined ? "n/a" : `${fmtRatio(rssRatio)} of node-soap`,
    rssRatio === undefined ? null : rssRatio <= 1 / 3,
  );
  target(
    "peak heap+external growth decoding 10k: ≤ 1/3 of node-soap",
    heapRatio === undefined ? "n/a" : `${fmtRatio(heapRatio)} of node-soap`,
    heapRatio === undefined ? null : heapRatio <= 1 / 3,
  );
  if (!(ours && oursAdapterBundle)) table.notes?.push(oursNote());
  results["memory"] = {
    samplesPerCandidate: samples,
    fixtureBytes: readFileSync(fixture).length,
    raw: Object.fromEntries(got),
    peakRssOverBare: { ours: oRss, soap: sRss, fxp: overBare("fxp") },
    ratios: { rssOverBare: rssRatio, peakHeapPlusExternal: heapRatio },
  };
  tables.push(table);
}

function ratio(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined || b === undefined || b === 0 ? undefined : a / b;
}

// ---------------------------------------------------------------------------------------------
// 4. cold start (child processes)

interface ColdChild {
  boot: number;
  importMs: number;
  ms: number;
  items: number;
}

async function benchCold(): Promise<void> {
  const samples = QUICK ? 2 : 9;
  log(`[cold] cold start, ${samples} fresh processes per candidate (+1 discarded) ...`);
  const cands: Record<string, string[]> = {
    bare: [join(BENCH, "children", "cold-bare.mjs")],
    soap: [join(BENCH, "children", "cold-soap.cjs"), baseUrl, WSDL],
  };
  if (ours && oursAdapterBundle) cands["ours"] = [join(BENCH, "children", "cold-ours.mjs"), baseUrl, oursAdapterBundle];
  if (ours && existsSync(GENERATED_DIST)) {
    // what an application that depends on the package loads: generated/dist (tsc output, one file per module)
    const script = join(BUILD_DIR, "cold-ours-dist.mjs");
    mkdirSync(BUILD_DIR, { recursive: true });
    writeFileSync(script, ours.coldStartSource(pathToFileURL(GENERATED_DIST).href));
    cands["ours-dist"] = [script, baseUrl];
  }
  const got = new Map<string, { child: ColdChild; wallMs: number }[]>(Object.keys(cands).map((c) => [c, []]));
  for (let i = 0; i <= samples; i++) {
    for (const [c, args] of Object.entries(cands)) {
      const r = await runChild(process.execPath, args, { env: CHILD_ENV, timeoutMs: 60_000 });
      const child = resultLine<ColdChild>(r.stdout);
      if (!child || r.code !== 0) {
        results.notes.push(
          `cold-start child ${c} failed (code ${r.code}): ${r.stderr.trim().split("\n").slice(-3).join(" | ")}`,
        );
        continue;
      }
      if (c !== "bare" && child.items !== 1)
        results.notes.push(`cold-start ${c}: got ${child.items} items (expected 1)`);
      if (i > 0) got.get(c)?.push({ child, wallMs: r.wallMs }); // first round warms the page cache
    }
  }
  const med = (c: string, f: (x: { child: ColdChild; wallMs: number }) => number) => {
    const xs = got.get(c)?.map(f) ?? [];
    return xs.length ? median(xs) : undefined;
  };
  const table: Table = {
    title: `4. Cold start: fresh process, first line -> first result (1 item, SOAP 1.1, loopback), median of ${samples}`,
    headers: [
      "candidate",
      "first line -> result",
      "of which import/require",
      "spawn -> exit (wall)",
      "node boot before first line",
    ],
    rows: [],
    notes: [
      "ours (dist) = import of generated/dist/index.js (the package's entry as shipped: linked per entry point, shared chunks) + createClient + one call; the target uses this row when dist exists.",
      "ours (bundled) = the same from one esbuild bundle of generated/src (via test/bench/ours.ts).",
      "node-soap = require('soap') + createClientAsync(WSDL from disk) + one call.",
    ],
  };
  const label: Record<string, string> = {
    bare: "bare node",
    "ours-dist": "ours (dist)",
    ours: "ours (bundled)",
    soap: "node-soap",
  };
  for (const c of ["bare", "ours-dist", "ours", "soap"]) {
    if (c === "ours-dist" && !got.has(c) && got.has("ours")) continue;
    if (!got.has(c)) {
      table.rows.push([label[c] as string, "not found", "", "", ""]);
      continue;
    }
    table.rows.push([
      label[c] as string,
      c === "bare" ? "—" : fmtMs(med(c, (x) => x.child.ms)),
      c === "bare" ? "—" : fmtMs(med(c, (x) => x.child.importMs)),
      fmtMs(med(c, (x) => x.wallMs)),
      fmtMs(med(c, (x) => x.child.boot)),
    ]);
  }
  const oc = got.has("ours-dist") ? "ours-dist" : "ours";
  const o = med(oc, (x) => x.child.ms);
  const s = med("soap", (x) => x.child.ms);
  const r = ratio(o, s);
  table.rows.push([
    `${label[oc]} / node-soap`,
    fmtRatio(r),
    fmtRatio(
      ratio(
        med(oc, (x) => x.child.importMs),
        med("soap", (x) => x.child.importMs),
      ),
    ),
    fmtRatio(
      ratio(
        med(oc, (x) => x.wallMs),
        med("soap", (x) => x.wallMs),
      ),
    ),
    "",
  ]);
  target(
    "cold start (first line -> first result): ≤ 1/4 of node-soap",
    r === undefined ? "n/a" : `${fmtRatio(r)} of node-soap (${fmtMs(o)} vs ${fmtMs(s)})`,
    r === undefined ? null : r <= 0.25,
  );
  if (!got.has("ours") && !got.has("ours-dist")) table.notes?.push(oursNote());
  results["coldStart"] = { samplesPerCandidate: samples, raw: Object.fromEntries(got), ratio: r };
  tables.push(table);
}

// ---------------------------------------------------------------------------------------------
// 5. generation (child processes): see generator-scale.ts

async function benchGenerate(): Promise<void> {
  const r = await benchGeneratorScale(ROOT, QUICK, log);
  for (const t of r.targets) target(t.name, t.measured, t.met);
  results["generate"] = r.raw;
  tables.push(r.table);
}

// ---------------------------------------------------------------------------------------------
// 6. bundle size (esbuild, minified, esm, platform neutral, gzip)

async function bundleSize(
  contents: string,
  name: string,
  platform: "neutral" | "node",
): Promise<{ min: number; gz: number } | { error: string }> {
  try {
    const r = await build({
      stdin: { contents, resolveDir: BENCH, sourcefile: `${name}.ts`, loader: "ts" },
      bundle: true,
      minify: true,
      format: "esm",
      platform,
      target: "es2022",
      write: false,
      logLevel: "silent",
      legalComments: "none",
    });
    const code = r.outputFiles[0]?.contents ?? new Uint8Array();
    mkdirSync(join(OUT, "size"), { recursive: true });
    writeFileSync(join(OUT, "size", `${name}.js`), code);
    return { min: code.length, gz: gzipSync(code, { level: 9 }).length };
  } catch (e) {
    return { error: (e as Error).message.split("\n").slice(0, 3).join(" ") };
  }
}

async function benchSize(): Promise<void> {
  log("[size] esbuild bundles ...");
  const table: Table = {
    title: "6. App bundle size (esbuild --bundle --minify --format=esm --platform=neutral, gzip -9)",
    headers: ["app", "minified", "gzipped"],
    rows: [],
    notes: [
      "one operation = imports createConfig + GetMessagesAfterID (standalone function); all operations = createClient. The difference is what tree shaking removes.",
    ],
  };
  const spec = "./" + relative(BENCH, GENERATED_INDEX).split("\\").join("/");
  const out: Record<string, unknown> = {};
  if (ours) {
    const one = await bundleSize(ours.oneOpEntrySource(spec), "app-one-operation", "neutral");
    const all = await bundleSize(ours.allOpsEntrySource(spec), "app-all-operations", "neutral");
    for (const [label, r] of [
      ["ours: one operation", one],
      ["ours: createClient (all operations)", all],
    ] as const) {
      table.rows.push("error" in r ? [label, "error", r.error] : [label, fmtBytes(r.min), fmtBytes(r.gz)]);
    }
    out["oneOperation"] = one;
    out["allOperations"] = all;
    if ("gz" in one && "gz" in all)
      table.rows.push(["one op / all ops", fmtRatio(one.min / all.min), fmtRatio(one.gz / all.gz)]);
    // The test kit (generated src/testing): never part of an application bundle (test/bench/testkit-size.ts).
    const kit = await measureTestKitSizes();
    table.rows.push(
      ["ours: one operation, package without the test kit", fmtBytes(kit.withoutKit.min), fmtBytes(kit.withoutKit.gz)],
      ["ours: one operation, package with the test kit", fmtBytes(kit.withKit.min), fmtBytes(kit.withKit.gz)],
      ["test file: client + createMockService + mock.fetch", fmtBytes(kit.testFile.min), fmtBytes(kit.testFile.gz)],
    );
    out["testKit"] = { withKit: kit.withKit.gz, withoutKit: kit.withoutKit.gz, identical: kit.withKit.code === kit.withoutKit.code, testFile: kit.testFile.gz };
    target(
      "one-op bundle: ≤ 10 kB gzipped (10,000 B)",
      "gz" in one ? fmtBytes(one.gz) : "error",
      "gz" in one ? one.gz <= 10_000 : false,
    );
  } else {
    table.rows.push(["ours: one operation", "not found", ""], ["ours: createClient (all operations)", "not found", ""]);
    table.notes?.push(oursNote());
    target("one-op bundle: ≤ 10 kB gzipped (10,000 B)", "n/a", null);
  }
  // context: node-soap cannot target platform=neutral (Node built-ins); bundled for platform=node
  const soapApp = await bundleSize(
    `import soap from "soap";\nsoap.createClientAsync("receive.wsdl").then((c) => c.GetMessagesAfterIDAsync({ count: 10 })).then(([r]) => console.log(r));\n`,
    "app-node-soap",
    "node",
  );
  table.rows.push(
    "error" in soapApp
      ? ["node-soap app (platform=node, context)", "error", soapApp.error]
      : ["node-soap app (platform=node, context)", fmtBytes(soapApp.min), fmtBytes(soapApp.gz)],
  );
  out["nodeSoapContext"] = soapApp;
  results["size"] = out;
  tables.push(table);
}

// ---------------------------------------------------------------------------------------------

function targetsTable(): Table {
  return {
    title: "Targets",
    headers: ["target", "measured", "status"],
    rows: results.targets.map((t) => [t.target, t.measured, t.met === null ? "n/a" : t.met ? "met" : "MISSED"]),
  };
}

async function main(): Promise<void> {
  const t0 = Date.now();
  mkdirSync(FIXTURE_DIR, { recursive: true });
  log(`bench: ${QUICK ? "QUICK smoke mode" : "full run"}; WSDL ${rel(WSDL)}`);

  const fx = buildFixtures(SIZES);
  for (const [k, v] of fx) writeFileSync(join(FIXTURE_DIR, `${k.replace(":", "-")}.xml`), v);
  results.inputs = {
    wsdl: rel(WSDL),
    fixtures: Object.fromEntries(
      [...fx].map(([k, v]) => [k, { bytes: v.length, contentType: contentType(k.split(":")[0] as Form) }]),
    ),
  };
  results.versions = {
    soap: pkgVersion("soap"),
    "fast-xml-parser": pkgVersion("fast-xml-parser"),
    esbuild: pkgVersion("esbuild"),
    tsx: pkgVersion("tsx"),
  };

  await loadOurs();
  results["ours"] = {
    available: ours !== undefined,
    error: oursError,
    childBundle: oursAdapterBundle ? rel(oursAdapterBundle) : undefined,
    childBundleError: oursAdapterError,
  };
  if (!ours) log(`!! ${oursNote()} — ours rows are skipped; node-soap / fast-xml-parser / floor rows still run`);
  else if (oursAdapterError) log(`!! ${oursAdapterError}`);

  try {
    const needServer = want("call") || want("cold") || want("load");
    if (needServer) await startServer();
    if (want("decode")) await benchDecode(fx, await createSoapClient(WSDL, "http://127.0.0.1:9"));
    if (want("call")) await benchCall();
    if (want("call") && ours) {
      const ov = await benchOverlap(ours, baseUrl, BIG, callOpts(BIG));
      tables.push(ov.table);
      results["overlap"] = ov.figures;
      target(`full call ${BIG} items: ≤ transfer + 1.2× decode`, `call − transfer = ${ov.ratio.toFixed(2)}× decode`, ov.ratio <= 1.2);
    }
    if (want("memory")) await benchMemory();
    if (want("cold")) await benchCold();
    if (want("generate")) await benchGenerate();
    if (want("size")) await benchSize();
    // transports (test/bench/transport.ts): cold start by transport, concurrent load, memory, Node transport vs bundle
    const tEnv: TransportBenchEnv = { quick: QUICK, baseUrl, root: ROOT, bench: BENCH, buildDir: BUILD_DIR, wsdl: WSDL, ours, oursAdapterBundle, childEnv: CHILD_ENV, log, target, tables, results, notes: results.notes };
    if (want("cold")) await benchColdTransports(tEnv);
    if (want("load")) await benchLoad(tEnv);
    if (want("size")) await benchNodeBundle(tEnv);
    if (want("adversarial") && oursAdapterBundle) {
      const adv = await benchAdversarial({ adapterBundle: oursAdapterBundle, dir: join(OUT, "adversarial"), quick: QUICK, childDir: join(BENCH, "children"), env: CHILD_ENV, log });
      tables.push(adv.table);
      results["adversarial"] = adv.rows;
      target("adversarial corpus: worst-case decode ≥ 20 MB/s", `${adv.worstRate.toFixed(0)} MB/s (${fmtBytes(adv.sizeBytes)} documents)`, adv.worstRate >= 20);
      target("adversarial corpus: peak RSS growth ≤ 4× the input", `${adv.worstRatio.toFixed(2)}×`, adv.worstRatio <= 4);
    }
    if (want("import")) {
      const r = await benchImport(ROOT, QUICK, CHILD_ENV);
      results["import"] = r.results;
      tables.push(r.table);
      for (const [name, measured, met] of r.targets) target(name, measured, met);
    }
  } finally {
    stopServer();
  }
  results["durationSeconds"] = (Date.now() - t0) / 1000;

  const m = results.machine as {
    os: string;
    cpu: string;
    cores: number;
    memoryBytes: number;
    node: string;
    loadavg: number[];
  };
  const header = `Machine: ${m.cpu}, ${m.cores} cores, ${fmtBytes(m.memoryBytes)} RAM, ${m.os}, Node ${m.node}, load avg at start ${(m.loadavg[0] ?? 0).toFixed(1)}; node-soap ${pkgVersion("soap")}, fast-xml-parser ${pkgVersion("fast-xml-parser")}; ${results.date}${QUICK ? " — QUICK MODE (indicative only)" : ""}`;
  const all = [...tables, targetsTable()];
  if (results.notes.length) all.push({ title: "Notes", headers: ["note"], rows: results.notes.map((n) => [n]) });
  process.stdout.write("\n" + header + "\n\n" + all.map(renderText).join("\n\n") + "\n");

  mkdirSync(OUT, { recursive: true });
  writeFileSync(
    join(OUT, "results.json"),
    JSON.stringify(results, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v), 2) + "\n",
  );
  const md = [
    "## Benchmark: generated client vs node-soap",
    "",
    `_${header}_`,
    "",
    ...all
      .map((t) =>
        renderMd({
          ...t,
          rows:
            t.title === "Targets"
              ? t.rows.map((r) => [
                  r[0] ?? "",
                  r[1] ?? "",
                  r[2] === "met" ? "✅ met" : r[2] === "MISSED" ? "❌ missed" : (r[2] ?? ""),
                ])
              : t.rows,
        }),
      )
      .flatMap((s) => [s, ""]),
  ].join("\n");
  writeFileSync(join(OUT, "results.md"), md);
  log(
    `\nwrote ${rel(join(OUT, "results.json"))} and ${rel(join(OUT, "results.md"))} in ${(results["durationSeconds"] as number).toFixed(0)} s`,
  );
}

process.on("SIGINT", () => {
  stopServer();
  process.exit(130);
});

main().catch((e: unknown) => {
  stopServer();
  process.stderr.write(String((e as Error)?.stack ?? e) + "\n");
  process.exit(1);
});
