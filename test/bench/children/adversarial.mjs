// Adversarial-corpus probe: one decode of one document in a fresh process.
// usage: node --expose-gc adversarial.mjs <oursAdapterBundle.mjs> <document.xml> <warm-up.xml>
// The decoder is warmed up first on an ordinary document (as in a running client), so the rate
// is the decoder's, not the JIT compiler's.
// Prints RESULT {"ms","input","peakGrowth","outcome"}. Peak = kernel RSS high-water mark (VmHWM)
// after the decode minus the RSS before it (the bytes already read), so the ratio counts only
// what decoding costs.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [adapter, file, warm] = process.argv.slice(2);
const hwm = () => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))[1]) * 1024;
const m = await import(pathToFileURL(adapter).href);
const warmBytes = readFileSync(warm);
for (let i = 0; i < 5; i++) m.decodeOursLenient("soap11", warmBytes);
const bytes = readFileSync(file);
globalThis.gc?.();
globalThis.gc?.();
const before = process.memoryUsage().rss;
const t0 = performance.now();
let outcome;
try {
  const r = m.decodeOursLenient("soap11", bytes);
  outcome = `ok (${Array.isArray(r) ? r.length : 0} items)`;
} catch (e) {
  outcome = `${e?.name ?? "Error"}: ${String(e?.found ?? e?.message ?? e).slice(0, 70)}`;
}
const ms = performance.now() - t0;
const peak = hwm();
process.stdout.write("RESULT " + JSON.stringify({ ms, input: bytes.length, peakGrowth: Math.max(0, peak - before), outcome }) + "\n");
