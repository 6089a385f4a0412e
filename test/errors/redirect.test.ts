/**
 * Issue 11 item 3: a redirect never carries the password or the body to another origin. Two
 * loopback servers on different ports: the service answers with a redirect to the other one,
 * which must receive nothing, in every binding and for every redirect status. The default is
 * to follow no redirect at all (RedirectError naming the Location, redacted); the option
 * `redirect: "same-origin-get"` follows same-origin redirects of HTTP GET calls only.
 * (On main before this change, fetch followed the redirects: the 307/308 cases re-sent the SOAP
 * body and the form with the password to the other port, and a 302 turned a call into a GET.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BINDINGS, GetMessagesAfterID, RedirectError, createConfig, type Binding, type ClientOptions } from "../../generated/src/index.ts";
import { contentTypeOf, everythingShownBy, leaks, okBody, rejection, startServer, type TestServer } from "./support.ts";

const PASSWORD = "r3dir3ct-pw";
let service: TestServer;
let other: TestServer;

beforeAll(async () => {
  service = await startServer();
  other = await startServer();
});
afterAll(async () => {
  await service.close();
  await other.close();
});
beforeEach(() => {
  service.received.length = 0;
  other.received.length = 0;
  other.handle((_req, res) => res.writeHead(200, { "content-type": "text/xml" }).end("<x/>"));
});

const config = (extra: Partial<ClientOptions> = {}) =>
  createConfig({ baseUrl: service.baseUrl, credentials: { username: "u", password: PASSWORD }, timeoutMs: 5_000, ...extra });
const call = (binding: Binding, extra: Partial<ClientOptions> = {}) => GetMessagesAfterID(config(extra), { location: 1, count: 1, msgId: 0n }, { binding });

/** Redirects to the other server, echoing the request's query (which holds the password over HTTP GET). */
const redirectToOther = (status: number) =>
  service.handle((req, res) => {
    const query = new URL(req.url ?? "/", "http://x").search;
    res.writeHead(status, { location: `${other.baseUrl}/steal${query}` }).end();
  });

describe("redirects are not followed by default", () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it.each(BINDINGS)(`%s: HTTP ${status} to another port is a RedirectError, and the other server receives nothing`, async (binding) => {
      redirectToOther(status);
      const err = await rejection(() => call(binding));
      expect(err).toBeInstanceOf(RedirectError);
      const r = err as RedirectError;
      expect(r.code).toBe("redirect");
      expect(r.status).toBe(status);
      expect(r.location.startsWith(`${other.baseUrl}/steal`)).toBe(true);
      expect(r.message).toContain(`GetMessagesAfterID (${binding}): redirect not followed (HTTP ${status} to ${other.baseUrl}/steal`);
      expect(leaks(everythingShownBy(err), PASSWORD)).toEqual([]);
      if (binding === "httpGet") expect(r.location).toContain("password=***");
      expect(service.received).toHaveLength(1);
      expect(other.received).toEqual([]);
    });
  }
});

describe('redirect: "same-origin-get"', () => {
  it("follows a same-origin redirect of an HTTP GET call", async () => {
    service.handle((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      if (!url.pathname.startsWith("/moved")) {
        res.writeHead(302, { location: `/moved${url.pathname}${url.search}` }).end();
        return;
      }
      res.writeHead(200, { "content-type": contentTypeOf("httpGet") });
      res.end(okBody("httpGet", "GetMessagesAfterID", "ArrayOfMessagesBL", ""));
    });
    expect(await call("httpGet", { redirect: "same-origin-get" })).toEqual([]);
    expect(service.received.map((r) => r.url.split("?")[0])).toEqual(["/post/receive.asmx/GetMessagesAfterID", "/moved/post/receive.asmx/GetMessagesAfterID"]);
  });

  it("still refuses a redirect of an HTTP GET call to another origin (the other server receives nothing)", async () => {
    redirectToOther(302);
    const err = await rejection(() => call("httpGet", { redirect: "same-origin-get" }));
    expect(err).toBeInstanceOf(RedirectError);
    expect((err as RedirectError).message).toContain("another origin");
    expect(other.received).toEqual([]);
  });

  it.each(["soap11", "soap12", "httpPost"] as const)("%s: a POST is never re-sent, even to the same origin", async (binding) => {
    service.handle((req, res) => {
      if (req.url?.startsWith("/again")) res.writeHead(500).end("must not be reached");
      else res.writeHead(307, { location: "/again" }).end();
    });
    const err = await rejection(() => call(binding, { redirect: "same-origin-get" }));
    expect(err).toBeInstanceOf(RedirectError);
    expect((err as RedirectError).message).toContain("only HTTP GET calls follow redirects");
    expect(service.received).toHaveLength(1);
  });

  it("stops after 5 redirects", async () => {
    service.handle((req, res) => res.writeHead(302, { location: `/loop${req.url ?? ""}` }).end());
    const err = await rejection(() => call("httpGet", { redirect: "same-origin-get" }));
    expect(err).toBeInstanceOf(RedirectError);
    expect((err as RedirectError).message).toContain("more than 5 redirects");
    expect(service.received).toHaveLength(6);
  });
});

describe("a browser's opaque redirect", () => {
  it("is a RedirectError without a Location", async () => {
    const cfg = config({
      fetch: async () => ({ status: 0, type: "opaqueredirect", headers: { get: () => null }, body: null }),
    });
    const err = await rejection(() => GetMessagesAfterID(cfg, { location: 1, count: 1, msgId: 0n }));
    expect(err).toBeInstanceOf(RedirectError);
    expect((err as RedirectError).location).toBe("");
  });
});

it("createConfig rejects an unknown redirect policy", () => {
  expect(() => createConfig({ baseUrl: "http://h.test", redirect: "follow" as never })).toThrow(/redirect must be "error" or "same-origin-get"/);
});
