/**
 * Client options, resolved once. A Config is what every operation function takes; createClient
 * binds one to all operations.
 */
import type { Binding } from "./binding.js";
import type { Credentials } from "./encode.js";

/** Everything a client can be told. Only `baseUrl` is required. */
export interface ClientOptions {
  /** Base address of the service, e.g. `https://sms.example.com` (paths such as `/post/receive.asmx` are appended). */
  readonly baseUrl: string;
  /** XML namespace of the service; defaults to the spec's namespace. */
  readonly namespace?: string | undefined;
  /** Binding used for calls; default `soap11`. */
  readonly binding?: Binding | undefined;
  /** Account credentials sent as each operation's username and password parameters. */
  readonly credentials?: Credentials | undefined;
  /** A fetch implementation; defaults to the global `fetch`. */
  readonly fetch?: typeof fetch | undefined;
  /** Extra request headers (e.g. a user agent). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Time limit for a whole call, headers and body together, in milliseconds; default 30 000. 0 disables it. */
  readonly timeoutMs?: number | undefined;
  /** Aborts every call made with this client when it fires. */
  readonly signal?: AbortSignal | undefined;
  /** Largest response body accepted, in bytes; default 64 MiB. */
  readonly maxResponseBytes?: number | undefined;
}

/** Per-call overrides. */
export interface CallOptions {
  readonly binding?: Binding | undefined;
  readonly credentials?: Credentials | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number | undefined;
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** Resolved client options. */
export interface Config {
  readonly baseUrl: string;
  /** Namespace override, or undefined for each operation's spec namespace. */
  readonly namespace: string | undefined;
  readonly binding: Binding;
  readonly credentials: Credentials | undefined;
  readonly fetch: typeof fetch;
  readonly headers: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
  readonly maxResponseBytes: number;
}

const BINDING_NAMES: readonly string[] = ["soap11", "soap12", "httpGet", "httpPost"];

/** Validates and resolves options. Throws TypeError on unusable options. */
export function createConfig(options: ClientOptions): Config {
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new TypeError(`baseUrl is not an absolute URL: ${JSON.stringify(options.baseUrl)}`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:") throw new TypeError(`baseUrl must be http or https, got ${base.protocol}`);
  if (base.search !== "" || base.hash !== "") throw new TypeError("baseUrl must not have a query or fragment");
  const binding = options.binding ?? "soap11";
  if (!BINDING_NAMES.includes(binding)) throw new TypeError(`unknown binding ${JSON.stringify(binding)} (use ${BINDING_NAMES.join(", ")})`);
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!(timeoutMs >= 0)) throw new TypeError("timeoutMs must be a number ≥ 0");
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
  if (!(maxResponseBytes > 0)) throw new TypeError("maxResponseBytes must be a number > 0");
  const f = options.fetch ?? globalThis.fetch;
  if (typeof f !== "function") throw new TypeError("no fetch: pass options.fetch");
  return Object.freeze({
    baseUrl: base.href.replace(/\/+$/, ""),
    namespace: options.namespace,
    binding,
    credentials: options.credentials,
    fetch: f,
    headers: Object.freeze({ ...options.headers }),
    timeoutMs,
    signal: options.signal,
    maxResponseBytes,
  });
}
