/**
 * Runs wherever fetch exists: the generated package (its dist entry, as shipped) calls the Mono ASMX
 * fixture through all four bindings from Node (this machine's, 20), Node 22, Deno, Bun, and a page in
 * headless Chromium (the dist entry bundled by esbuild, served with the ASMX paths proxied from one
 * loopback origin). Each runtime runs the same probe (runtimes/probe.ts): per binding a list of records
 * (longs above 2^53, dateTimes without offset / Z / +03:30), dateTimes and a long list sent, a scalar
 * from Persian and XML-special text, and a service fault. For every runtime × binding cell:
 *   (a) the results equal, value for value and type for type (bigint, XsdDateTime, error class), what
 *       the in-process Node client (generated/src) decoded for the same calls;
 *   (b) the server's log shows exactly those calls from that runtime, in that binding, with the values
 *       sent, and the decoded results equal what the method returned.
 * Missing runtimes: a failure under CI=true, else skipped with a one-line message.
 * The afterAll hook prints the runtime × binding matrix (README "Runs wherever fetch exists").
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, inject, onTestFailed, test } from "vitest";
import * as srcApi from "../../generated/src/index.ts";
import { OPERATION_BY_NAME, comparableDecoded, comparableParams, comparableReturned, expectedParams } from "./cases.ts";
import { LogCursor, uniqueName, type LogEntry } from "./log.ts";
import { runInChromium } from "./runtimes/browser.ts";
import { DIST_ENTRY_URL, buildScript } from "./runtimes/build.ts";
import { CHROMIUM_HINT, INSTALL_HINT, findBun, findChromium, findDeno, findNode22 } from "./runtimes/locate.ts";
import { PROBE_BINDINGS, fromPlain, probeCalls, runProbe, type Binding, type Plain, type ProbeResult } from "./runtimes/probe.ts";
import { killRunning, runBounded } from "./runtimes/spawn.ts";

const base = inject("asmxBaseUrl");
const logPath = inject("asmxLogPath");
const monoMissing = inject("monoMissing");
const CI = process.env["CI"] === "true";

/** Bound of one runtime's whole run (start-up, 20 calls, exit). */
const RUN_TIMEOUT_MS = 60_000;
/** Children run in a time zone far from the server's (+03:30) and from UTC: decoding must not care. */
const CHILD_TZ = "America/St_Johns";
const CALLS_PER_BINDING = 5;

interface ProbeOutput {
  readonly runtime: string;
  readonly results: readonly ProbeResult[];
}

interface Scratch {
  readonly dir: string;
  readonly script: string;
}

interface Target {
  readonly label: string;
  readonly binary: string | undefined;
  readonly hint: string;
  /** what the probe must report as its runtime */
  readonly runtime: RegExp;
  run(binary: string, scratch: Scratch, username: string, password: string): Promise<{ output: string; ms: number; extra?: () => void }>;
}

function childEnv(scratch: Scratch): NodeJS.ProcessEnv {
  return {
    PATH: process.env["PATH"] ?? "/usr/bin:/bin",
    HOME: join(scratch.dir, "home"),
    TZ: CHILD_TZ,
    NO_COLOR: "1",
    DENO_DIR: join(scratch.dir, "deno"),
    DENO_NO_UPDATE_CHECK: "1",
    DO_NOT_TRACK: "1",
  };
}

/** A runtime that runs main.mjs as a child process with the given arguments before the script. */
function processTarget(label: string, binary: string | undefined, runtime: RegExp, argsBefore: (scratch: Scratch) => string[]): Target {
  return {
    label,
    binary,
    hint: INSTALL_HINT,
    runtime,
    async run(bin, scratch, username, password) {
      const r = await runBounded(bin, [...argsBefore(scratch), scratch.script, DIST_ENTRY_URL, base, username, password], {
        timeoutMs: RUN_TIMEOUT_MS,
        env: childEnv(scratch),
        cwd: scratch.dir,
      });
      if (r.timedOut) throw new Error(`${label}: killed after ${RUN_TIMEOUT_MS} ms\nstderr: ${r.stderr}`);
      if (r.code !== 0) throw new Error(`${label}: exit code ${r.code} signal ${r.signal}\nstderr: ${r.stderr}\nstdout: ${r.stdout.slice(0, 2000)}`);
      return { output: r.stdout.trim(), ms: r.ms };
    },
  };
}

const distDir = fileURLToPath(new URL(".", DIST_ENTRY_URL));
const serverPort = base === "" ? "" : new URL(base).port;

const TARGETS: readonly Target[] = [
  processTarget(`Node ${process.versions.node}`, process.execPath, new RegExp(`^node ${process.versions.node.replace(/\./g, "\\.")}$`), () => []),
  processTarget("Node 22", findNode22(), /^node 22\./, () => []),
  processTarget("Deno", findDeno(), /^deno 2\./, (s) => [
    "run",
    "--no-config",
    "--no-lock",
    "--no-prompt",
    // the client needs nothing but the network to the service (and reading its own files)
    `--allow-read=${distDir},${s.dir}`,
    `--allow-net=127.0.0.1:${serverPort}`,
  ]),
  processTarget("Bun", findBun(), /^bun 1\./, () => []),
  {
    label: "Chromium",
    binary: findChromium(),
    hint: CHROMIUM_HINT,
    runtime: /HeadlessChrome\/\d+/,
    async run(bin, _scratch, username, password) {
      const r = await runInChromium({ executablePath: bin, upstream: base, username, password, timeoutMs: RUN_TIMEOUT_MS });
      const origin = r.origin;
      return {
        output: r.output,
        ms: r.ms,
        extra: () => {
          // every request the page made went to the one loopback origin; one request per call
          expect(r.requests.filter((u) => new URL(u).origin !== origin), "requests to another origin").toEqual([]);
          expect(r.requests.filter((u) => new URL(u).pathname.startsWith("/post/")), r.messages.join("\n")).toHaveLength(
            PROBE_BINDINGS.length * CALLS_PER_BINDING,
          );
        },
      };
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Comparison with the server's log

/** The log entries of one probe run: its username, or the fault user with its password. */
function entriesOf(entries: readonly LogEntry[], username: string, password: string): LogEntry[] {
  return entries.filter(
    (e) => e.params["username"] === username || (e.params["username"] === "fault" && e.params["password"] === password),
  );
}

/** (b): each call of `binding` reached the server in that binding with the values sent; results = what it returned. */
function expectAgreesWithLog(results: readonly ProbeResult[], entries: readonly LogEntry[], binding: Binding, username: string, password: string): void {
  const mine = entries.filter((e) => e.binding === binding);
  expect(mine.map((e) => e.op).sort(), `log entries in ${binding}`).toEqual(probeCalls(srcApi).map((c) => c.op).sort());
  for (const call of probeCalls(srcApi)) {
    const { op } = OPERATION_BY_NAME.get(call.op)!;
    const user = call.fault ? "fault" : username;
    const entry = mine.find((e) => e.op === call.op && e.params["username"] === user);
    const r = results.find((x) => x.binding === binding && x.id === call.id);
    expect(entry, `${call.id}: log entry`).toBeDefined();
    expect(r, `${call.id}: result`).toBeDefined();
    expect.soft(comparableParams(op, entry!.params), `${call.id}: params received`).toEqual(
      expectedParams(op, call.params as Record<string, unknown>, { username: user, password }, binding),
    );
    if (call.fault) {
      expect.soft(entry!.fault).toBe(`fixture fault: ${call.op}`);
      const e = (r!.error as { $error?: { is: string[]; fields: Record<string, Plain> } } | undefined)?.$error;
      expect(e, `${call.id}: a typed error`).toBeDefined();
      expect.soft(e!.is).toContain("ServiceFaultError");
      expect.soft(e!.fields["serviceMessage"]).toContain(entry!.fault);
      expect.soft(e!.fields["status"]).toBe(500);
    } else {
      expect(r!.error, `${call.id}: no error`).toBeUndefined();
      expect.soft(entry!.fault).toBeNull();
      expect.soft(comparableDecoded(op, fromPlain(srcApi, r!.value!)), `${call.id}: decoded vs log.returned`).toEqual(
        comparableReturned(op, entry!.returned),
      );
    }
  }
}

/** Every $bigint and $dateTime text in a plain value. */
function tagged(p: Plain, tag: "$bigint" | "$dateTime", out: string[] = []): string[] {
  if (Array.isArray(p)) for (const x of p) tagged(x, tag, out);
  else if (p !== null && typeof p === "object") {
    const v = p[tag];
    if (typeof v === "string" && Object.keys(p).length === 1) out.push(v);
    else for (const x of Object.values(p)) tagged(x, tag, out);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The matrix

const cells = new Map<string, Map<Binding, boolean>>();
const notes = new Map<string, string>();

function printMatrix(): void {
  if (notes.size === 0) return;
  const w = Math.max(...TARGETS.map((t) => t.label.length), "runtime".length);
  const lines = [
    `| ${"runtime".padEnd(w)} | ${PROBE_BINDINGS.join(" | ")} | run |`,
    `|${"-".repeat(w + 2)}|${PROBE_BINDINGS.map((b) => ":" + "-".repeat(b.length) + ":").join("|")}|-----|`,
  ];
  let ok = 0;
  for (const t of TARGETS) {
    const row = cells.get(t.label);
    const marks = PROBE_BINDINGS.map((b) => {
      const v = row?.get(b);
      if (v === true) ok += 1;
      return (v === undefined ? "·" : v ? "✓" : "✗").padEnd(b.length);
    });
    lines.push(`| ${t.label.padEnd(w)} | ${marks.join(" | ")} | ${notes.get(t.label) ?? ""} |`);
  }
  lines.push(`${ok}/${TARGETS.length * PROBE_BINDINGS.length} cells passed (${CALLS_PER_BINDING} calls each)`);
  console.log(`\nRuntime × binding matrix (generated client's dist entry vs Mono ASMX):\n${lines.join("\n")}\n`);
}

// ---------------------------------------------------------------------------------------------

describe.skipIf(monoMissing)("the generated client in every runtime where fetch exists", () => {
  let scratch: Scratch;
  let reference: ProbeResult[];
  const username = uniqueName("rt");
  const password = `pw-${username}`;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "asmx-ts-runtimes-"));
    scratch = { dir, script: await buildScript(dir) };
  });

  afterAll(() => {
    const left = killRunning();
    if (scratch !== undefined) rmSync(scratch.dir, { recursive: true, force: true });
    printMatrix();
    if (left > 0) throw new Error(`${left} runtime process(es) were still running and have been killed`);
  });

  test("the in-process Node client (generated/src): the reference, checked against the server's log", async () => {
    const cursor = new LogCursor(logPath);
    reference = JSON.parse(JSON.stringify(await runProbe(srcApi, { baseUrl: base, username, password }))) as ProbeResult[];
    const entries = entriesOf(cursor.entries(), username, password);
    expect(entries).toHaveLength(PROBE_BINDINGS.length * CALLS_PER_BINDING);
    for (const b of PROBE_BINDINGS) expectAgreesWithLog(reference, entries, b, username, password);
    // the probe exercises what it claims: longs above 2^53 both ways, dateTimes in all three suffix forms
    const records = reference.find((r) => r.binding === "soap11" && r.id === "records")!.value!;
    expect(tagged(records, "$bigint").some((x) => BigInt(x) > 2n ** 53n)).toBe(true);
    const dates = tagged(records, "$dateTime");
    expect(dates.some((d) => /T[\d:.]+$/.test(d))).toBe(true);
    expect(dates.some((d) => d.endsWith("Z"))).toBe(true);
    expect(dates.some((d) => d.endsWith("+03:30"))).toBe(true);
  });

  for (const target of TARGETS) {
    const missing = target.binary === undefined;
    if (missing && !CI && !monoMissing) console.log(`runtimes suite: ${target.label} skipped: not found (${target.hint})`);

    describe.skipIf(missing && !CI)(target.label, () => {
      let out: ProbeOutput | undefined;
      let entries: LogEntry[] = [];
      const row = new Map<Binding, boolean>();
      cells.set(target.label, row);

      test(`${target.label} runs the probe (bounded to ${RUN_TIMEOUT_MS / 1000} s)`, async () => {
        notes.set(target.label, "failed to run");
        if (target.binary === undefined) throw new Error(`${target.label} not found (${target.hint}); CI=true, so this is a failure`);
        expect(reference, "the in-process reference ran").toBeDefined();
        const cursor = new LogCursor(logPath);
        const r = await target.run(target.binary, scratch, username, password);
        entries = entriesOf(cursor.entries(), username, password);
        const parsed = JSON.parse(r.output) as ProbeOutput & { failed?: string };
        expect(parsed.failed).toBeUndefined();
        out = parsed;
        notes.set(target.label, `${parsed.runtime.replace(/^Mozilla.*(HeadlessChrome\/\S+).*$/, "$1")}, ${(r.ms / 1000).toFixed(1)} s`);
        expect(parsed.runtime).toMatch(target.runtime);
        r.extra?.();
        expect(entries, "log entries of this runtime's calls").toHaveLength(PROBE_BINDINGS.length * CALLS_PER_BINDING);
      }, RUN_TIMEOUT_MS + 30_000);

      for (const binding of PROBE_BINDINGS) {
        test(`${target.label} × ${binding}`, () => {
          row.set(binding, true);
          onTestFailed(() => {
            row.set(binding, false);
          });
          expect(out, "the probe ran").toBeDefined();
          const mine = out!.results.filter((r) => r.binding === binding);
          // (a) the same values, of the same types, as the in-process client
          expect(mine).toEqual(reference.filter((r) => r.binding === binding));
          // (b) the server saw these calls in this binding and returned these values
          expectAgreesWithLog(out!.results, entries, binding, username, password);
        });
      }
    });
  }
});
