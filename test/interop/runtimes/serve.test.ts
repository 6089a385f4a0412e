/**
 * The page server: serves its files, proxies the ASMX prefix to the upstream server (method, path, query,
 * headers, body, status and response headers kept; Host rewritten), 404s the rest, binds 127.0.0.1 only
 * and stops on close().
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPageServer, type PageServer } from "./serve.ts";

let upstream: Server;
let upstreamUrl: string;
let page: PageServer;

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8").on("data", (c: string) => (body += c));
    req.on("end", () => {
      res.writeHead(req.url?.includes("fail") === true ? 500 : 200, { "content-type": "application/json", "x-upstream": "yes" });
      res.end(JSON.stringify({ method: req.method, url: req.url, host: req.headers.host, soapAction: req.headers["soapaction"] ?? null, body }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", () => r()));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  page = await startPageServer({ "/": { type: "text/html; charset=utf-8", body: "<p>hi</p>" } }, upstreamUrl);
});

afterAll(async () => {
  await page.close();
  upstream.closeAllConnections();
  await new Promise<void>((r) => upstream.close(() => r()));
});

describe("page server", () => {
  it("binds 127.0.0.1", () => {
    expect(page.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("serves its files (query ignored) and 404s other paths", async () => {
    const res = await fetch(`${page.origin}/?u=a&p=b`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await res.text()).toBe("<p>hi</p>");
    expect((await fetch(`${page.origin}/nope.js`)).status).toBe(404);
    expect((await fetch(`${page.origin}/`, { method: "POST", body: "x" })).status).toBe(404);
  });

  it("proxies /post/ with method, query, headers and body; returns status and headers", async () => {
    const res = await fetch(`${page.origin}/post/Send.asmx?a=1&b=%D8%B3`, {
      method: "POST",
      headers: { SOAPAction: '"http://tempuri.org/X"', "content-type": "text/xml" },
      body: "<x>سلام</x>",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-upstream")).toBe("yes");
    expect(await res.json()).toEqual({
      method: "POST",
      url: "/post/Send.asmx?a=1&b=%D8%B3",
      host: new URL(upstreamUrl).host,
      soapAction: '"http://tempuri.org/X"',
      body: "<x>سلام</x>",
    });
    const failed = await fetch(`${page.origin}/post/fail`);
    expect(failed.status).toBe(500);
    await failed.text();
    expect(page.seen).toContain("POST /post/Send.asmx?a=1&b=%D8%B3");
  });

  it("answers 502 when the upstream is gone, and stops on close()", async () => {
    const orphan = await startPageServer({}, "http://127.0.0.1:1");
    const res = await fetch(`${orphan.origin}/post/x`);
    expect(res.status).toBe(502);
    expect(await res.text()).toMatch(/^proxy error: /);
    await orphan.close();
    await expect(fetch(`${orphan.origin}/`)).rejects.toThrow();
  });
});
