/**
 * Request middleware: code that may change a request before it is sent (headers, base URL,
 * an extra abort signal) and sees the response status and headers. Client middleware runs
 * first, then the call's; `onResponse` runs in the reverse order (like layers of an onion).
 * Middleware never sees a secret: the password shows as `***` in the path and the body, and
 * secret headers (Authorization, Cookie, Proxy-Authorization, Set-Cookie and any header the
 * client names in `secretHeaders`) show as `***` — though a middleware may still set them.
 */
import type { Binding } from "./binding.js";
import { redact } from "./errors.js";

/** Request or response headers as middleware sees them: names case-insensitive, secret values shown as `***`. */
export interface MiddlewareHeaders {
  get(name: string): string | null;
  has(name: string): boolean;
  /** Every header as `[name, shown value]`. */
  entries(): Array<[string, string]>;
}

/** Request headers a middleware may change. */
export interface MutableMiddlewareHeaders extends MiddlewareHeaders {
  set(name: string, value: string): void;
  delete(name: string): void;
}

/** A request about to be sent. */
export interface MiddlewareRequest {
  readonly operation: string;
  readonly binding: Binding;
  readonly method: "GET" | "POST";
  /** Base address the call goes to (e.g. `https://sms.example.com`); a middleware may set another one. */
  baseUrl: string;
  /** Path and query after the base address, password shown as `***`. */
  readonly path: string;
  /** The whole URL as it will be sent (base address + path), password shown as `***`. */
  readonly url: string;
  readonly headers: MutableMiddlewareHeaders;
  /** Body, password shown as `***`; null for HTTP GET. */
  readonly body: string | null;
  /** An extra signal: when it fires, the call is aborted (AbortError). */
  signal: AbortSignal | undefined;
}

/** The response, before its body is read. */
export interface MiddlewareResponse {
  readonly operation: string;
  readonly binding: Binding;
  readonly status: number;
  readonly headers: MiddlewareHeaders;
  /** Milliseconds from sending the request to receiving the headers. */
  readonly durationMs: number;
}

/**
 * One middleware. Either function may be async; one that throws or rejects fails the call with a
 * MiddlewareError (reported to `onError`).
 */
export interface Middleware {
  readonly onRequest?: ((request: MiddlewareRequest) => void | Promise<void>) | undefined;
  readonly onResponse?:
    ((response: MiddlewareResponse, request: MiddlewareRequest) => void | Promise<void>) | undefined;
}

/** Headers kept with their real values; what middleware reads is shown redacted. */
export class HeaderSet implements MutableMiddlewareHeaders {
  private readonly map = new Map<string, [string, string]>();
  constructor(
    init: Iterable<readonly [string, string]>,
    private readonly secretNames: readonly string[],
    private readonly secrets: () => readonly string[],
  ) {
    for (const [k, v] of init) this.set(k, v);
  }
  private show(name: string, value: string): string {
    return this.secretNames.includes(name.toLowerCase()) ? "***" : redact(value, this.secrets());
  }
  get(name: string): string | null {
    const e = this.map.get(name.toLowerCase());
    return e === undefined ? null : this.show(e[0], e[1]);
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  set(name: string, value: string): void {
    const n = String(name);
    const v = String(value);
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(n)) throw new TypeError(`invalid header name ${JSON.stringify(n)}`);
    if (/[\r\n\0]/.test(v)) throw new TypeError(`invalid value for header ${n}: it contains CR, LF or NUL`);
    this.map.set(n.toLowerCase(), [n, v]);
  }
  delete(name: string): void {
    this.map.delete(name.toLowerCase());
  }
  entries(): Array<[string, string]> {
    return [...this.map.values()].map(([k, v]) => [k, this.show(k, v)]);
  }
  /** The real headers, to send. */
  real(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of this.map.values()) out[k] = v;
    return out;
  }
  /** Every `[name, real value]`. */
  realEntries(): Array<readonly [string, string]> {
    return [...this.map.values()];
  }
}
