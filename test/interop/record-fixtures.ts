/**
 * Records real responses of the Mono ASMX fixture for offline decoder tests (test/decode/recorded.test.ts).
 *
 *   npx tsx test/interop/record-fixtures.ts
 *
 * Starts its own server, calls every operation × binding through the generated client with the matrix inputs
 * (cases.ts; deterministic usernames so re-recording gives the same files), plus null / empty / one / fault /
 * special-value variants for representative operations, and writes one JSON file per call:
 *
 *   test/fixtures/responses/<Operation>.<binding>[.<variant>].json
 *   { operation, binding, variant, request: { username, password, params }, status, contentType,
 *     returned (the server's canonical value from its log, see log.ts), fault, body (exact response text) }
 *
 * Then stops the server (by its PID, via MonoServer.stop()).
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createConfig, type Binding } from "../../generated/src/index.ts";
import { BINDING_LIST, HARD_PASSWORD, OPERATIONS, OPERATION_BY_NAME, casesFor, readableJson } from "./cases.ts";
import { LogCursor } from "./log.ts";
import { startMonoServer } from "./mono-server.ts";

export const RESPONSES_DIR = fileURLToPath(new URL("../fixtures/responses/", import.meta.url));

/** Extra recordings: [operation, variant, password, username?]. */
const VARIANTS: [op: string, variant: string, password: string, username?: string][] = [
  ["GetMessagesAfterID", "null", "null"],
  ["GetMessagesAfterID", "empty", "empty"],
  ["GetMessagesAfterID", "one", "one"],
  ["GetDeliveries", "null", "null"],
  ["GetDeliveries", "empty", "empty"],
  ["GetDeliveries", "one", "one"],
  ["GetGroups", "empty", "empty"],
  ["GetUserDetails", "null", "null"],
  ["GetScheduleDetails", "null", "null"],
  ["GetSmsQueue", "null", "null"],
  ["AddUserWithMobileNumber", "null", "null"],
  ["AddUserWithMobileNumber", "empty", "empty"],
  ["AddUserWithMobileNumber", "xml", "xml"],
  ["AddUserWithMobileNumber", "ws", "ws"],
  ["GetSmsPrice", "inf", "inf"],
  ["GetSmsPrice", "neginf", "-inf"],
  ["GetSmsPrice", "nan", "nan"],
  ["GetSmsPrice", "negzero", "negzero"],
  ["GetSmsPrice", "tiny", "tiny"],
  ["GetSmsPrice", "huge", "huge"],
  ["GetSmsPrice", "fault", "recorded-secret", "fault"],
  ["GetMessagesAfterID", "fault", "recorded-secret", "fault"],
  ["GetUserDetails", "fault", "recorded-secret", "fault"],
];

export interface Recording {
  operation: string;
  binding: Binding;
  variant: string | null;
  request: { username: string; password: string; params: unknown };
  status: number;
  contentType: string;
  returned: unknown;
  fault: string | null;
  body: string;
}

async function main(): Promise<void> {
  const server = await startMonoServer();
  console.log(`recording from ${server.baseUrl} (pid ${server.pid})`);
  try {
    mkdirSync(RESPONSES_DIR, { recursive: true });
    for (const f of readdirSync(RESPONSES_DIR)) if (f.endsWith(".json")) rmSync(join(RESPONSES_DIR, f));

    const jobs: { op: string; binding: Binding; variant: string | null; username: string; password: string }[] = [];
    for (const { name } of OPERATIONS)
      for (const binding of BINDING_LIST) jobs.push({ op: name, binding, variant: null, username: `rec-${name}-${binding}`, password: HARD_PASSWORD });
    for (const [op, variant, password, username] of VARIANTS)
      for (const binding of BINDING_LIST) jobs.push({ op, binding, variant, username: username ?? `rec-${op}-${binding}-${variant}`, password });

    let written = 0;
    for (const job of jobs) {
      const { fn } = OPERATION_BY_NAME.get(job.op)!;
      let captured: { status: number; contentType: string; body: string } | undefined;
      const capture: typeof fetch = async (input, init) => {
        const res = await fetch(input, init);
        const bytes = new Uint8Array(await res.clone().arrayBuffer());
        captured = { status: res.status, contentType: res.headers.get("content-type") ?? "", body: new TextDecoder("utf-8").decode(bytes) };
        return res;
      };
      const config = createConfig({ baseUrl: server.baseUrl, credentials: { username: job.username, password: job.password }, binding: job.binding, fetch: capture });
      const params = casesFor(job.op, job.binding);
      const cursor = new LogCursor(server.logPath);
      try {
        await fn(config, params);
      } catch (err) {
        if (job.variant !== "fault") throw err;
      }
      if (captured === undefined) throw new Error(`${job.op} ${job.binding}: no response captured`);
      const entry = cursor.last(job.op, (e) => e.params["username"] === job.username && e.params["password"] === job.password);
      if (entry === undefined) throw new Error(`${job.op} ${job.binding} ${job.variant}: no log entry`);
      const rec: Recording = {
        operation: job.op,
        binding: job.binding,
        variant: job.variant,
        request: { username: job.username, password: job.password, params: JSON.parse(readableJson(params)) as unknown },
        status: captured.status,
        contentType: captured.contentType,
        returned: entry.returned,
        fault: entry.fault,
        body: captured.body,
      };
      const file = `${job.op}.${job.binding}${job.variant === null ? "" : `.${job.variant}`}.json`;
      writeFileSync(join(RESPONSES_DIR, file), `${JSON.stringify(rec, null, 2)}\n`);
      written += 1;
    }
    console.log(`wrote ${written} recordings to ${RESPONSES_DIR}`);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
