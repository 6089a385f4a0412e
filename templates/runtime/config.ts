/**
 * Client options, resolved once. A Config is what every operation function takes; createClient
 * binds one to all operations.
 */
import { BINDINGS, bindingInfo, type Binding } from "./binding.js";
import type { Credentials, SoapHeaderValues } from "./encode.js";
import { SECRET_HEADERS, type AsmxError } from "./errors.js";
import type { Middleware } from "./middleware.js";
import type { FetchLike } from "./transport.js";

/**
 * A request as a hook sees it: what is about to be sent (after every middleware), with the
 * password replaced by `***` everywhere (the HTTP GET query, the form body, the SOAP body) and
 * the values of secret headers shown as `***`.
 */
export interface RequestEvent {
  readonly operation: string;
  readonly binding: Binding;
  readonly method: "GET" | "POST";
  /** Full URL, password redacted. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Body, password redacted; null for HTTP GET. */
  readonly body: string | null;
}

/** The response status line and headers as a hook sees them (before the body is read). */
export interface ResponseEvent {
  readonly operation: string;
  readonly binding: Binding;
  readonly status: number;
  readonly contentType: string;
  /** Milliseconds from sending the request to receiving the headers. */
  readonly durationMs: number;
}

/** A failed call as a hook sees it. */
export interface CallErrorEvent {
  readonly operation: string;
  readonly binding: Binding;
  /** The error the call rejects with (already redacted, like every AsmxError). */
  readonly error: AsmxError;
  /** Milliseconds from the start of the call. */
  readonly durationMs: number;
}

/**
 * Observers for logging and metrics. Every payload has the password redacted. Hooks are
 * called synchronously; an exception thrown by a hook is ignored, so that logging cannot
 * break a call.
 */
export interface ClientHooks {
  /** Called once per call, after encoding, just before the request is sent. */
  readonly onRequest?: ((event: RequestEvent) => void) | undefined;
  /** Called when the response headers arrive. */
  readonly onResponse?: ((event: ResponseEvent) => void) | undefined;
  /** Called when a call fails, whatever the reason (encoding included), just before it rejects. */
  readonly onError?: ((event: CallErrorEvent) => void) | undefined;
}

/**
 * Everything a client can be told. Only `baseUrl` is required. `H`: the SOAP headers the service
 * takes, by element name (a generated package passes its `SoapHeaders` interface).
 */
export interface ClientOptions<H extends object = SoapHeaderValues> {
  /** Base address of the service, e.g. `https://sms.example.com` (paths such as `/post/receive.asmx` are appended). */
  readonly baseUrl: string;
  /** XML namespace of the service; defaults to the spec's namespace. */
  readonly namespace?: string | undefined;
  /** Binding used for calls; default `soap11`. */
  readonly binding?: Binding | undefined;
  /** Account credentials sent as each operation's username and password parameters. */
  readonly credentials?: Credentials | undefined;
  /**
   * SOAP header values by header element name (e.g. an authentication header), sent in the SOAP
   * envelope of every operation that declares that header (in or inout); a call's own
   * `soapHeaders` replace them header by header. HTTP GET/POST carry no SOAP headers (ASMX
   * ignores them there too). Fields marked secret in the spec are redacted like the password.
   */
  readonly soapHeaders?: Readonly<H> | undefined;
  /**
   * A fetch implementation; defaults to the global `fetch`. On Node, `createNodeFetch()` of the
   * package's `/node` entry (node:http with keep-alive) starts faster and sustains more calls.
   */
  readonly fetch?: FetchLike | undefined;
  /** Extra request headers (e.g. a user agent, an API gateway key). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /**
   * More header names (case-insensitive) whose values are secrets, besides Authorization, Cookie,
   * Proxy-Authorization and Set-Cookie: hooks, middleware and errors show them as `***`, and an
   * echo of their value in a response is redacted like the password.
   */
  readonly secretHeaders?: readonly string[] | undefined;
  /**
   * What to do when the service answers with a redirect (3xx). `"error"` (default): the call fails
   * with RedirectError, so that the password and the body never go to an address you did not
   * configure. `"same-origin-get"`: HTTP GET calls follow redirects to the same origin (up to 5);
   * anything else is still a RedirectError.
   */
  readonly redirect?: "error" | "same-origin-get" | undefined;
  /** Request middleware, run in order on every call (before the call's own). */
  readonly middleware?: readonly Middleware[] | undefined;
  /** Time limit for a whole call, headers and body together, in milliseconds; default 30 000. 0 disables it. */
  readonly timeoutMs?: number | undefined;
  /** Aborts every call made with this client when it fires. */
  readonly signal?: AbortSignal | undefined;
  /**
   * Largest response body accepted, in bytes, after any content decoding (so a small gzip
   * body cannot inflate past it); default 64 MiB. Enforced while reading: the call fails with
   * ResponseTooLargeError as soon as the limit is passed.
   */
  readonly maxResponseBytes?: number | undefined;
  /** Logging and metrics hooks; their payloads never show the password. */
  readonly hooks?: ClientHooks | undefined;
  /**
   * Skip response elements inside a record that the spec does not know, instead of failing with
   * a DecodeError. Default false: an unknown element usually means the spec and the service
   * disagree (a renamed field would otherwise decode as null without a word). Set it when the
   * service is known to add fields over time; every other check stays strict.
   */
  readonly lenient?: boolean | undefined;
}

/** Per-call overrides of the client's options (the last argument of every operation). */
export interface CallOptions<H extends object = SoapHeaderValues> {
  /** How to call: `"soap11"`, `"soap12"`, `"httpGet"` or `"httpPost"` (default: the client's). */
  readonly binding?: Binding | undefined;
  /** Credentials for this call only (default: the client's). */
  readonly credentials?: Credentials | undefined;
  /** SOAP header values for this call, each replacing the client's header of the same name ({@link ClientOptions.soapHeaders}). */
  readonly soapHeaders?: Readonly<H> | undefined;
  /** Aborts the call (rejects with AbortError); combined with the client's signal. */
  readonly signal?: AbortSignal | undefined;
  /** Deadline of the whole call, headers and body, in ms (default: the client's, 30 000). */
  readonly timeoutMs?: number | undefined;
  /** Extra request headers for this call, over the client's. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** Middleware for this call, run after the client's. */
  readonly middleware?: readonly Middleware[] | undefined;
  /** Overrides the client's {@link ClientOptions.lenient} for this call. */
  readonly lenient?: boolean | undefined;
}

/** Resolved client options. */
export interface Config {
  readonly baseUrl: string;
  /** Namespace override, or undefined for each operation's spec namespace. */
  readonly namespace: string | undefined;
  readonly binding: Binding;
  readonly credentials: Credentials | undefined;
  /** SOAP header values by element name (see {@link ClientOptions.soapHeaders}). */
  readonly soapHeaders?: SoapHeaderValues | undefined;
  readonly fetch: FetchLike;
  readonly headers: Readonly<Record<string, string>>;
  /** Secret header names, lower case (the defaults and the client's). */
  readonly secretHeaders: readonly string[];
  readonly redirect: "error" | "same-origin-get";
  readonly middleware: readonly Middleware[];
  readonly timeoutMs: number;
  readonly signal: AbortSignal | undefined;
  readonly maxResponseBytes: number;
  readonly hooks?: ClientHooks | undefined;
  readonly lenient?: boolean | undefined;
}

/** A base address as the client uses it: absolute http(s), no query or fragment, no trailing slash. Throws TypeError. */
export function checkBaseUrl(value: string): string {
  let base: URL;
  try {
    base = new URL(value);
  } catch {
    throw new TypeError(`baseUrl is not an absolute URL: ${JSON.stringify(value)}`);
  }
  if (base.protocol !== "http:" && base.protocol !== "https:")
    throw new TypeError(`baseUrl must be http or https, got ${base.protocol}`);
  if (base.search !== "" || base.hash !== "") throw new TypeError("baseUrl must not have a query or fragment");
  return trimSlashes(base.href);
}

/** The URL without trailing slashes (a loop: `/\/+$/` backtracks quadratically on many slashes). */
function trimSlashes(href: string): string {
  let end = href.length;
  while (end > 0 && href.charCodeAt(end - 1) === 47) end--;
  return href.slice(0, end);
}

/** Validates and resolves options. Throws TypeError on unusable options. */
export function createConfig(options: ClientOptions<object>): Config {
  const baseUrl = checkBaseUrl(options.baseUrl);
  const binding = options.binding ?? "soap11";
  if (bindingInfo(binding) === undefined)
    throw new TypeError(`unknown binding ${JSON.stringify(binding)} (use ${BINDINGS.join(", ")})`);
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!(timeoutMs >= 0)) throw new TypeError("timeoutMs must be a number ≥ 0");
  const maxResponseBytes = options.maxResponseBytes ?? 64 * 1024 * 1024;
  if (!(maxResponseBytes > 0)) throw new TypeError("maxResponseBytes must be a number > 0");
  // The global fetch is looked up at each call (so that a test double installed later is used) and
  // called as a plain function (browsers refuse a fetch called as a method of another object).
  const f: FetchLike | undefined =
    options.fetch ?? (typeof globalThis.fetch === "function" ? (url, init) => globalThis.fetch(url, init) : undefined);
  if (typeof f !== "function") throw new TypeError("no fetch: pass options.fetch");
  const redirect = options.redirect ?? "error";
  if (redirect !== "error" && redirect !== "same-origin-get")
    throw new TypeError(`redirect must be "error" or "same-origin-get", got ${JSON.stringify(redirect)}`);
  const middleware = [...(options.middleware ?? [])];
  for (const m of middleware)
    if (m === null || typeof m !== "object")
      throw new TypeError("each middleware must be an object with onRequest and/or onResponse");
  return Object.freeze({
    baseUrl,
    namespace: options.namespace,
    binding,
    credentials: options.credentials,
    soapHeaders: options.soapHeaders === undefined ? undefined : Object.freeze({ ...(options.soapHeaders as SoapHeaderValues) }),
    fetch: f,
    headers: Object.freeze({ ...options.headers }),
    secretHeaders: Object.freeze([
      ...new Set([...SECRET_HEADERS, ...(options.secretHeaders ?? []).map((h) => h.toLowerCase())]),
    ]),
    redirect,
    middleware: Object.freeze(middleware),
    timeoutMs,
    signal: options.signal,
    maxResponseBytes,
    hooks: Object.freeze({ ...options.hooks }),
    lenient: options.lenient === true,
  });
}
