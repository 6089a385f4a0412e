/**
 * The Node transport, entry `<package>/node`: a fetch for the client built on node:http and
 * node:https with keep-alive sockets. The main entry never imports it, so the package stays
 * portable (Deno, Bun, browsers, edge runtimes use their global `fetch`). On Node it starts
 * faster than the global `fetch` (which loads undici on its first call) and keeps sockets open
 * between calls.
 *
 * ```ts
 * import { createClient } from "<package>";
 * import { createNodeFetch } from "<package>/node";
 * const client = createClient({ baseUrl, credentials, fetch: createNodeFetch() });
 * ```
 *
 * Redirects are never followed here (the client decides, see `ClientOptions.redirect`); the
 * client's deadline and abort signal apply as with any fetch.
 */
import type { FetchBody, FetchBodyReader, FetchLike, FetchRequestInit, FetchResponse } from "../runtime/index.js";

/** Options of the Node transport. */
export interface NodeFetchOptions {
  /** Largest number of sockets per host (default 64); calls beyond it wait for a free socket. */
  readonly maxSockets?: number | undefined;
}

// The parts of node:http / node:https used here, typed locally so that the package needs no
// Node type definitions.
interface IncomingLike {
  readonly statusCode?: number | undefined;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  destroy(error?: Error): void;
  [Symbol.asyncIterator](): AsyncIterator<Uint8Array>;
}
interface ClientRequestLike {
  on(event: "error", listener: (error: Error) => void): unknown;
  end(body?: Uint8Array): unknown;
  destroy(error?: Error): unknown;
}
interface RequestOptionsLike {
  readonly method: string;
  readonly headers: Record<string, string>;
  readonly agent: unknown;
  readonly signal: AbortSignal;
}
interface HttpLike {
  Agent: new (options: { keepAlive: boolean; maxSockets: number; scheduling: "lifo" | "fifo" }) => unknown;
  request(url: URL, options: RequestOptionsLike, callback: (response: IncomingLike) => void): ClientRequestLike;
}
type Protocol = "http:" | "https:";

/**
 * node:http or node:https, loaded when the first call of that protocol is made (an http: client
 * never loads TLS): synchronously where Node offers it (20.16+, 22.3+), else by import.
 */
function loadModule(protocol: Protocol): HttpLike | Promise<HttpLike> {
  const id = protocol === "http:" ? "node:http" : "node:https";
  const proc = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process;
  if (typeof proc?.getBuiltinModule === "function") return proc.getBuiltinModule(id) as HttpLike;
  return (import(/* @vite-ignore */ id) as Promise<unknown>).then((m) => m as HttpLike);
}

function headersOf(
  response: IncomingLike,
): FetchResponse["headers"] & { forEach(cb: (value: string, key: string) => void): void } {
  const raw = response.headers;
  const value = (v: string | string[] | undefined): string | null =>
    v === undefined ? null : Array.isArray(v) ? v.join(", ") : v;
  return {
    get: (name) => value(raw[name.toLowerCase()]),
    forEach: (cb) => {
      for (const [k, v] of Object.entries(raw)) {
        const s = value(v);
        if (s !== null) cb(s, k);
      }
    },
  };
}

function bodyOf(response: IncomingLike): FetchBody {
  let locked = false;
  const cancel = async (): Promise<void> => {
    response.destroy();
  };
  return {
    getReader(): FetchBodyReader {
      if (locked) throw new TypeError("the body is already being read");
      locked = true;
      const chunks = response[Symbol.asyncIterator]();
      return {
        read: async () => {
          const r = await chunks.next();
          return r.done === true ? { done: true } : { done: false, value: r.value };
        },
        cancel,
      };
    },
    cancel,
  };
}

const encoder = new TextEncoder();

/** A fetch on node:http / node:https with keep-alive agents of its own (one per protocol). */
export function createNodeFetch(options: NodeFetchOptions = {}): FetchLike {
  const maxSockets = options.maxSockets ?? 64;
  if (!(maxSockets >= 1)) throw new TypeError("maxSockets must be a number ≥ 1");
  const modules: { [P in Protocol]?: HttpLike | Promise<HttpLike> } = {};
  const agents: { [P in Protocol]?: unknown } = {};
  const send = (http: HttpLike, u: URL, protocol: Protocol, init: FetchRequestInit): Promise<FetchResponse> =>
    new Promise<FetchResponse>((resolve, reject) => {
      const agent = (agents[protocol] ??= new http.Agent({ keepAlive: true, maxSockets, scheduling: "lifo" }));
      const headers: Record<string, string> = { ...init.headers };
      const body = init.body === null ? undefined : encoder.encode(init.body);
      if (body !== undefined) headers["Content-Length"] = String(body.byteLength);
      const req = http.request(u, { method: init.method, headers, agent, signal: init.signal }, (response) => {
        resolve({ status: response.statusCode ?? 0, headers: headersOf(response), body: bodyOf(response) });
      });
      req.on("error", reject);
      req.end(body);
    });
  return async (url, init) => {
    const u = new URL(url);
    const protocol = u.protocol;
    if (protocol !== "http:" && protocol !== "https:") throw new TypeError(`unsupported protocol ${protocol}`);
    const m = (modules[protocol] ??= loadModule(protocol));
    return send(m instanceof Promise ? await m : m, u, protocol, init);
  };
}
