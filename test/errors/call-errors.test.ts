/**
 * Every way a call can fail over real HTTP (a local node:http server): each is a typed
 * AsmxError naming the operation and binding, never a TypeError from deep inside.
 */
import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  AbortError,
  AsmxError,
  BINDINGS,
  DecodeError,
  GetMessagesAfterID,
  GetSmsPrice,
  GetUserDetails,
  HttpFaultError,
  HttpStatusError,
  NetworkError,
  RemoveCode,
  ServiceFaultError,
  SoapFaultError,
  TimeoutError,
  createClient,
  createConfig,
  type Binding,
  type Config,
} from "../../generated/src/index.ts";
import { contentTypeOf, envelope, okBody, rejection, reply, SOAP11, SOAP12, startServer, type TestServer } from "./support.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.received.length = 0;
});

const credentials = { username: "user", password: "pw-secret" };
const config = (extra: Partial<Parameters<typeof createConfig>[0]> = {}): Config =>
  createConfig({ baseUrl: server.baseUrl, credentials, timeoutMs: 5_000, ...extra });
const HTTP = ["httpGet", "httpPost"] as const;

/** The common contract of every error: typed, named operation and binding, and a message saying where. */
function expectTyped(err: unknown, cls: abstract new (...a: never[]) => AsmxError, operation: string, binding: Binding): asserts err is AsmxError {
  expect(err).toBeInstanceOf(AsmxError);
  expect(err).toBeInstanceOf(Error);
  expect(err).toBeInstanceOf(cls);
  expect(err).not.toBeInstanceOf(TypeError);
  const e = err as AsmxError;
  expect(e.operation).toBe(operation);
  expect(e.binding).toBe(binding);
  expect(e.message.startsWith(`${operation} (${binding}): `)).toBe(true);
  expect(e.name).toBe(cls.name);
  expect(String(e)).toBe(`${cls.name}: ${e.message}`);
}

const messages = (binding: Binding, cfg = config()) => rejection(() => GetMessagesAfterID(cfg, { location: 1, count: 10, msgId: 0n }, { binding }));

describe("SOAP faults", () => {
  it("SOAP 1.1: faultcode, faultstring, faultactor, detail", async () => {
    server.handle(
      reply(
        500,
        "text/xml; charset=utf-8",
        envelope(
          "soap11",
          `<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Server was unable to process request. ---&gt; Object reference not set to an instance of an object.</faultstring><faultactor>http://x/</faultactor><detail><e:Info xmlns:e="urn:e">deep <b>detail</b></e:Info></detail></soap:Fault>`,
        ),
      ),
    );
    const err = await messages("soap11");
    expectTyped(err, SoapFaultError, "GetMessagesAfterID", "soap11");
    const f = err as SoapFaultError;
    expect(f).toBeInstanceOf(ServiceFaultError);
    expect(f.code).toBe("soap-fault");
    expect(f.status).toBe(500);
    expect(f.soapVersion).toBe("1.1");
    expect(f.faultCode).toBe("soap:Server");
    expect(f.serviceMessage).toBe("Server was unable to process request. ---> Object reference not set to an instance of an object.");
    expect(f.actor).toBe("http://x/");
    expect(f.detail).toBe("deep detail");
    expect(f.subcodes).toEqual([]);
    expect(f.message).toBe("GetMessagesAfterID (soap11): service fault (HTTP 500): Server was unable to process request. ---> Object reference not set to an instance of an object.");
  });

  it("SOAP 1.2: Code/Value, Subcode chain, Reason/Text, Role, Detail", async () => {
    server.handle(
      reply(
        500,
        "application/soap+xml; charset=utf-8",
        envelope(
          "soap12",
          `<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value><soap:Subcode><soap:Value>a:Outer</soap:Value><soap:Subcode><soap:Value>a:Inner</soap:Value></soap:Subcode></soap:Subcode></soap:Code><soap:Reason><soap:Text xml:lang="en">Server was unable to process request.</soap:Text></soap:Reason><soap:Role>urn:role</soap:Role><soap:Detail><x>12</x></soap:Detail></soap:Fault>`,
        ),
      ),
    );
    const err = await messages("soap12");
    expectTyped(err, SoapFaultError, "GetMessagesAfterID", "soap12");
    const f = err as SoapFaultError;
    expect(f.soapVersion).toBe("1.2");
    expect(f.faultCode).toBe("soap:Receiver");
    expect(f.subcodes).toEqual(["a:Outer", "a:Inner"]);
    expect(f.serviceMessage).toBe("Server was unable to process request.");
    expect(f.actor).toBe("urn:role");
    expect(f.detail).toBe("12");
  });

  it("a SOAP fault sent with status 200 is still a SoapFaultError", async () => {
    server.handle(reply(200, "text/xml", envelope("soap11", `<soap:Fault><faultcode>soap:Client</faultcode><faultstring>bad</faultstring></soap:Fault>`)));
    const err = await messages("soap11");
    expectTyped(err, SoapFaultError, "GetMessagesAfterID", "soap11");
    expect((err as SoapFaultError).status).toBe(200);
  });

  it.each(HTTP)("%s: a 500 text/plain exception text is an HttpFaultError with the first line", async (binding) => {
    server.handle(reply(500, "text/plain; charset=utf-8", "System.ArgumentException: count must be positive\r\n   at Service.GetMessagesAfterID(...)\r\n"));
    const err = await messages(binding);
    expectTyped(err, HttpFaultError, "GetMessagesAfterID", binding);
    const f = err as HttpFaultError;
    expect(f).toBeInstanceOf(ServiceFaultError);
    expect(f.status).toBe(500);
    expect(f.serviceMessage).toBe("System.ArgumentException: count must be positive");
  });
});

describe("HTTP status errors: status, content type, first 2 KB of the body", () => {
  it.each(BINDINGS)("%s: 404 HTML page", async (binding) => {
    const page = `<!DOCTYPE html><html><body><h1>404</h1>${"x".repeat(5000)}</body></html>`;
    server.handle(reply(404, "text/html; charset=utf-8", page));
    const err = await messages(binding);
    expectTyped(err, HttpStatusError, "GetMessagesAfterID", binding);
    const e = err as HttpStatusError;
    expect(e.status).toBe(404);
    expect(e.contentType).toBe("text/html; charset=utf-8");
    expect(e.bodySnippet).toBe(page.slice(0, 2048));
    expect(e.message).toBe(`GetMessagesAfterID (${binding}): error status (HTTP 404, text/html; charset=utf-8)`);
  });

  it("the snippet is at most 2 KB (2048 bytes) even with multi-byte text", async () => {
    server.handle(reply(502, "text/plain", "سلام".repeat(2000)));
    const e = (await messages("soap11")) as HttpStatusError;
    expect(e).toBeInstanceOf(HttpStatusError);
    expect(Buffer.byteLength(e.bodySnippet)).toBeLessThanOrEqual(2048);
    expect(Buffer.byteLength(e.bodySnippet)).toBeGreaterThan(2040);
    expect("سلام".repeat(2000).startsWith(e.bodySnippet)).toBe(true);
  });

  it.each(BINDINGS)("%s: an HTML error page with status 200", async (binding) => {
    server.handle(reply(200, "text/html", "<html><body>Runtime Error</body></html>"));
    const e = await messages(binding);
    expectTyped(e, HttpStatusError, "GetMessagesAfterID", binding);
    expect((e as HttpStatusError).status).toBe(200);
    expect((e as HttpStatusError).bodySnippet).toBe("<html><body>Runtime Error</body></html>");
    expect((e as HttpStatusError).message).toBe(`GetMessagesAfterID (${binding}): unexpected response (HTTP 200, text/html)`);
  });

  it.each(BINDINGS)("%s: an HTML page with status 200 labelled text/xml is a DecodeError (wrong root)", async (binding) => {
    server.handle(reply(200, "text/xml", "<html><body>Runtime Error</body></html>"));
    const e = await messages(binding);
    expectTyped(e, DecodeError, "GetMessagesAfterID", binding);
    expect((e as DecodeError).found).toBe("root element <html> in no namespace");
  });

  it.each([
    ["application/json", '{"d":[]}'],
    ["text/plain", "OK"],
    ["application/octet-stream", "\u0000\u0001"],
  ])("a 200 with the wrong content type %s", async (ct, body) => {
    server.handle(reply(200, ct, body));
    const e = await messages("soap12");
    expectTyped(e, HttpStatusError, "GetMessagesAfterID", "soap12");
    expect((e as HttpStatusError).contentType).toBe(ct);
  });

  it("a 200 without a content type", async () => {
    server.handle(reply(200, null, okBody("soap11", "GetMessagesAfterID", "ArrayOfMessagesBL", "")));
    const e = await messages("soap11");
    expectTyped(e, HttpStatusError, "GetMessagesAfterID", "soap11");
    expect((e as HttpStatusError).message).toBe("GetMessagesAfterID (soap11): unexpected response (HTTP 200, no content type)");
  });

  it.each(BINDINGS)("%s: an empty 200 body without a content type, and a 503 with an empty body", async (binding) => {
    server.handle(reply(200, null, ""));
    expectTyped(await messages(binding), HttpStatusError, "GetMessagesAfterID", binding);
    server.handle(reply(503, "text/html", ""));
    const e = await messages(binding);
    expectTyped(e, HttpStatusError, "GetMessagesAfterID", binding);
    expect((e as HttpStatusError).status).toBe(503);
    expect((e as HttpStatusError).bodySnippet).toBe("");
  });

  it("a body that is not valid for its charset, and an unknown charset", async () => {
    server.handle(reply(200, "text/xml; charset=utf-8", Buffer.from([0x3c, 0x61, 0xff, 0xfe, 0x3e])));
    const a = await messages("soap11");
    expectTyped(a, HttpStatusError, "GetMessagesAfterID", "soap11");
    expect((a as HttpStatusError).message).toMatch(/body is not valid utf-8/);
    server.handle(reply(200, "text/xml; charset=x-klingon", "<a/>"));
    const b = await messages("soap11");
    expectTyped(b, HttpStatusError, "GetMessagesAfterID", "soap11");
    expect((b as HttpStatusError).message).toBe("GetMessagesAfterID (soap11): unsupported charset (HTTP 200, text/xml; charset=x-klingon)");
  });
});

describe("decode errors: path, expected type, the text found", () => {
  const msg = (i: number, sendDate: string): string =>
    `<MessagesBL><MsgID>${i}</MsgID><UserID>1</UserID><LinkID>1</LinkID><NumberID>1</NumberID><Tariff>1.5</Tariff><MsgType>1</MsgType><Body>b</Body><Udh /><SendDate>${sendDate}</SendDate><Sender>s</Sender><Receiver>r</Receiver><FirstLocation>1</FirstLocation><CurrentLocation>1</CurrentLocation><Parts>1</Parts><IsFlash>false</IsFlash><IsRead>true</IsRead><IsUnicode>false</IsUnicode><Credit>1</Credit><Module>1</Module><RecCount>1</RecCount><RecFailed>0</RecFailed><RecSuccess>1</RecSuccess><IsMoneyBack>false</IsMoneyBack><UserStepedMaster>0</UserStepedMaster><UserMaster>0</UserMaster><MoneyBackCount>0</MoneyBackCount><MoneyBackLevel>0</MoneyBackLevel><AutoSpeechText>false</AutoSpeechText><ShareServiceBodyID>0</ShareServiceBodyID><OperatorABackCount>0</OperatorABackCount></MessagesBL>`;

  it.each(BINDINGS)("%s: GetMessagesAfterIDResult[3].SendDate", async (binding) => {
    const inner = [0, 1, 2].map((i) => msg(i, "2024-03-01T12:34:56.1234567+03:30")).join("") + msg(3, "yesterday at noon");
    server.handle(reply(200, contentTypeOf(binding), okBody(binding, "GetMessagesAfterID", "ArrayOfMessagesBL", inner)));
    const e = await messages(binding);
    expectTyped(e, DecodeError, "GetMessagesAfterID", binding);
    const d = e as DecodeError;
    const root = binding.startsWith("soap") ? "GetMessagesAfterIDResult" : "ArrayOfMessagesBL";
    expect(d.path).toBe(`${root}[3].SendDate`);
    expect(d.expected).toBe("dateTime");
    expect(d.found).toBe('"yesterday at noon"');
    expect(d.message).toBe(`GetMessagesAfterID (${binding}): at ${root}[3].SendDate: expected dateTime, found "yesterday at noon"`);
  });

  it("a good list decodes (the fixture is right)", async () => {
    server.handle(reply(200, contentTypeOf("soap11"), okBody("soap11", "GetMessagesAfterID", "", msg(7, "2024-03-01T12:34:56Z"))));
    const r = await GetMessagesAfterID(config(), { location: 1, count: 10, msgId: 0n });
    expect(r?.[0]?.MsgID).toBe(7n);
    expect(r?.[0]?.SendDate?.toString()).toBe("2024-03-01T12:34:56Z");
  });

  it.each(BINDINGS)("%s: an empty body labelled XML", async (binding) => {
    server.handle(reply(200, contentTypeOf(binding), ""));
    const e = await messages(binding);
    expectTyped(e, DecodeError, "GetMessagesAfterID", binding);
    expect((e as DecodeError).expected).toBe("well-formed XML");
    expect((e as DecodeError).found).toBe("no root element (truncated at offset 0)");
  });

  it.each(BINDINGS)("%s: the wrong root element", async (binding) => {
    server.handle(reply(200, contentTypeOf(binding), `<?xml version="1.0"?><ArrayOfString xmlns="http://tempuri.org/"><string>a</string></ArrayOfString>`));
    const e = await messages(binding);
    expectTyped(e, DecodeError, "GetMessagesAfterID", binding);
    const expected = binding === "soap11" ? "SOAP 1.1 Envelope" : binding === "soap12" ? "SOAP 1.2 Envelope" : "root element ArrayOfMessagesBL in http://tempuri.org/";
    expect((e as DecodeError).expected).toBe(expected);
  });

  it("a SOAP 1.2 envelope answered to a SOAP 1.1 call", async () => {
    server.handle(reply(200, "text/xml", okBody("soap12", "GetMessagesAfterID", "", "")));
    const e = await messages("soap11");
    expectTyped(e, DecodeError, "GetMessagesAfterID", "soap11");
    expect((e as DecodeError).found).toBe(`root element <soap:Envelope> in ${SOAP12} (a SOAP 1.2 envelope)`);
    server.handle(reply(200, "application/soap+xml", okBody("soap11", "GetMessagesAfterID", "", "")));
    const e2 = await messages("soap12");
    expect((e2 as DecodeError).found).toBe(`root element <soap:Envelope> in ${SOAP11} (a SOAP 1.1 envelope)`);
  });

  it.each(BINDINGS)("%s: a truncated document, at every cut of a good response", async (binding) => {
    const full = okBody(binding, "GetMessagesAfterID", "ArrayOfMessagesBL", msg(1, "2024-03-01T12:34:56Z"));
    const cuts = [1, 20, Math.floor(full.length / 3), Math.floor(full.length / 2), full.length - 30, full.length - 1];
    for (const cut of cuts) {
      server.handle(reply(200, contentTypeOf(binding), full.slice(0, cut)));
      const e = await messages(binding);
      expectTyped(e, DecodeError, "GetMessagesAfterID", binding);
    }
  });

  it("a scalar result that is not a number, and a missing record field", async () => {
    server.handle(reply(200, "text/xml", okBody("soap11", "GetSmsPrice", "", "12,5")));
    const a = await rejection(() => GetSmsPrice(config(), { OperatorACount: 1, OperatorBCount: 0 }));
    expectTyped(a, DecodeError, "GetSmsPrice", "soap11");
    expect((a as DecodeError).path).toBe("GetSmsPriceResult");
    expect((a as DecodeError).expected).toBe("double");
    expect((a as DecodeError).found).toBe('"12,5"');
    server.handle(reply(200, "text/xml", okBody("soap11", "GetUserDetails", "", "<UserId>1</UserId>")));
    const b = await rejection(() => GetUserDetails(config(), {}));
    expectTyped(b, DecodeError, "GetUserDetails", "soap11");
    expect((b as DecodeError).path).toBe("GetUserDetailsResult.UserStatus"); // first non-nullable field missing
    expect((b as DecodeError).expected).toBe("element UserStatus (unsignedByte)");
  });
});

describe("timeouts, aborts, stalled bodies", () => {
  it.each(BINDINGS)("%s: no headers at all within timeoutMs", async (binding) => {
    server.handle(() => undefined); // never answers
    const t0 = performance.now();
    const e = await messages(binding, config({ timeoutMs: 150 }));
    expectTyped(e, TimeoutError, "GetMessagesAfterID", binding);
    expect((e as TimeoutError).timeoutMs).toBe(150);
    expect((e as TimeoutError).message).toBe(`GetMessagesAfterID (${binding}): no complete response within 150 ms`);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });

  it.each(BINDINGS)("%s: headers, then a body that stalls half way", async (binding) => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": contentTypeOf(binding) });
      res.write(okBody(binding, "GetMessagesAfterID", "ArrayOfMessagesBL", "").slice(0, 60)); // and never ends
    });
    const t0 = performance.now();
    const e = await messages(binding, config({ timeoutMs: 200 }));
    expectTyped(e, TimeoutError, "GetMessagesAfterID", binding);
    expect(performance.now() - t0).toBeLessThan(2_000);
  });

  it("headers, then an error-status body that stalls (read for the snippet)", async () => {
    server.handle((_req, res) => {
      res.writeHead(500, { "content-type": "text/html" });
      res.write("<html>");
    });
    expectTyped(await messages("soap11", config({ timeoutMs: 150 })), TimeoutError, "GetMessagesAfterID", "soap11");
  });

  it("the caller's signal covers a stalled body too; the cause is the abort reason", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/xml" });
      res.write("<soap:Envelope");
    });
    const controller = new AbortController();
    const reason = new Error("user pressed cancel");
    setTimeout(() => controller.abort(reason), 100);
    const e = await rejection(() => GetMessagesAfterID(config({ timeoutMs: 0 }), { location: 1, count: 1, msgId: 0n }, { signal: controller.signal }));
    expectTyped(e, AbortError, "GetMessagesAfterID", "soap11");
    expect((e as AbortError).cause).toBe(reason);
    expect((e as AbortError).code).toBe("aborted");
  });

  it("the client's signal aborts every call; an already-aborted signal sends nothing", async () => {
    server.handle(() => undefined);
    const controller = new AbortController();
    const client = createClient({ baseUrl: server.baseUrl, credentials, signal: controller.signal, timeoutMs: 0 });
    const pending = rejection(() => client.codes.RemoveCode({ CodeId: 1 }));
    setTimeout(() => controller.abort(), 50);
    expectTyped(await pending, AbortError, "RemoveCode", "soap11");
    const before = server.received.length;
    expectTyped(await rejection(() => client.codes.RemoveCode({ CodeId: 1 })), AbortError, "RemoveCode", "soap11");
    await new Promise((r) => setTimeout(r, 30));
    expect(server.received.length).toBe(before);
  });
});

describe("network failures (with cause)", () => {
  it.each(BINDINGS)("%s: connection refused", async (binding) => {
    // A port that was free a moment ago and has no listener now.
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const e = await rejection(() => RemoveCode(createConfig({ baseUrl: `http://127.0.0.1:${port}`, credentials }), { CodeId: 1 }, { binding }));
    expectTyped(e, NetworkError, "RemoveCode", binding);
    const n = e as NetworkError;
    expect(n.code).toBe("network");
    expect(n.cause).toBeInstanceOf(Error);
    expect(n.message).toMatch(/^RemoveCode \(\w+\): network failure: fetch failed \(ECONNREFUSED: connect ECONNREFUSED 127\.0\.0\.1:\d+\)$/);
  });

  it("the server resets the connection in the middle of the body", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/xml" });
      res.write("<soap:Envelope xmlns:soap='http://schemas.xmlsoap.org/soap/envelope/'><soap:Body>");
      setTimeout(() => res.socket?.destroy(), 20);
    });
    const e = await messages("soap11");
    expectTyped(e, NetworkError, "GetMessagesAfterID", "soap11");
    expect((e as NetworkError).cause).toBeInstanceOf(Error);
  });

  it("a fetch that throws something that is not an Error", async () => {
    const e = await rejection(() =>
      RemoveCode(
        createConfig({
          baseUrl: server.baseUrl,
          credentials,
          fetch: () => {
            throw "plain string";
          },
        }),
        { CodeId: 1 },
      ),
    );
    expectTyped(e, NetworkError, "RemoveCode", "soap11");
    expect((e as NetworkError).cause).toBe("plain string");
  });
});

describe("hooks", () => {
  it("onRequest, onResponse and onError see each call; a throwing hook cannot break a call", async () => {
    const seen: string[] = [];
    server.handle(reply(200, "text/xml", okBody("soap11", "RemoveCode", "", "5")));
    const cfg = config({
      hooks: {
        onRequest: (r) => {
          seen.push(`request ${r.operation} ${r.binding} ${r.method} ${new URL(r.url).pathname}`);
          throw new Error("hook bug");
        },
        onResponse: (r) => {
          seen.push(`response ${r.status} ${r.contentType}`);
          throw new Error("hook bug");
        },
        onError: (e) => seen.push(`error ${e.error.name}`),
      },
    });
    expect(await RemoveCode(cfg, { CodeId: 1 })).toBe(5);
    server.handle(reply(404, "text/plain", "nope"));
    await rejection(() => RemoveCode(cfg, { CodeId: 1 }, { binding: "httpGet" }));
    await rejection(() => RemoveCode(cfg, { CodeId: 1.5 }));
    expect(seen).toEqual([
      "request RemoveCode soap11 POST /post/codes.asmx",
      "response 200 text/xml",
      "request RemoveCode httpGet GET /post/codes.asmx/RemoveCode",
      "response 404 text/plain",
      "error HttpStatusError",
      "error EncodeError",
    ]);
  });
});

describe("no TypeError from inside, whatever the status and body", () => {
  it("a matrix of statuses × content types × bodies gives only AsmxErrors (or a value)", async () => {
    const statuses = [200, 204, 401, 500, 503];
    const types = [null, "text/xml", "application/soap+xml", "text/html", "text/plain", "application/json"];
    const bodies = ["", "<", "<a/>", "null", "<html/>", okBody("soap11", "RemoveCode", "", "1"), okBody("soap12", "RemoveCode", "", "1"), okBody("httpGet", "RemoveCode", "int", "1")];
    let tried = 0;
    for (const status of statuses)
      for (const ct of types)
        for (const body of bodies) {
          server.handle(status === 204 ? reply(204, ct, "") : reply(status, ct, body));
          for (const binding of BINDINGS) {
            tried++;
            try {
              await RemoveCode(config(), { CodeId: 1 }, { binding });
            } catch (e) {
              expect(e).toBeInstanceOf(AsmxError);
              expect((e as AsmxError).operation).toBe("RemoveCode");
            }
          }
        }
    expect(tried).toBe(statuses.length * types.length * bodies.length * BINDINGS.length);
    console.log(`[call-errors] status/content-type/body matrix: ${tried} bad or odd responses tried`);
  }, 20_000);
});
