/**
 * The password never shows: not in any error's message, fields, cause chain, toString(),
 * stack or util.inspect output, nor in any hook payload (the logged request), in any binding,
 * even when the server echoes it back in every way it can (raw, URL-encoded, XML-escaped, in
 * the HTTP GET URL, in a fault, in an HTML page, in a header, at the 2 KB snippet boundary).
 */
import { readFileSync } from "node:fs";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AbortError,
  AsmxError,
  BINDINGS,
  DecodeError,
  EncodeError,
  GetUserDetails,
  HttpFaultError,
  HttpStatusError,
  NetworkError,
  RemoveMessages,
  ResponseTooLargeError,
  SoapFaultError,
  TimeoutError,
  createConfig,
  type Binding,
  type ClientOptions,
  type Config,
} from "../../generated/src/index.ts";
import { contentTypeOf, envelope, everythingShownBy, leaks, okBody, rejection, secretForms, startServer, xmlEscape, type Handler, type TestServer } from "./support.ts";

/** Every character class that has a different wire form: space, &, <, >, quotes, +, /, %, non-ASCII, astral. */
const PASSWORD = "Zq9!s3cr&t <pw> \"q\" 'a' +/%é🔑";
const USERNAME = "alice";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** The password as the server reads it from the request (so the echo is exactly what a real server could send). */
function passwordOf(url: string, body: string): string {
  const q = new URL(url, "http://x").searchParams.get("password");
  if (q !== null) return q;
  const m = /<password>([\s\S]*?)<\/password>/.exec(body);
  if (m) return (m[1] ?? "").replace(/&#xD;/g, "\r").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return new URLSearchParams(body).get("password") ?? "";
}

/** All the ways the server can echo the request: raw password, whole URL, whole body (XML-escaped for XML). */
const echo = (url: string, body: string): string => `password=${passwordOf(url, body)} url=${url} body=${body}`;

const hookLog: unknown[] = [];
function config(extra: Partial<ClientOptions> = {}): Config {
  return createConfig({
    baseUrl: server.baseUrl,
    credentials: { username: USERNAME, password: PASSWORD },
    timeoutMs: 3_000,
    hooks: {
      onRequest: (e) => hookLog.push(e),
      onResponse: (e) => hookLog.push(e),
      onError: (e) => hookLog.push(e),
    },
    ...extra,
  });
}

interface Scenario {
  readonly name: string;
  readonly expected: abstract new (...a: never[]) => AsmxError;
  readonly handler?: Handler;
  readonly call: (binding: Binding) => Promise<unknown>;
}

const userDetails = (binding: Binding, cfg = config()) => GetUserDetails(cfg, { targetUsername: "bob" }, { binding });

const SCENARIOS: readonly Scenario[] = [
  {
    name: "EncodeError (another parameter holds the password as a bad enum value)",
    expected: EncodeError,
    call: (binding) => RemoveMessages(config(), { location: PASSWORD as never, msgIds: PASSWORD }, { binding }),
  },
  {
    name: "EncodeError (the password itself cannot be sent)",
    expected: EncodeError,
    call: (binding) => RemoveMessages(config({ credentials: { username: USERNAME, password: `${PASSWORD}\u0000` } }), { location: "Sent" }, { binding }),
  },
  {
    name: "DecodeError (the password echoed in a field that must be an int, cut at the 100-character mark)",
    expected: DecodeError,
    handler: (req, res, body) => {
      const pw = passwordOf(req.url ?? "", body);
      const binding = req.headers["content-type"]?.includes("soap+xml") ? "soap12" : req.headers["soapaction"] ? "soap11" : "httpGet";
      res.writeHead(200, { "content-type": contentTypeOf(binding) });
      res.end(okBody(binding, "GetUserDetails", "UserGridList", `<UserId>${"x".repeat(95)}${xmlEscape(pw)}</UserId>`));
    },
    call: (binding) => userDetails(binding),
  },
  {
    name: "SoapFaultError 1.1 / HttpFaultError (status 500, the server echoes the request in every field)",
    expected: AsmxError,
    handler: (req, res, body) => {
      const text = echo(req.url ?? "", body);
      if (req.headers["soapaction"]) {
        res.writeHead(500, { "content-type": "text/xml; charset=utf-8" });
        res.end(envelope("soap11", `<soap:Fault><faultcode>${xmlEscape(passwordOf(req.url ?? "", body))}</faultcode><faultstring>${xmlEscape(text)}</faultstring><faultactor>${xmlEscape(text)}</faultactor><detail>${xmlEscape(text)}</detail></soap:Fault>`));
      } else if (req.headers["content-type"]?.includes("soap+xml")) {
        res.writeHead(500, { "content-type": "application/soap+xml; charset=utf-8" });
        res.end(
          envelope(
            "soap12",
            `<soap:Fault><soap:Code><soap:Value>${xmlEscape(text)}</soap:Value><soap:Subcode><soap:Value>${xmlEscape(text)}</soap:Value></soap:Subcode></soap:Code><soap:Reason><soap:Text>${xmlEscape(text)}</soap:Text></soap:Reason><soap:Role>${xmlEscape(text)}</soap:Role><soap:Detail>${xmlEscape(text)}</soap:Detail></soap:Fault>`,
          ),
        );
      } else {
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end(`System.Exception: ${text}\r\n   at Stack`);
      }
    },
    call: (binding) => userDetails(binding),
  },
  {
    name: "SoapFaultError with status 200",
    expected: AsmxError,
    handler: (req, res, body) => {
      const text = echo(req.url ?? "", body);
      const soap12 = req.headers["content-type"]?.includes("soap+xml");
      res.writeHead(200, { "content-type": soap12 ? "application/soap+xml" : "text/xml" });
      res.end(
        soap12
          ? envelope("soap12", `<soap:Fault><soap:Code><soap:Value>soap:Sender</soap:Value></soap:Code><soap:Reason><soap:Text>${xmlEscape(text)}</soap:Text></soap:Reason></soap:Fault>`)
          : envelope("soap11", `<soap:Fault><faultcode>soap:Client</faultcode><faultstring>${xmlEscape(text)}</faultstring></soap:Fault>`),
      );
    },
    call: (binding) => userDetails(binding),
  },
  {
    name: "HttpStatusError (HTML 200 echoing the request, the password across the 2 KB boundary, and in the content type)",
    expected: HttpStatusError,
    handler: (req, res, body) => {
      const pw = passwordOf(req.url ?? "", body);
      res.writeHead(200, { "content-type": `text/html; x="${encodeURIComponent(pw)}"` });
      res.end(`${"h".repeat(2040)}${pw}<html><body>${echo(req.url ?? "", body)}</body></html>`);
    },
    call: (binding) => userDetails(binding),
  },
  {
    name: "HttpStatusError (404 echoing the URL at the 2 KB boundary, URL-encoded)",
    expected: HttpStatusError,
    handler: (req, res, body) => {
      res.writeHead(404, { "content-type": "text/html" });
      res.end(`${"h".repeat(2030)}${encodeURIComponent(passwordOf(req.url ?? "", body))} ${req.url ?? ""} ${body}`);
    },
    call: (binding) => userDetails(binding),
  },
  {
    name: "ResponseTooLargeError",
    expected: ResponseTooLargeError,
    handler: (req, res, body) => {
      res.writeHead(200, { "content-type": "text/xml" });
      res.end(echo(req.url ?? "", body).repeat(200));
    },
    call: (binding) => userDetails(binding, config({ maxResponseBytes: 1000 })),
  },
  {
    name: "TimeoutError",
    expected: TimeoutError,
    handler: (req, res, body) => {
      res.writeHead(500, { "content-type": "text/html" });
      res.write(echo(req.url ?? "", body)); // and stall: the client waits for the rest of the error page
    },
    call: (binding) => userDetails(binding, config({ timeoutMs: 100 })),
  },
  {
    name: "AbortError (the caller's abort reason mentions the password)",
    expected: AbortError,
    handler: () => undefined,
    call: (binding) => {
      const c = new AbortController();
      setTimeout(() => c.abort(new Error(`cancelled the call with ${PASSWORD}`)), 30);
      return GetUserDetails(config({ timeoutMs: 0 }), {}, { binding, signal: c.signal });
    },
  },
  {
    name: "NetworkError (a fetch whose error repeats the URL and the body)",
    expected: NetworkError,
    call: (binding) =>
      GetUserDetails(
        config({
          fetch: (input, init) => {
            const cause = Object.assign(new Error(`socket hang up talking to ${String(input)}`), { code: "ECONNRESET", url: String(input), body: String(init?.body) });
            return Promise.reject(new TypeError(`request to ${String(input)} failed with body ${String(init?.body)}`, { cause }));
          },
        }),
        {},
        { binding },
      ),
  },
  {
    name: "NetworkError (the server resets the connection)",
    expected: NetworkError,
    handler: (_req, res) => {
      res.socket?.destroy();
    },
    call: (binding) => userDetails(binding),
  },
];

describe("no error shows the password, in any binding", () => {
  for (const s of SCENARIOS) {
    it.each(BINDINGS)(`${s.name}: %s`, async (binding) => {
      if (s.handler) server.handle(s.handler);
      hookLog.length = 0;
      const err = await rejection(() => s.call(binding));
      expect(err).toBeInstanceOf(AsmxError);
      expect(err).toBeInstanceOf(s.expected);
      const shown = everythingShownBy(err);
      expect(leaks(shown, PASSWORD)).toEqual([]);
      // Not even a prefix of it (a cut after 100 characters or 2 KB must not leave "Zq9!s3…").
      expect(shown).not.toContain(PASSWORD.slice(0, 6));
      expect(shown).not.toContain(encodeURIComponent(PASSWORD).slice(0, 8));
      const hooks = inspect(hookLog, { depth: Infinity, showHidden: true }) + JSON.stringify(hookLog);
      expect(leaks(hooks, PASSWORD)).toEqual([]);
      expect(hooks).not.toContain(PASSWORD.slice(0, 6));
      expect(hookLog.some((e) => (e as { error?: unknown }).error === err)).toBe(true); // onError saw it
    });
  }

  it("the redacted error still says what happened", async () => {
    server.handle(SCENARIOS[3]?.handler as Handler);
    const f = (await rejection(() => userDetails("soap11"))) as SoapFaultError;
    expect(f).toBeInstanceOf(SoapFaultError);
    expect(f.serviceMessage.startsWith("password=*** url=/post/Users.asmx body=<?xml")).toBe(true);
    expect(f.serviceMessage).toContain(`<username>${USERNAME}</username><password>***</password>`);
    expect(f.faultCode).toBe("***");
    const g = (await rejection(() => userDetails("httpGet"))) as HttpFaultError;
    expect(g).toBeInstanceOf(HttpFaultError);
    expect(g.serviceMessage).toContain(`username=${USERNAME}&password=***&targetUsername=bob`);
  });

  it("counts", () => {
    console.log(`[secrets] ${SCENARIOS.length} leak scenarios × ${BINDINGS.length} bindings = ${SCENARIOS.length * BINDINGS.length} calls checked for ${secretForms(PASSWORD).length} forms of the password`);
  });
});

describe("the logged request (onRequest hook payload)", () => {
  it.each(BINDINGS)("%s: URL, headers and body have the password as ***, everything else intact", async (binding) => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": contentTypeOf(binding) });
      res.end(okBody(binding, "GetUserDetails", "UserGridList", ""));
    });
    hookLog.length = 0;
    await rejection(() => userDetails(binding)); // an empty record: a DecodeError, but the request was sent
    const req = hookLog[0] as { url: string; body: string | null; headers: Record<string, string>; method: string };
    expect(leaks(JSON.stringify(req), PASSWORD)).toEqual([]);
    // The server really got the password (so the redaction is in the log only).
    const sent = server.received[server.received.length - 1];
    expect(passwordOf(sent?.url ?? "", sent?.body ?? "")).toBe(PASSWORD);
    if (binding === "httpGet") {
      expect(req.url).toBe(`${server.baseUrl}/post/Users.asmx/GetUserDetails?username=${USERNAME}&password=***&targetUsername=bob`);
      expect(req.body).toBeNull();
    } else if (binding === "httpPost") {
      expect(req.body).toBe(`username=${USERNAME}&password=***&targetUsername=bob`);
    } else {
      expect(req.body).toContain(`<username>${USERNAME}</username><password>***</password><targetUsername>bob</targetUsername>`);
    }
  });
});

describe("the README warns about the GET binding", () => {
  it("says the HTTP GET binding carries credentials in the URL", () => {
    const readme = readFileSync(new URL("../../generated/README.md", import.meta.url), "utf8");
    expect(readme).toContain("**Security:** the HTTP GET binding carries the credentials in the URL, where proxies and server logs may record them. Prefer SOAP or HTTP POST.");
  });
});
