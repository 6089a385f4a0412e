/**
 * Hostile and huge responses: DOCTYPE / entity declarations (billion laughs, external
 * entities) are refused at once with bounded memory and the transfer is stopped; the
 * maxResponseBytes limit is enforced while reading (also after gzip); deep nesting does not
 * blow the stack.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AsmxError,
  BINDINGS,
  DecodeError,
  GetMessagesAfterID,
  GetMessagesAfterIDOperation,
  GetUserDetailsOperation,
  ResponseTooLargeError,
  XmlSyntaxError,
  createConfig,
  decodeResponse,
  type Binding,
  type Config,
} from "../../generated/src/index.ts";
import { contentTypeOf, envelope, okBody, rejection, startServer, thrown, type Handler, type TestServer } from "./support.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const config = (extra: Partial<Parameters<typeof createConfig>[0]> = {}): Config =>
  createConfig({ baseUrl: server.baseUrl, credentials: { username: "u", password: "hostile-test-pw" }, timeoutMs: 10_000, ...extra });
const call = (binding: Binding, cfg = config()) => rejection(() => GetMessagesAfterID(cfg, { location: 1, count: 1, msgId: 0n }, { binding }));

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ELEMENT lolz (#PCDATA)>
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetMessagesAfterIDResponse xmlns="http://tempuri.org/"><GetMessagesAfterIDResult><MessagesBL><Body>&lol9;</Body></MessagesBL></GetMessagesAfterIDResult></GetMessagesAfterIDResponse></soap:Body></soap:Envelope>`;

function expectDoctypeRefused(err: unknown): void {
  expect(err).toBeInstanceOf(DecodeError);
  const d = err as DecodeError;
  expect(d.expected).toBe("well-formed XML");
  expect(d.found).toMatch(/^DOCTYPE declarations are not allowed \(doctype-forbidden at offset \d+\)$/);
  expect(d.cause).toBeInstanceOf(XmlSyntaxError);
  expect((d.cause as XmlSyntaxError).code).toBe("doctype-forbidden");
}

/** Streams `head` then `filler` repeatedly (with backpressure) until `total` bytes or the client goes away; reports bytes written. */
function streaming(contentType: string, head: string, filler: string, total: number, report: (written: number, closedEarly: boolean) => void, status = 200): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": contentType });
    let written = 0;
    let closed = false;
    res.on("close", () => {
      closed = true;
      report(written, written < total);
    });
    const chunk = Buffer.from(filler.repeat(Math.max(1, Math.floor(65536 / filler.length))));
    res.write(head);
    written += Buffer.byteLength(head);
    const pump = (): void => {
      while (!closed && written < total) {
        written += chunk.length;
        if (!res.write(chunk)) {
          res.once("drain", pump);
          return;
        }
      }
      if (!closed) res.end();
    };
    pump();
  };
}

describe("DOCTYPE and entities are refused", () => {
  it("billion laughs (decodeResponse): refused at once, bounded time and memory", () => {
    const runs = 200;
    const before = process.memoryUsage();
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) expectDoctypeRefused(thrown(() => decodeResponse(GetMessagesAfterIDOperation, "soap11", BILLION_LAUGHS)));
    const ms = (performance.now() - t0) / runs;
    const after = process.memoryUsage();
    const heapMiB = (after.heapUsed - before.heapUsed) / 2 ** 20;
    const rssMiB = (after.rss - before.rss) / 2 ** 20;
    console.log(`[hostile] billion laughs refused: ${(ms * 1000).toFixed(1)} µs per document (${runs} runs), heap Δ ${heapMiB.toFixed(2)} MiB, rss Δ ${rssMiB.toFixed(2)} MiB over all runs`);
    expect(ms).toBeLessThan(5);
    expect(heapMiB).toBeLessThan(16);
    expect(rssMiB).toBeLessThan(32);
  });

  it.each(BINDINGS)("%s: billion laughs over HTTP, streamed: the client stops the transfer early", async (binding) => {
    // A 256 MiB body: the bomb's DTD followed by endless entity declarations.
    const total = 256 * 2 ** 20;
    let served: { written: number; closedEarly: boolean } | undefined;
    const done = new Promise<void>((resolve) => {
      server.handle(
        streaming(contentTypeOf(binding), BILLION_LAUGHS.slice(0, BILLION_LAUGHS.indexOf("]>")), '<!ENTITY lolX "&lol9;&lol9;&lol9;&lol9;&lol9;">\n', total, (written, closedEarly) => {
          served = { written, closedEarly };
          resolve();
        }),
      );
    });
    const before = process.memoryUsage();
    const t0 = performance.now();
    const err = await call(binding, config({ maxResponseBytes: 2 ** 30 }));
    const ms = performance.now() - t0;
    const heapMiB = (process.memoryUsage().heapUsed - before.heapUsed) / 2 ** 20;
    expectDoctypeRefused(err);
    await done;
    console.log(`[hostile] ${binding}: streamed billion laughs refused in ${ms.toFixed(1)} ms, heap Δ ${heapMiB.toFixed(2)} MiB; server wrote ${((served?.written ?? 0) / 2 ** 20).toFixed(2)} MiB of ${total / 2 ** 20} MiB before the client hung up`);
    expect(ms).toBeLessThan(1_000);
    expect(served?.closedEarly).toBe(true);
    expect(served?.written ?? Infinity).toBeLessThan(16 * 2 ** 20);
    expect(heapMiB).toBeLessThan(64);
  });

  it("external entities (SYSTEM file and http, PUBLIC, parameter entities) are never fetched", async () => {
    const hits: string[] = [];
    server.handle((req, res) => {
      hits.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/plain" }).end("secret file content");
    });
    const xxe = [
      `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>&xxe;</soap:Body></soap:Envelope>`,
      `<!DOCTYPE foo [<!ENTITY xxe SYSTEM "${server.baseUrl}/xxe">]><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>&xxe;</soap:Body></soap:Envelope>`,
      `<!DOCTYPE foo PUBLIC "-//X//Y" "${server.baseUrl}/dtd"><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"/>`,
      `<!DOCTYPE foo [<!ENTITY % p SYSTEM "${server.baseUrl}/param"> %p;]><a/>`,
      `<!DOCTYPE soap:Envelope SYSTEM "${server.baseUrl}/system.dtd"><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"/>`,
      `<?xml version="1.0"?>\n<!-- a comment first -->\n<!DOCTYPE x><x/>`,
    ];
    for (const doc of xxe) for (const binding of BINDINGS) expectDoctypeRefused(thrown(() => decodeResponse(GetMessagesAfterIDOperation, binding, doc)));
    await new Promise((r) => setTimeout(r, 50));
    expect(hits).toEqual([]);
  });

  it.each(BINDINGS)("%s: an entity reference without a DTD is an unknown entity, not expanded", (binding) => {
    const body = okBody(binding, "GetUserDetails", "UserGridList", "<UserName>&xxe;</UserName>");
    const err = thrown(() => decodeResponse(GetUserDetailsOperation, binding, body));
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as DecodeError).found).toMatch(/^unknown entity '&xxe;' \(entity-unknown at offset \d+\)$/);
  });

  it("a DOCTYPE inside the body is malformed markup", () => {
    const err = thrown(() => decodeResponse(GetMessagesAfterIDOperation, "soap11", envelope("soap11", `<!DOCTYPE x [<!ENTITY a "b">]>`)));
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as DecodeError).expected).toBe("well-formed XML");
  });
});

describe("maxResponseBytes", () => {
  it("has a sane default (64 MiB) and rejects nonsense", () => {
    expect(createConfig({ baseUrl: "http://x" }).maxResponseBytes).toBe(64 * 2 ** 20);
    expect(() => createConfig({ baseUrl: "http://x", maxResponseBytes: 0 })).toThrow(TypeError);
    expect(() => createConfig({ baseUrl: "http://x", maxResponseBytes: NaN })).toThrow(TypeError);
  });

  it.each(BINDINGS)("%s: a chunked body larger than the limit is cut off while reading", async (binding) => {
    let served: { written: number; closedEarly: boolean } | undefined;
    const done = new Promise<void>((resolve) => {
      const head = okBody(binding, "GetMessagesAfterID", "ArrayOfMessagesBL", "").replace(/<\/\w+>(<\/soap:Body><\/soap:Envelope>)?$/, "");
      server.handle(streaming(contentTypeOf(binding), head, "<!-- padding padding padding padding -->", 512 * 2 ** 20, (written, closedEarly) => {
        served = { written, closedEarly };
        resolve();
      }));
    });
    const t0 = performance.now();
    const err = await call(binding, config({ maxResponseBytes: 1 * 2 ** 20 }));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect((err as ResponseTooLargeError).limit).toBe(2 ** 20);
    expect((err as ResponseTooLargeError).message).toBe(`GetMessagesAfterID (${binding}): response body exceeds maxResponseBytes (1048576 bytes)`);
    await done;
    expect(served?.closedEarly).toBe(true);
    expect(served?.written ?? Infinity).toBeLessThan(32 * 2 ** 20);
    expect(performance.now() - t0).toBeLessThan(3_000);
  });

  it("a declared Content-Length over the limit fails before the body is read", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/xml", "content-length": String(10 * 2 ** 20) });
      res.write("<a>"); // never completes
    });
    const t0 = performance.now();
    const err = await call("soap11", config({ maxResponseBytes: 2 ** 20, timeoutMs: 5_000 }));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    expect(performance.now() - t0).toBeLessThan(1_000);
  });

  it("a gzip bomb: the limit counts decoded bytes", async () => {
    const inflated = Buffer.alloc(64 * 2 ** 20, 0x20); // 64 MiB of spaces: ~64 KiB gzipped
    const bomb = gzipSync(Buffer.concat([Buffer.from(okBody("soap11", "GetMessagesAfterID", "", "").slice(0, 200)), inflated]));
    expect(bomb.length).toBeLessThan(2 ** 20);
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/xml", "content-encoding": "gzip", "content-length": String(bomb.length) });
      res.end(bomb);
    });
    const err = await call("soap11", config({ maxResponseBytes: 4 * 2 ** 20 }));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
  });

  it("an error status with a huge body is bounded too", async () => {
    const done = new Promise<void>((resolve) => {
      server.handle(streaming("text/html", "<html>", "x".repeat(1024), 256 * 2 ** 20, () => resolve(), 500));
    });
    const err = await call("httpPost", config({ maxResponseBytes: 2 ** 20 }));
    expect(err).toBeInstanceOf(ResponseTooLargeError);
    await done;
  });
});

describe("deep nesting does not blow the stack", () => {
  const DEPTH = 1_000_000;
  const deep = (name: string): string => `<${name}>`.repeat(DEPTH) + `</${name}>`.repeat(DEPTH);

  it.each(BINDINGS)("%s: a million nested elements inside a result, a skipped unknown field and a fault detail", (binding) => {
    const places = [
      okBody(binding, "GetMessagesAfterID", "ArrayOfMessagesBL", `<MessagesBL><Unknown>${deep("x")}</Unknown></MessagesBL>`),
      okBody(binding, "GetMessagesAfterID", "ArrayOfMessagesBL", `<MessagesBL><Body>${deep("x")}</Body></MessagesBL>`),
      okBody(binding, "GetMessagesAfterID", "ArrayOfMessagesBL", deep("MessagesBL")),
      binding === "soap11" || binding === "soap12" ? envelope(binding, `<soap:Fault><detail>${deep("d")}</detail></soap:Fault>`) : deep("ArrayOfMessagesBL"),
    ];
    for (const doc of places) {
      const t0 = performance.now();
      const err = thrown(() => decodeResponse(GetMessagesAfterIDOperation, binding, doc));
      expect(err).toBeInstanceOf(AsmxError);
      expect(err).not.toBeInstanceOf(RangeError);
      expect(performance.now() - t0).toBeLessThan(2_000);
    }
    // An unknown field is refused at once by default; skipped (lenient), only the tokenizer's
    // depth limit can stop it.
    const strict = thrown(() => decodeResponse(GetMessagesAfterIDOperation, binding, places[0] ?? ""));
    expect((strict as DecodeError).found).toMatch(/^unknown element <Unknown>/);
    const e = thrown(() => decodeResponse(GetMessagesAfterIDOperation, binding, places[0] ?? "", { lenient: true }));
    expect((e as DecodeError).found).toMatch(/depth-limit/);
  });

  it("over HTTP, streamed", async () => {
    const doc = okBody("soap12", "GetMessagesAfterID", "", `<MessagesBL><Unknown>${"<x>".repeat(200_000)}`);
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/soap+xml" });
      res.end(doc);
    });
    const err = await call("soap12", config({ lenient: true }));
    expect(err).toBeInstanceOf(DecodeError);
    expect((err as DecodeError).found).toMatch(/depth-limit/);
  });
});
