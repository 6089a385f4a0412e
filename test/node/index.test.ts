/**
 * Issue 12, the Node transport (`<package>/node`, templates/node/index.ts): calls go through
 * node:http with keep-alive in every binding; the client's deadline, redirect rule and secrets
 * hold with it; and the main entry never imports it (so the default stays portable): an esbuild
 * bundle of the main entry for a neutral platform contains no file of src/node and no node:
 * import.
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BINDINGS, GetMessagesAfterID, RedirectError, TimeoutError, createConfig, type ClientOptions } from "../../generated/src/index.ts";
import { createNodeFetch } from "../../generated/src/node/index.ts";
import { rejection, startServer, type TestServer } from "../errors/support.ts";

const root = new URL("../../", import.meta.url).pathname;
/** Real answers of the Mono ASMX fixture (test/fixtures/responses), three messages each. */
const RECORDED = Object.fromEntries(
  (["soap11", "soap12", "httpGet"] as const).map((b) => [b, JSON.parse(readFileSync(join(root, `test/fixtures/responses/GetMessagesAfterID.${b}.json`), "utf8")) as { body: string; contentType: string; returned: Array<{ MsgID: string }> }]),
) as Record<"soap11" | "soap12" | "httpGet", { body: string; contentType: string; returned: Array<{ MsgID: string }> }>;
let server: TestServer;
let other: TestServer;
const ports: number[] = [];
beforeAll(async () => {
  server = await startServer();
  other = await startServer();
});
afterAll(async () => {
  await server.close();
  await other.close();
});
beforeEach(() => {
  server.received.length = 0;
  ports.length = 0;
  server.handle((req, res) => {
    ports.push(req.socket.remotePort ?? 0);
    const ct = String(req.headers["content-type"] ?? "");
    const binding = ct.includes("soap+xml") ? "soap12" : req.headers["soapaction"] ? "soap11" : "httpGet";
    const recorded = RECORDED[binding];
    res.writeHead(200, { "content-type": recorded.contentType });
    res.end(recorded.body);
  });
});

const fetch = createNodeFetch();
const config = (extra: Partial<ClientOptions> = {}) => createConfig({ baseUrl: server.baseUrl, credentials: { username: "u", password: "node-pw" }, fetch, timeoutMs: 5_000, ...extra });
const params = { location: 1, count: 1, msgId: 0n };

describe.each(BINDINGS)("%s over node:http", (binding) => {
  it("decodes the answer, sends the body with its length, and reuses one keep-alive socket", async () => {
    const first = await GetMessagesAfterID(config(), params, { binding });
    const second = await GetMessagesAfterID(config(), params, { binding });
    const recorded = RECORDED[binding === "httpPost" ? "httpGet" : binding];
    expect(first?.map((m) => String(m.MsgID))).toEqual(recorded.returned.map((m) => m.MsgID));
    expect(second).toHaveLength(recorded.returned.length);
    expect(ports).toHaveLength(2);
    expect(ports[0]).toBe(ports[1]);
    const got = server.received[0];
    if (got?.method === "POST") expect(Number(got.headers["content-length"])).toBe(Buffer.byteLength(got.body));
  });
});

describe("the client's rules hold with the Node transport", () => {
  it("a redirect to another port is a RedirectError; the other server receives nothing", async () => {
    server.handle((_req, res) => void res.writeHead(307, { location: `${other.baseUrl}/x` }).end());
    expect(await rejection(() => GetMessagesAfterID(config(), params))).toBeInstanceOf(RedirectError);
    expect(other.received).toEqual([]);
  });

  it("a server that never answers: TimeoutError at the deadline", async () => {
    server.handle(() => undefined);
    const t0 = Date.now();
    expect(await rejection(() => GetMessagesAfterID(config({ timeoutMs: 150 }), params))).toBeInstanceOf(TimeoutError);
    expect(Date.now() - t0).toBeLessThan(2_000);
  });

  it("a body that stalls: TimeoutError", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/xml" });
      res.write('<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>');
    });
    expect(await rejection(() => GetMessagesAfterID(config({ timeoutMs: 150 }), params))).toBeInstanceOf(TimeoutError);
  });

  it("loads node:http on the first http: call and never loads node:https or TLS for it (a fresh process)", async () => {
    const child = `const n = await import(${JSON.stringify(pathToFileURL(join(root, "generated/dist/node/index.js")).href)});
const seen = () => process.moduleLoadList.filter((m) => /^NativeModule (https|http|tls)$/.test(m));
const f = n.createNodeFetch();
const before = seen();
const r = await f(process.argv[1] + "/?count=1", { method: "GET", headers: {}, body: null, signal: new AbortController().signal, redirect: "manual" });
await r.body.cancel();
process.stdout.write(JSON.stringify({ status: r.status, before, after: seen() }));
process.exit(0);`;
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ["--input-type=module", "-e", child, server.baseUrl], { timeout: 20_000 }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
    );
    expect(JSON.parse(out)).toEqual({ status: 200, before: [], after: ["NativeModule http"] });
  });

  it("refuses a protocol other than http and https", async () => {
    await expect(fetch("ftp://x/", { method: "GET", headers: {}, body: null, signal: new AbortController().signal, redirect: "manual" })).rejects.toThrow(/unsupported protocol/);
  });
});

describe("the package's entries", () => {
  it("package.json exports ./node", () => {
    const pkg = JSON.parse(readFileSync(join(root, "generated/package.json"), "utf8")) as { exports: Record<string, unknown> };
    expect(pkg.exports["./node"]).toEqual({ types: "./dist/node/index.d.ts", default: "./dist/node/index.js" });
  });

  it("the main entry does not import the Node transport: a neutral-platform bundle has no src/node file and no node: import", async () => {
    const r = await build({
      entryPoints: [join(root, "generated/dist/index.js")],
      bundle: true,
      platform: "neutral",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs = Object.keys(r.metafile.inputs);
    expect(inputs.some((f) => f.includes("dist/chunks/runtime.js"))).toBe(true);
    expect(inputs.filter((f) => f.includes("/node/") || f.startsWith("node:"))).toEqual([]);
    expect(r.outputFiles[0]?.text).not.toContain("getBuiltinModule");
    const imports = Object.values(r.metafile.outputs).flatMap((o) => o.imports.map((i) => i.path));
    expect(imports).toEqual([]);
  });
});
