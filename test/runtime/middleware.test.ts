/**
 * Issue 9, request middleware: middleware may change a request before it is sent (headers, base
 * URL, an extra signal) and sees the response; client middleware runs first, then the call's,
 * and onResponse runs in the reverse order; what middleware reads never shows a secret; a
 * middleware that throws fails the call with MiddlewareError, reported to onError. Against
 * loopback servers (the interop suite proves the header reaches the Mono ASMX server).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AbortError,
  BINDINGS,
  GetMessagesAfterID,
  MiddlewareError,
  createClient,
  createConfig,
  type CallErrorEvent,
  type ClientOptions,
  type Middleware,
  type MiddlewareRequest,
} from "../../generated/src/index.ts";
import { contentTypeOf, okBody, rejection, startServer, type TestServer } from "../errors/support.ts";

const PASSWORD = "mw-s3cret-pw";
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  a = await startServer();
  b = await startServer();
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const answerEmpty = (s: TestServer) =>
  s.handle((req, res, _body) => {
    const ct = String(req.headers["content-type"] ?? "");
    const binding = ct.includes("soap+xml") ? "soap12" : req.headers["soapaction"] ? "soap11" : "httpGet";
    res.writeHead(200, { "content-type": contentTypeOf(binding), "x-served-by": s === a ? "a" : "b", "set-cookie": "sid=abc" });
    res.end(okBody(binding, "GetMessagesAfterID", "ArrayOfMessagesBL", ""));
  });

beforeEach(() => {
  a.received.length = 0;
  b.received.length = 0;
  answerEmpty(a);
  answerEmpty(b);
});

const options = (extra: Partial<ClientOptions> = {}): ClientOptions => ({ baseUrl: a.baseUrl, credentials: { username: "u", password: PASSWORD }, timeoutMs: 5_000, ...extra });
const params = { location: 1, count: 1, msgId: 0n };

describe.each(BINDINGS)("%s", (binding) => {
  it("runs client middleware, then the call's; onResponse in reverse; a header it sets reaches the server", async () => {
    const order: string[] = [];
    const tag = (name: string): Middleware => ({
      onRequest: async (req) => {
        order.push(`${name}:request`);
        req.headers.set(`X-Mw-${name}`, `${name}-${binding}`);
      },
      onResponse: (res) => {
        order.push(`${name}:response:${res.status}:${res.headers.get("x-served-by") ?? ""}`);
      },
    });
    const client = createClient(options({ middleware: [tag("one"), tag("two")] }));
    expect(await client.receive.GetMessagesAfterID(params, { binding, middleware: [tag("call")] })).toEqual([]);
    expect(order).toEqual(["one:request", "two:request", "call:request", "call:response:200:a", "two:response:200:a", "one:response:200:a"]);
    const got = a.received[0]?.headers;
    expect([got?.["x-mw-one"], got?.["x-mw-two"], got?.["x-mw-call"]]).toEqual([`one-${binding}`, `two-${binding}`, `call-${binding}`]);
  });

  it("can send the call to another base address", async () => {
    const cfg = createConfig(
      options({
        middleware: [
          {
            onRequest: (req) => {
              req.baseUrl = b.baseUrl;
            },
          },
        ],
      }),
    );
    expect(await GetMessagesAfterID(cfg, params, { binding })).toEqual([]);
    expect(a.received).toEqual([]);
    expect(b.received).toHaveLength(1);
  });

  it("sees the request with the password as *** and cannot read secret headers", async () => {
    let seen: MiddlewareRequest | undefined;
    let seenText = "";
    const cfg = createConfig(
      options({
        headers: { Authorization: "Bearer t0ken-abc" },
        middleware: [
          {
            onRequest: (req) => {
              seen = req;
              seenText = JSON.stringify({ url: req.url, path: req.path, body: req.body, headers: req.headers.entries(), auth: req.headers.get("authorization") });
            },
            onResponse: (res) => {
              seenText += JSON.stringify(res.headers.entries());
            },
          },
        ],
      }),
    );
    await GetMessagesAfterID(cfg, params, { binding });
    expect(seen?.operation).toBe("GetMessagesAfterID");
    expect(seen?.binding).toBe(binding);
    expect(seenText).not.toContain(PASSWORD);
    expect(seenText).not.toContain("t0ken-abc");
    expect(seenText).toContain("***");
    expect(seenText).not.toContain("sid=abc"); // Set-Cookie of the response
    expect(a.received[0]?.headers["authorization"]).toBe("Bearer t0ken-abc");
  });
});

describe("failures", () => {
  it("a middleware that throws fails the call with MiddlewareError, reported to onError, and nothing is sent", async () => {
    const errors: CallErrorEvent[] = [];
    const cfg = createConfig(
      options({
        hooks: { onError: (e) => errors.push(e) },
        middleware: [
          {
            onRequest: () => {
              throw new Error(`token service down (${PASSWORD})`);
            },
          },
        ],
      }),
    );
    const err = await rejection(() => GetMessagesAfterID(cfg, params));
    expect(err).toBeInstanceOf(MiddlewareError);
    expect((err as Error).message).toBe("GetMessagesAfterID (soap11): middleware onRequest failed: token service down (***)");
    expect(errors.map((e) => e.error)).toEqual([err]);
    expect(a.received).toEqual([]);
  });

  it("an invalid base address or header set by a middleware is a MiddlewareError", async () => {
    for (const m of [
      { onRequest: (req: MiddlewareRequest) => void (req.baseUrl = "ftp://x") },
      { onRequest: (req: MiddlewareRequest) => req.headers.set("X-Bad", "a\r\nInjected: 1") },
    ]) {
      const err = await rejection(() => GetMessagesAfterID(createConfig(options({ middleware: [m] })), params));
      expect(err).toBeInstanceOf(MiddlewareError);
    }
    expect(a.received).toEqual([]);
  });

  it("an onResponse that throws fails the call", async () => {
    const err = await rejection(() => GetMessagesAfterID(createConfig(options({ middleware: [{ onResponse: () => Promise.reject(new Error("no")) }] })), params));
    expect(err).toBeInstanceOf(MiddlewareError);
    expect((err as Error).message).toContain("middleware onResponse failed: no");
  });

  it("a signal set by a middleware aborts the call", async () => {
    a.handle(() => undefined); // never answers
    const controller = new AbortController();
    const cfg = createConfig(
      options({
        middleware: [
          {
            onRequest: (req) => {
              req.signal = controller.signal;
              setTimeout(() => controller.abort(), 30);
            },
          },
        ],
      }),
    );
    expect(await rejection(() => GetMessagesAfterID(cfg, params))).toBeInstanceOf(AbortError);
  });
});
