// Peak-memory probe: one decode of one document in a fresh process.
// usage: node --expose-gc --trace-gc mem.mjs <bare|ours|soap|fxp> <fixture.xml> <form> <wsdl> <oursAdapterBundle.mjs>
// Setup (library load, client creation, reading the bytes) happens before the baseline sample.
// The decode is synchronous for every candidate, so JS-side sampling cannot run during it;
// the peak is taken from the kernel's RSS high-water mark (VmHWM) and from V8's
// GC trace (heap used before each GC after the DECODE_START marker), plus the end sample.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [cand, fixture, form, wsdl, adapter] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const gc = globalThis.gc ?? (() => {});
// Peak RSS of this process image. /proc/self/status VmHWM is per address space; getrusage maxRSS
// is not usable in a spawned child on Linux (it inherits the parent's high-water mark across fork+exec).
function peakRss() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]) * 1024;
  } catch {}
  return process.resourceUsage().maxRSS * 1024;
}

let decode = null;
let count = () => 0;
if (cand === "ours") {
  const m = await import(pathToFileURL(adapter).href);
  decode = (b) => m.decodeOurs(form, b);
  count = (r) => m.countItems(r);
} else if (cand === "soap") {
  const soap = require("soap");
  const client = await soap.createClientAsync(wsdl, { endpoint: "http://127.0.0.1:9/post/receive.asmx" });
  decode = (b) => client.wsdl.xmlToObject(b.toString("utf8"));
  count = (o) => [].concat(o?.Body?.GetMessagesAfterIDResponse?.GetMessagesAfterIDResult?.MessagesBL ?? []).length;
} else if (cand === "fxp") {
  const { XMLParser } = require("fast-xml-parser");
  decode = (b) => new XMLParser().parse(b);
  count = (o) => {
    const e = o["soap:Envelope"] ?? o["soap12:Envelope"];
    const list = e
      ? e["soap:Body"]?.GetMessagesAfterIDResponse?.GetMessagesAfterIDResult?.MessagesBL
      : o.ArrayOfMessagesBL?.MessagesBL;
    return [].concat(list ?? []).length;
  };
}
const bytes = readFileSync(fixture);
gc();
gc();
const before = process.memoryUsage();
const rssPeakBefore = peakRss();
process.stdout.write("DECODE_START\n");
const t0 = performance.now();
const result = decode ? decode(bytes) : null;
const ms = performance.now() - t0;
const end = process.memoryUsage();
const rssPeak = peakRss();
process.stdout.write("DECODE_END\n");
gc();
gc();
const retained = process.memoryUsage();
const items = decode ? count(result) : 0;
process.stdout.write(
  "RESULT " +
    JSON.stringify({
      cand,
      ms,
      items,
      before,
      end,
      retained,
      rssPeakBefore,
      rssPeak,
      bytes: bytes.length,
      keep: result === undefined,
    }) +
    "\n",
);
