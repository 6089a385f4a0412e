/**
 * Shared helpers for the error tests: a local node:http server on 127.0.0.1 (port 0) whose
 * behaviour each test sets, and SOAP/HTTP response builders. Each test file starts and closes
 * its own server.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";

export interface Received {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => unknown;

export interface TestServer {
  readonly baseUrl: string;
  /** Every request received, in order. */
  readonly received: Received[];
  /** Sets how the next requests are answered. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  let handler: Handler = (_req, res) => {
    res.writeHead(500).end("no handler");
  };
  const received: Received[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      Promise.resolve(handler(req, res, body)).catch((err: unknown) => {
        res.destroy(err as Error);
      });
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    handle(h) {
      handler = h;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers every request with one fixed response. */
export const reply =
  (status: number, contentType: string | null, body: string | Buffer, extraHeaders: Record<string, string> = {}): Handler =>
  (_req, res) => {
    const headers: Record<string, string> = { ...extraHeaders };
    if (contentType !== null) headers["content-type"] = contentType;
    res.writeHead(status, headers);
    res.end(body);
  };

export const SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
export const SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
export const TEMPURI = "http://tempuri.org/";

/** A SOAP envelope of the binding around `body`. */
export function envelope(binding: "soap11" | "soap12", body: string): string {
  const ns = binding === "soap11" ? SOAP11 : SOAP12;
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

/** A successful response of `op` (SOAP: `<opResponse><opResult>inner</opResult></opResponse>`; HTTP: `<root>inner</root>`). */
export function okBody(binding: string, op: string, httpRoot: string, inner: string): string {
  if (binding === "soap11" || binding === "soap12")
    return envelope(binding, `<${op}Response xmlns="${TEMPURI}"><${op}Result>${inner}</${op}Result></${op}Response>`);
  return `<?xml version="1.0" encoding="utf-8"?>\n<${httpRoot} xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="${TEMPURI}">${inner}</${httpRoot}>`;
}

export function contentTypeOf(binding: string): string {
  return binding === "soap12" ? "application/soap+xml; charset=utf-8" : "text/xml; charset=utf-8";
}

export function xmlEscape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#xD;");
}

/** Runs `fn` and returns what it threw (fails when it does not throw). */
export async function rejection(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection, got a value");
}

export function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected an exception, got a value");
}

/** Everything an error exposes: message, toString, stack, every own property, the whole cause chain. */
export function everythingShownBy(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 10 && e !== undefined; i++) {
    if (e instanceof Error) {
      parts.push(String(e), e.message, String(e.stack), JSON.stringify(Object.entries(e), (_k, v: unknown) => (typeof v === "bigint" ? String(v) : v)));
      e = e.cause;
    } else {
      parts.push(typeof e === "string" ? e : inspect(e));
      e = undefined;
    }
  }
  parts.push(inspect(err, { depth: Infinity, showHidden: true }));
  return parts.join("\n");
}

/** The forms a password can take in text: raw, URL-encoded (encodeURIComponent, form, WHATWG URL), XML-escaped, JSON-quoted. */
export function secretForms(password: string): string[] {
  const uri = encodeURIComponent(password);
  return [...new Set([password, uri, uri.replace(/%20/g, "+"), new URLSearchParams([["", password]]).toString().slice(1), xmlEscape(password), JSON.stringify(password).slice(1, -1), new URL(`http://x/?p=${uri}`).search.slice(3)])];
}

export function leaks(text: string, password: string): string[] {
  return secretForms(password).filter((f) => text.includes(f));
}
