/**
 * Issue 11 item 6 and the leaks of item 10: redaction rewrites only text that came from outside
 * (server text, echoed values, URLs, bodies), never the client's own wording, so a one-letter
 * password cannot garble a message and so reveal itself; outside text is redacted in every form
 * a secret takes (raw, XML-escaped, percent/form-encoded, JSON with \u escapes, base64 alone or
 * inside a longer base64 text, cut short); and the values of Authorization, Cookie,
 * Proxy-Authorization and headers the client marks secret never show in hook events,
 * middleware or errors.
 * (On main before this change: password "p" turned "expected a number" into "ex***ected a
 * number", "a" gave "error st***tus", a base64 echo was not redacted, and onRequest showed
 * `Authorization: Basic …` as is.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DecodeError,
  EncodeError,
  GetMessagesAfterID,
  GetUserDetails,
  HttpStatusError,
  SoapFaultError,
  createConfig,
  type ClientOptions,
  type MiddlewareRequest,
  type RequestEvent,
} from "../../generated/src/index.ts";
import { contentTypeOf, envelope, everythingShownBy, okBody, rejection, startServer, xmlEscape, type TestServer } from "./support.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const config = (password: string, extra: Partial<ClientOptions> = {}) => createConfig({ baseUrl: server.baseUrl, credentials: { username: "u", password }, timeoutMs: 5_000, ...extra });
const b64 = (s: string): string => Buffer.from(s, "utf8").toString("base64");

describe("the client's own wording is never rewritten, whatever the password", () => {
  for (const password of ["p", "a", "e", "s", "t", "r", "o", "(", ".", "1", " "]) {
    it(`password ${JSON.stringify(password)}`, async () => {
      const enc = await rejection(() => GetMessagesAfterID(config(password), { location: 1, count: "x" as never, msgId: 0n }));
      expect(enc).toBeInstanceOf(EncodeError);
      expect((enc as Error).message).toBe("GetMessagesAfterID (soap11): parameter count: expected a number (int), got string");

      server.handle((_req, res) => res.writeHead(500, { "content-type": "text/html" }).end("<html>oops</html>"));
      const status = await rejection(() => GetMessagesAfterID(config(password), { location: 1, count: 1, msgId: 0n }));
      expect(status).toBeInstanceOf(HttpStatusError);
      // The content type came from the server: it may be redacted, our words around it may not.
      expect((status as Error).message.startsWith("GetMessagesAfterID (soap11): error status (HTTP 500, ")).toBe(true);

      server.handle((_req, res) => res.writeHead(200, { "content-type": contentTypeOf("soap11") }).end(okBody("soap11", "GetMessagesAfterID", "", "<MessagesBL><MsgID>zz</MsgID></MessagesBL>")));
      const dec = await rejection(() => GetMessagesAfterID(config(password), { location: 1, count: 1, msgId: 0n }));
      expect(dec).toBeInstanceOf(DecodeError);
      expect((dec as DecodeError).expected).not.toContain("***");
      expect((dec as Error).message.split(", found ")[0]).not.toContain("***");
    });
  }

  it("an echoed value in our message is still redacted", async () => {
    const enc = await rejection(() => GetMessagesAfterID(config("1.5"), { location: 1.5, count: 1, msgId: 0n }));
    expect((enc as Error).message).toBe("GetMessagesAfterID (soap11): parameter location: int must be an integer, got ***");
  });
});

describe("outside text is redacted in every form of the secret", () => {
  const PASSWORD = "Sw0rdfish-é-42";
  const forms: Record<string, string> = {
    raw: PASSWORD,
    "XML decimal references": [...PASSWORD].map((c) => `&#${c.codePointAt(0)};`).join(""),
    "percent-encoded": encodeURIComponent(PASSWORD),
    "percent-encoded, lower-case hex": encodeURIComponent(PASSWORD).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
    "JSON with \\u escapes": [...PASSWORD].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join(""),
    base64: b64(PASSWORD),
    "base64 inside Basic credentials": b64(`alice:${PASSWORD}`),
    "base64, offset by one byte": b64(`x${PASSWORD}y`),
    "base64url, offset by two bytes": b64(`xy${PASSWORD}`).replace(/\+/g, "-").replace(/\//g, "_"),
    "cut short": `${PASSWORD.slice(0, 9)}...`,
  };
  for (const [name, form] of Object.entries(forms)) {
    it(`${name}: in a body snippet and in a fault string`, async () => {
      server.handle((_req, res) => res.writeHead(502, { "content-type": "text/html" }).end(`<p>bad credentials [${form}]</p>`));
      const status = (await rejection(() => GetMessagesAfterID(config(PASSWORD), { location: 1, count: 1, msgId: 0n }))) as HttpStatusError;
      expect(status).toBeInstanceOf(HttpStatusError);
      // Inside a longer base64 text, the characters that also encode neighbouring bytes stay.
      if (name.startsWith("base64")) expect(status.bodySnippet).toMatch(/^<p>bad credentials \[[^\]]{0,8}\*\*\*[^\]]{0,3}\]<\/p>$/);
      else expect(status.bodySnippet).toBe("<p>bad credentials [***]</p>");

      server.handle((_req, res) =>
        res
          .writeHead(500, { "content-type": contentTypeOf("soap11") })
          .end(envelope("soap11", `<soap:Fault><faultcode>soap:Client</faultcode><faultstring>rejected ${xmlEscape(form)}</faultstring></soap:Fault>`)),
      );
      const fault = (await rejection(() => GetMessagesAfterID(config(PASSWORD), { location: 1, count: 1, msgId: 0n }))) as SoapFaultError;
      expect(fault).toBeInstanceOf(SoapFaultError);
      if (name.startsWith("base64")) expect(fault.serviceMessage).toMatch(/^rejected [^ ]{0,8}\*\*\*[^ ]{0,3}$/);
      else expect(fault.serviceMessage).toBe("rejected ***");
      expect(everythingShownBy(fault)).not.toContain(form);
    });
  }
});

describe("secret headers", () => {
  const headers = {
    Authorization: "Basic YWxpY2U6czNjcjN0LWF1dGg=",
    Cookie: "session=c00kie-value-123",
    "Proxy-Authorization": "Bearer pr0xy-t0ken-456",
    "X-Api-Key": "api-key-789xyz",
    "X-Trace": "visible-trace",
  };
  const SECRET_VALUES = ["YWxpY2U6czNjcjN0LWF1dGg=", "c00kie-value-123", "pr0xy-t0ken-456", "api-key-789xyz"];

  it("show as *** in onRequest, in what middleware reads, and echoes of them are redacted in errors", async () => {
    const events: RequestEvent[] = [];
    const seen: Array<[string, string]> = [];
    let seenUrl = "";
    const cfg = config("hdr-pw-1", {
      headers,
      secretHeaders: ["X-API-KEY"],
      hooks: { onRequest: (e) => events.push(e) },
      middleware: [
        {
          onRequest: (req: MiddlewareRequest) => {
            seen.push(...req.headers.entries());
            seenUrl = req.url;
          },
        },
      ],
    });
    server.handle((req, res) => {
      const echo = ["authorization", "cookie", "proxy-authorization", "x-api-key"].map((h) => String(req.headers[h])).join(" | ");
      res.writeHead(500, { "content-type": "text/plain" }).end(`System.Exception: ${echo}\r\n   at X`);
    });
    const err = await rejection(() => GetUserDetails(cfg, { targetUsername: "bob" }, { binding: "httpGet" }));
    // what the server received: the real values
    const got = server.received[server.received.length - 1];
    expect(got?.headers["authorization"]).toBe(headers.Authorization);
    expect(got?.headers["x-api-key"]).toBe(headers["X-Api-Key"]);
    // what hooks, middleware and errors show
    const ev = events[0];
    expect(ev?.headers["Authorization"]).toBe("***");
    expect(ev?.headers["Cookie"]).toBe("***");
    expect(ev?.headers["Proxy-Authorization"]).toBe("***");
    expect(ev?.headers["X-Api-Key"]).toBe("***");
    expect(ev?.headers["X-Trace"]).toBe("visible-trace");
    expect(Object.fromEntries(seen)["X-Api-Key"]).toBe("***");
    expect(seenUrl).toContain("password=***");
    const shown = everythingShownBy(err) + JSON.stringify(events) + JSON.stringify(seen);
    for (const v of [...SECRET_VALUES, "hdr-pw-1"]) expect(shown).not.toContain(v);
    expect((err as Error).message).toContain("*** | *** | *** | ***");
  });
});
