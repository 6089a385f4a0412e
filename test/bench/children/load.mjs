// Concurrent load: C callers in a closed loop of GetMessagesAfterID(count) against the loopback
// server, for D ms after a warm-up; latency of every call, throughput, and memory at the start and
// the end of the timed run (RSS, and heap after a forced GC).
// usage: node --expose-gc load.mjs <ours|ours-node|soap> <baseUrl> <concurrency> <durationMs> <count> <oursAdapter.mjs> <wsdl>
// Prints `RESULT {...}`.
import { createRequire } from "node:module";

const [cand, baseUrl, concText, durText, countText, adapter, wsdl] = process.argv.slice(2);
const concurrency = Number(concText);
const durationMs = Number(durText);
const count = Number(countText);

let call;
if (cand === "soap") {
  const soap = createRequire(import.meta.url)("soap");
  const client = await soap.createClientAsync(wsdl, { endpoint: `${baseUrl}/post/receive.asmx` });
  call = async () => {
    const [result] = await client.GetMessagesAfterIDAsync({ username: "bench", password: "secret", location: 1, from: "", count, msgId: "0" });
    const list = result?.GetMessagesAfterIDResult?.MessagesBL;
    return list === undefined ? 0 : Array.isArray(list) ? list.length : 1;
  };
} else {
  const m = await import("file://" + adapter);
  const fn = cand === "ours-node" ? m.callOursNode : m.callOurs;
  call = async () => m.countItems(await fn(baseUrl, "soap11", count));
}

const first = await call();
if (first !== count) throw new Error(`${cand}: first call returned ${first} items, expected ${count}`);

async function run(ms, record) {
  const end = performance.now() + ms;
  let calls = 0;
  let errors = 0;
  const worker = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const n = await call();
        if (n !== count) errors++;
      } catch {
        errors++;
      }
      const dt = performance.now() - t0;
      calls++;
      if (record) record.push(dt);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { calls, errors, seconds: (performance.now() - t0) / 1000 };
}

await run(Math.min(5000, Math.max(200, durationMs / 5)), null); // warm-up (JIT, sockets, heap sizing)
globalThis.gc?.();
const start = { rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed };
const lat = [];
const r = await run(durationMs, lat);
const endRss = process.memoryUsage().rss;
globalThis.gc?.();
const end = { rss: endRss, heapUsed: process.memoryUsage().heapUsed };
lat.sort((a, b) => a - b);
const q = (p) => lat[Math.min(lat.length - 1, Math.floor(p * (lat.length - 1)))] ?? NaN;
process.stdout.write(
  "RESULT " +
    JSON.stringify({ cand, concurrency, durationMs, ...r, callsPerSecond: r.calls / r.seconds, p50: q(0.5), p99: q(0.99), start, end }) +
    "\n",
);
process.exit(0);
