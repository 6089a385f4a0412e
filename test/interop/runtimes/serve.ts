/**
 * One loopback origin for the browser: serves the probe page and its bundle, and proxies the ASMX paths
 * (/post/…) to the fixture server, so every fetch the page makes is same-origin. Binds 127.0.0.1 on a free
 * port; `close()` ends open connections and stops it. Records every request it saw.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface StaticFile {
  readonly type: string;
  readonly body: string;
}

export interface PageServer {
  /** e.g. http://127.0.0.1:40123 */
  readonly origin: string;
  /** "METHOD path" of every request, in arrival order */
  readonly seen: readonly string[];
  close(): Promise<void>;
}

/**
 * @param files path → file served on GET (e.g. "/" and "/page.js")
 * @param upstream base URL of the fixture server; requests whose path starts with `proxyPrefix` go there
 */
export async function startPageServer(
  files: Readonly<Record<string, StaticFile>>,
  upstream: string,
  proxyPrefix = "/post/",
): Promise<PageServer> {
  const up = new URL(upstream);
  const seen: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "/";
    seen.push(`${req.method ?? "?"} ${path}`);
    if (path.startsWith(proxyPrefix)) {
      const headers = { ...req.headers, host: up.host };
      const out = request(
        { host: up.hostname, port: up.port, method: req.method, path, headers },
        (upRes) => {
          res.writeHead(upRes.statusCode ?? 502, upRes.headers);
          upRes.pipe(res);
        },
      );
      out.on("error", (err) => {
        if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
        res.end(`proxy error: ${err.message}`);
      });
      req.pipe(out);
      return;
    }
    const file = req.method === "GET" ? files[path.split("?")[0] ?? ""] : undefined;
    if (file === undefined) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": file.type, "cache-control": "no-store" }).end(file.body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
