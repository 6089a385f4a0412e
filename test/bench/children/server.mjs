// Loopback ASMX stand-in for the benchmark: answers recorded bytes, nothing else.
// usage: node server.mjs <fixturesDir>   (files `${form}-${n}.xml`, form = soap11|soap12|httpGet)
// Prints "PORT <n>" once listening on 127.0.0.1 (port 0 = any free port).
// Runs in its own process so that serving does not steal the client's event loop.
import { createServer } from "node:http";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const dir = process.argv[2];
const docs = new Map();
for (const f of readdirSync(dir)) {
  const m = /^(soap11|soap12|httpGet)-(\d+)\.xml$/.exec(f);
  if (m) docs.set(`${m[1]}:${m[2]}`, readFileSync(join(dir, f)));
}
const CT = {
  soap11: "text/xml; charset=utf-8",
  soap12: "application/soap+xml; charset=utf-8",
  httpGet: "text/xml; charset=utf-8",
};
const COUNT_XML = /<(?:[\w.-]+:)?count(?:\s[^>]*)?>\s*(\d+)\s*</;

function answer(res, form, count) {
  const body = docs.get(`${form}:${count}`);
  if (!body) {
    res.writeHead(500, { "content-type": "text/plain" });
    res.end(`no fixture for ${form}:${count}`);
    return;
  }
  res.writeHead(200, { "content-type": CT[form], "content-length": body.length, "cache-control": "private" });
  res.end(body);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://x");
  if (req.method === "GET") {
    answer(res, "httpGet", url.searchParams.get("count") ?? "");
    return;
  }
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const text = Buffer.concat(chunks).toString("utf8");
    const ct = String(req.headers["content-type"] ?? "");
    if (ct.startsWith("application/x-www-form-urlencoded")) {
      answer(res, "httpGet", new URLSearchParams(text).get("count") ?? ""); // HTTP POST answers like GET
      return;
    }
    const m = COUNT_XML.exec(text);
    answer(res, ct.includes("soap+xml") ? "soap12" : "soap11", m ? m[1] : "");
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`PORT ${server.address().port}\n`);
});
// exit with the parent: it holds our stdin open
process.stdin.on("end", () => process.exit(0));
process.stdin.on("close", () => process.exit(0));
process.stdin.resume();
process.on("SIGTERM", () => process.exit(0));
