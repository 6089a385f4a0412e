/**
 * The mock as a real HTTP server on 127.0.0.1, for end-to-end tests of applications in other
 * processes. `node:http` (also provided by Deno and Bun) is loaded only when `listen()` is called,
 * so that using `mock.fetch` or MSW needs no Node built-ins and bundles none.
 */

/** A running mock server. */
export interface MockServer {
  /** Base URL, e.g. `http://127.0.0.1:41234` (pass it as the client's `baseUrl`). */
  readonly url: string;
  /** Stops accepting connections, closes open ones, and resolves when the server is down. */
  close(): Promise<void>;
}

// The few parts of node:http used here (the package does not depend on @types/node).
interface IncomingMessage {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly headers: Record<string, string | string[] | undefined>;
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  on(event: "end" | "error", listener: (err?: unknown) => void): unknown;
}
interface ServerResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: Uint8Array): unknown;
}
interface HttpServer {
  listen(port: number, host: string, callback: () => void): unknown;
  address(): { port: number } | string | null;
  close(callback: (err?: unknown) => void): unknown;
  closeAllConnections?(): void;
  on(event: "error", listener: (err: unknown) => void): unknown;
}
interface NodeHttp {
  createServer(listener: (req: IncomingMessage, res: ServerResponse) => void): HttpServer;
}

/** A module name the bundlers leave alone (it is only ever loaded at run time, in a server). */
const HTTP_MODULE = ["node", "http"].join(":");

export async function listenHttp(handle: (request: Request) => Promise<Response>, port: number): Promise<MockServer> {
  const http = (await import(/* @vite-ignore */ HTTP_MODULE)) as NodeHttp;
  let base = "";
  const server = http.createServer((req, res) => {
    const chunks: Uint8Array[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("error", () => undefined);
    req.on("end", () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers))
        if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(", ") : v);
      const method = req.method ?? "GET";
      let size = 0;
      for (const c of chunks) size += c.byteLength;
      const body = new Uint8Array(size);
      let at = 0;
      for (const c of chunks) {
        body.set(c, at);
        at += c.byteLength;
      }
      const request = new Request(
        base + (req.url ?? "/"),
        method === "GET" || method === "HEAD" ? { method, headers } : { method, headers, body },
      );
      handle(request)
        .then(async (response) => {
          const out: Record<string, string> = {};
          response.headers.forEach((v, k) => {
            out[k] = v;
          });
          const bytes = new Uint8Array(await response.arrayBuffer());
          out["content-length"] = String(bytes.byteLength);
          res.writeHead(response.status, out);
          res.end(bytes);
        })
        .catch((err: unknown) => {
          res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
          res.end(new TextEncoder().encode(`mock server error: ${err instanceof Error ? err.message : String(err)}\n`));
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.on("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("mock server: no TCP address");
  base = `http://127.0.0.1:${address.port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) =>
          err === undefined ? resolve() : reject(err instanceof Error ? err : new Error(String(err))),
        );
        server.closeAllConnections?.();
      }),
  };
}
