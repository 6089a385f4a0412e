/**
 * One call over fetch: encode (before any I/O), send, enforce the time limit and the response
 * size limit while reading, stream the body into the decoder, and turn every failure into a
 * typed error that names the operation and binding and carries no password.
 */
import { BINDING_INFO, type Binding } from "./binding.js";
import { checkBaseUrl, type CallOptions, type ClientHooks, type Config } from "./config.js";
import { ResponseDecoder, withHeaders } from "./decode.js";
import type { OperationDescriptor } from "./descriptor.js";
import { XmlSyntaxError } from "./xml.js";
import { encodeRequest, soapHeaderSecrets, type SoapHeaderValues, type WireRequest } from "./encode.js";
import {
  AbortError,
  AsmxError,
  DecodeError,
  HttpFaultError,
  HttpStatusError,
  MiddlewareError,
  NetworkError,
  RedirectError,
  ResponseTooLargeError,
  SoapFaultError,
  TimeoutError,
  headerSecrets,
  redact,
  sanitizeCause,
  showHeaders,
  type ErrorContext,
} from "./errors.js";
import { HeaderSet, type MiddlewareHeaders, type MiddlewareRequest } from "./middleware.js";
import type { FetchBodyReader, FetchResponse } from "./transport.js";

const SNIPPET_BYTES = 2048;

/** Why the call stopped early. */
type StopReason = { kind: "timeout" } | { kind: "abort"; reason: unknown };

/**
 * The call's deadline and abort signals, raced against every await on the transport (the fetch
 * promise and each body read), so that a fetch or a body stream that ignores its abort signal
 * cannot keep the call waiting: on expiry the call rejects at once, and what can be cancelled
 * (the fetch signal, the body reader) is cancelled without waiting for it.
 */
class Stopper {
  readonly controller = new AbortController();
  reason: StopReason | undefined;
  /** Rejecters of the races in progress (none is left behind: a finished race removes its own). */
  private readonly waiting = new Set<(err: unknown) => void>();
  private readonly cancels: Array<() => void> = [];
  private readonly cleanups: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly timeoutMs: number,
    private readonly ctx: () => ErrorContext,
  ) {
    if (timeoutMs > 0) this.timer = setTimeout(() => this.fire({ kind: "timeout" }), timeoutMs);
  }

  /** Aborts the call when `signal` fires. */
  link(signal: AbortSignal | undefined): void {
    if (signal === undefined) return;
    const listener = (): void => this.fire({ kind: "abort", reason: signal.reason });
    if (signal.aborted) listener();
    else {
      signal.addEventListener("abort", listener, { once: true });
      this.cleanups.push(() => signal.removeEventListener("abort", listener));
    }
  }

  fire(reason: StopReason): void {
    if (this.reason !== undefined) return;
    this.reason = reason;
    const err = this.error();
    for (const reject of this.waiting) reject(err);
    this.waiting.clear();
    try {
      this.controller.abort(reason.kind === "abort" ? reason.reason : undefined);
    } catch {
      // an abort listener of the transport threw: the call is stopped anyway
    }
    for (const cancel of this.cancels.splice(0)) cancel();
  }

  /** The typed error of the stop (TimeoutError or AbortError). */
  error(): AsmxError {
    const ctx = this.ctx();
    return this.reason?.kind === "abort"
      ? new AbortError(this.reason.reason, ctx)
      : new TimeoutError(this.timeoutMs, ctx);
  }

  /** Throws the stop error when the call has been stopped. */
  check(): void {
    if (this.reason !== undefined) throw this.error();
  }

  /** `promise`, or the stop error as soon as the call is stopped, whichever comes first. */
  race<T>(promise: Promise<T>): Promise<T> {
    if (this.reason !== undefined) {
      promise.catch(() => undefined);
      return Promise.reject(this.error());
    }
    // Not Promise.race against one pending promise: every race would leave a reaction on it,
    // holding the settled value (each body chunk) until the call ends.
    return new Promise<T>((resolve, reject) => {
      this.waiting.add(reject);
      promise.then(
        (value) => {
          this.waiting.delete(reject);
          resolve(value);
        },
        (err: unknown) => {
          this.waiting.delete(reject);
          reject(err);
        },
      );
    });
  }

  /** Runs `cancel` (never awaited, errors ignored) when the call stops, or at once if it has. */
  onStop(cancel: () => unknown): void {
    const run = (): void => {
      try {
        const r = cancel();
        if (r instanceof Promise) r.catch(() => undefined);
      } catch {
        // a transport's cancel that throws changes nothing: the call has already failed
      }
    };
    if (this.reason !== undefined) run();
    else this.cancels.push(run);
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    for (const c of this.cleanups.splice(0)) c();
    this.cancels.length = 0;
  }
}

/** Calls a hook; a hook's exception is ignored (logging must not break a call). */
function callHook<E>(hook: ((event: E) => void) | undefined, event: E): void {
  if (hook === undefined) return;
  try {
    hook(event);
  } catch {
    // ignored by design
  }
}

/** Cancels a body reader without waiting (a stream may ignore cancellation). */
function cancelReader(reader: FetchBodyReader): void {
  try {
    void reader.cancel().catch(() => undefined);
  } catch {
    // ignored: the call has already failed
  }
}

/** Reads the body as bytes, up to `limit` (then throws ResponseTooLargeError); every read races the deadline. */
async function readBytes(
  response: FetchResponse,
  limit: number,
  ctx: ErrorContext,
  stopper: Stopper,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  stopper.onStop(() => cancelReader(reader));
  for (;;) {
    const { done, value } = await stopper.race(reader.read());
    if (done || value === undefined) break;
    total += value.byteLength;
    if (total > limit) {
      cancelReader(reader);
      throw new ResponseTooLargeError(limit, ctx);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const lenientText = (bytes: Uint8Array): string => new TextDecoder("utf-8").decode(bytes);

function charsetOf(contentType: string): string {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(contentType);
  return m?.[1]?.toLowerCase() ?? "utf-8";
}

/**
 * Streams a 2xx XML body through the decoder as it arrives, enforcing the size limit. UTF-8
 * bodies go to the decoder as bytes (it checks the encoding itself); other charsets are
 * converted to text first.
 */
async function decodeStreaming(
  response: FetchResponse,
  op: OperationDescriptor,
  binding: Binding,
  namespace: string,
  limit: number,
  lenient: boolean,
  ctx: ErrorContext,
  stopper: Stopper,
): Promise<{ readonly value: unknown; readonly headers?: Readonly<Record<string, unknown>> | undefined }> {
  const decoder = new ResponseDecoder(op, binding, namespace, ctx, { lenient });
  const contentType = response.headers.get("content-type") ?? "";
  const charset = charsetOf(contentType);
  let text: TextDecoder | null = null;
  if (charset !== "utf-8" && charset !== "utf8") {
    try {
      text = new TextDecoder(charset, { fatal: true });
    } catch {
      throw new HttpStatusError(response.status, contentType, "", "unsupported charset", ctx);
    }
  }
  let total = 0;
  if (response.body !== null) {
    const reader = response.body.getReader();
    stopper.onStop(() => cancelReader(reader));
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await stopper.race(reader.read());
        if (done || value === undefined) break;
        total += value.byteLength;
        if (total > limit) throw new ResponseTooLargeError(limit, ctx);
        // A refused document (DOCTYPE, bad XML, wrong element) throws here, on the first bad
        // chunk: the rest of the body is not read.
        if (text === null) {
          try {
            decoder.write(value);
          } catch (err) {
            if (err instanceof DecodeError && err.cause instanceof XmlSyntaxError && err.cause.code === "invalid-utf8")
              throw new HttpStatusError(response.status, contentType, "", `body is not valid utf-8: ${err.cause.message} at byte ${err.cause.offset}`, ctx);
            throw err;
          }
        } else {
          let chunk: string;
          try {
            chunk = text.decode(value, { stream: true });
          } catch (err) {
            throw new HttpStatusError(response.status, contentType, "", `body is not valid ${charset}: ${(err as Error).message}`, ctx);
          }
          if (chunk !== "") decoder.write(chunk);
        }
      }
      finished = true;
    } finally {
      // On any failure, stop the transfer at once instead of leaving the server streaming.
      if (!finished) cancelReader(reader);
    }
  }
  if (text !== null) {
    try {
      const tail = text.decode();
      if (tail !== "") decoder.write(tail);
    } catch (err) {
      throw new HttpStatusError(response.status, contentType, "", `body is not valid text: ${(err as Error).message}`, ctx);
    }
  }
  const outcome = decoder.end();
  if (outcome.kind === "fault") throw new SoapFaultError(outcome.fault, response.status, ctx);
  return outcome;
}

/**
 * The first 2 KB of a body as text, redacted. The text is redacted before it is cut (with room
 * for a secret that starts inside the first 2 KB), so no prefix of a secret survives the cut.
 */
function snippetOf(bytes: Uint8Array, secrets: readonly string[]): string {
  const room = secrets.reduce((n, s) => Math.max(n, 3 * s.length + 12), 0) * 3;
  const redacted = redact(lenientText(bytes.subarray(0, SNIPPET_BYTES + room)), secrets);
  const encoded = new TextEncoder().encode(redacted);
  if (encoded.byteLength <= SNIPPET_BYTES) return redacted;
  return lenientText(encoded.subarray(0, SNIPPET_BYTES)).replace(/\uFFFD$/, "");
}

/** The service's message from an ASMX HTTP GET/POST error text: its first line, without a stack trace. */
function serviceMessageOf(text: string): string {
  const first = text.trim().split(/\r?\n/)[0] ?? "";
  return first.trim();
}

async function failure(
  response: FetchResponse,
  binding: Binding,
  op: OperationDescriptor,
  namespace: string,
  limit: number,
  secrets: readonly string[],
  ctx: ErrorContext,
  stopper: Stopper,
): Promise<AsmxError> {
  const contentType = response.headers.get("content-type") ?? "";
  const bytes = await readBytes(response, limit, ctx, stopper);
  const text = lenientText(bytes);
  const snippet = snippetOf(bytes, secrets);
  const soap = BINDING_INFO[binding].fault === "soap";
  if (soap && /xml/i.test(contentType)) {
    try {
      const decoder = new ResponseDecoder(op, binding, namespace, ctx);
      decoder.write(bytes);
      const outcome = decoder.end();
      if (outcome.kind === "fault") {
        const f = outcome.fault;
        return new SoapFaultError(
          {
            ...f,
            faultString: redact(f.faultString, secrets),
            detail: f.detail === undefined ? undefined : redact(f.detail, secrets),
          },
          response.status,
          ctx,
        );
      }
    } catch {
      // Not a fault: reported as an HTTP status error below.
    }
  }
  if (!soap && response.status >= 500 && /^text\/plain/i.test(contentType) && text.trim() !== "") {
    return new HttpFaultError(response.status, redact(serviceMessageOf(text), secrets), ctx);
  }
  return new HttpStatusError(
    response.status,
    contentType,
    snippet,
    response.status >= 200 && response.status < 300 ? "unexpected response" : "error status",
    ctx,
  );
}

/** The call's SOAP header values: the client's, each replaced by the call's of the same name. */
function soapHeadersOf(config: Config, options: CallOptions<object>): SoapHeaderValues | undefined {
  const own = options.soapHeaders as SoapHeaderValues | undefined;
  if (own === undefined) return config.soapHeaders;
  return config.soapHeaders === undefined ? own : { ...config.soapHeaders, ...own };
}

/** The request a call would send (for logging, tests and goldens): nothing is sent. */
export function prepareRequest<P, R>(
  config: Config,
  op: OperationDescriptor<P, R>,
  params: P,
  options: CallOptions<object> = {},
): WireRequest & { readonly url: string } {
  const binding = options.binding ?? config.binding;
  const wire = encodeRequest(
    op,
    binding,
    params as object,
    options.credentials ?? config.credentials,
    config.namespace ?? op.namespace,
    soapHeadersOf(config, options),
  );
  return { ...wire, url: config.baseUrl + wire.path };
}

/**
 * Calls one operation: every generated operation function is this, with the operation's
 * descriptor. Resolves with the decoded result. Rejects with an {@link AsmxError}:
 *
 * - {@link EncodeError} before any I/O: a parameter is missing, unknown, of the wrong type, out of
 *   range, or cannot be sent over the chosen binding (names the parameter); no credentials for an
 *   operation that sends them;
 * - {@link SoapFaultError} (SOAP 1.1/1.2) or {@link HttpFaultError} (HTTP GET/POST): the service
 *   raised an exception (both are {@link ServiceFaultError});
 * - {@link HttpStatusError}: another status, or an answer that is not the service's XML;
 * - {@link RedirectError}: a 3xx (redirects are not followed unless the client allows same-origin GET ones);
 * - {@link DecodeError}: the answer does not match the operation's result (names the path);
 * - {@link MiddlewareError}: a request middleware threw;
 * - {@link TimeoutError}, {@link AbortError} (even when the fetch ignores its signal),
 *   {@link ResponseTooLargeError}, {@link NetworkError}.
 *
 * Secrets (the password, secret headers) are redacted from every message, cause and hook payload.
 */
export async function invoke<P, R>(
  config: Config,
  op: OperationDescriptor<P, R>,
  params: P,
  options: CallOptions<object> = {},
): Promise<R> {
  const binding = options.binding ?? config.binding;
  const hooks: ClientHooks = config.hooks ?? {};
  const started = Date.now();
  try {
    return await send(config, op, params, options, binding, hooks);
  } catch (err) {
    if (err instanceof AsmxError)
      callHook(hooks.onError, { operation: op.name, binding, error: err, durationMs: Date.now() - started });
    throw err;
  }
}

const MAX_REDIRECTS = 5;

async function send<P, R>(
  config: Config,
  op: OperationDescriptor<P, R>,
  params: P,
  options: CallOptions<object>,
  binding: Binding,
  hooks: ClientHooks,
): Promise<R> {
  const credentials = options.credentials ?? config.credentials;
  const namespace = config.namespace ?? op.namespace;
  const secretNames = config.secretHeaders;
  const soapHeaders = soapHeadersOf(config, options);
  // The password and the secret fields of SOAP headers: redacted from everything shown.
  const password = [...(credentials?.password ? [credentials.password] : []), ...soapHeaderSecrets(op, soapHeaders)];
  const callHeaders = { ...config.headers, ...options.headers };
  let secrets: readonly string[] = [...password, ...headerSecrets(Object.entries(callHeaders), secretNames)];
  // Every error built with this context has the secrets redacted.
  let ctx: ErrorContext = { operation: op.name, binding, secrets };
  const wire = encodeRequest(op, binding, params as object, credentials, namespace, soapHeaders);
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;
  const headers = new HeaderSet(
    [...Object.entries(callHeaders), ...Object.entries(wire.headers)],
    secretNames,
    () => secrets,
  );
  const middleware =
    options.middleware === undefined || options.middleware.length === 0
      ? config.middleware
      : [...config.middleware, ...options.middleware];

  const stopper = new Stopper(timeoutMs, () => ctx);
  stopper.link(config.signal);
  stopper.link(options.signal);
  try {
    stopper.check();
    let baseUrl = config.baseUrl;
    let request: MiddlewareRequest | undefined;
    if (middleware.length > 0 || hooks.onRequest !== undefined) {
      // What middleware and hooks see: the request encoded again with `***` as the password (so the
      // URL and body keep their exact shape), then any other occurrence of a secret redacted too.
      const shown = encodeRequest(
        op,
        binding,
        params as object,
        credentials === undefined ? undefined : { ...credentials, password: "***" },
        namespace,
        soapHeaders,
      );
      const shownPath = redact(shown.path, secrets);
      const shownBody = shown.body === null ? null : redact(shown.body, secrets);
      let extraSignal: AbortSignal | undefined;
      request = {
        operation: op.name,
        binding,
        method: wire.method,
        get baseUrl() {
          return baseUrl;
        },
        set baseUrl(value: string) {
          baseUrl = checkBaseUrl(String(value));
        },
        path: shownPath,
        get url() {
          return baseUrl + shownPath;
        },
        headers,
        body: shownBody,
        get signal() {
          return extraSignal;
        },
        set signal(value: AbortSignal | undefined) {
          extraSignal = value;
          stopper.link(value);
        },
      };
      for (const m of middleware) {
        if (m.onRequest === undefined) continue;
        try {
          await stopper.race(Promise.resolve(m.onRequest(request)));
        } catch (err) {
          stopper.check();
          throw new MiddlewareError("onRequest", err, ctx);
        }
        // A middleware may have set a secret header: its value is a secret from now on.
        secrets = [...password, ...headerSecrets(headers.realEntries(), secretNames)];
        ctx = { operation: op.name, binding, secrets };
      }
      if (hooks.onRequest !== undefined)
        callHook(
          hooks.onRequest,
          Object.freeze({
            operation: op.name,
            binding,
            method: wire.method,
            url: redact(baseUrl, secrets) + shownPath,
            headers: Object.freeze(showHeaders(headers.realEntries(), secretNames, secrets)),
            body: shownBody,
          }),
        );
    }
    const sent = Date.now();
    let url = baseUrl + wire.path;
    let response: FetchResponse;
    // Called unbound: a browser's fetch throws "Illegal invocation" when `this` is not the global object.
    const fetchUnbound = config.fetch;
    for (let hop = 0; ; hop++) {
      try {
        response = await stopper.race(
          Promise.resolve().then(() =>
            fetchUnbound(url, {
              method: wire.method,
              headers: headers.real(),
              body: wire.body,
              signal: stopper.controller.signal,
              redirect: "manual",
            }),
          ),
        );
      } catch (err) {
        stopper.check();
        if (err instanceof AsmxError) throw err;
        throw new NetworkError(sanitizeCause(err, secrets), ctx);
      }
      const next = redirectTarget(response, url, wire.method, config.redirect, hop, ctx);
      if (next === null) break;
      void response.body?.cancel().catch(() => undefined);
      url = next;
    }
    try {
      const contentType = response.headers.get("content-type") ?? "";
      const durationMs = Date.now() - sent;
      // Built only for a hook: redacting builds each secret's pattern on first use.
      if (hooks.onResponse !== undefined)
        callHook(hooks.onResponse, {
          operation: op.name,
          binding,
          status: response.status,
          contentType: redact(contentType, secrets),
          durationMs,
        });
      if (request !== undefined) {
        const shownResponse = {
          operation: op.name,
          binding,
          status: response.status,
          headers: responseHeaders(response, secretNames, secrets),
          durationMs,
        };
        for (let i = middleware.length - 1; i >= 0; i--) {
          const m = middleware[i];
          if (m?.onResponse === undefined) continue;
          try {
            await stopper.race(Promise.resolve(m.onResponse(shownResponse, request)));
          } catch (err) {
            stopper.check();
            throw new MiddlewareError("onResponse", err, ctx);
          }
        }
      }
      const declared = Number(response.headers.get("content-length") ?? "NaN");
      if (declared > config.maxResponseBytes) throw new ResponseTooLargeError(config.maxResponseBytes, ctx);
      if (response.status === 200 && op.result.void === true && BINDING_INFO[binding].result === "httpRoot") {
        // HTTP GET/POST answer a void method with an empty body.
        const body = new TextDecoder().decode(await readBytes(response, config.maxResponseBytes, ctx, stopper));
        if (body.trim() !== "") throw new DecodeError("", "an empty body (void result)", body, ctx);
        return withHeaders(op, undefined, undefined) as R;
      }
      if (response.status === 200 && /xml/i.test(contentType)) {
        const out = await decodeStreaming(response, op, binding, namespace, config.maxResponseBytes, options.lenient ?? config.lenient === true, ctx, stopper);
        return withHeaders(op, op.result.void === true ? undefined : out.value, out.headers) as R;
      }
      throw await failure(response, binding, op, namespace, config.maxResponseBytes, secrets, ctx, stopper);
    } catch (err) {
      // The body is not read to its end: stop the transfer (without waiting for the transport).
      try {
        void response.body?.cancel().catch(() => undefined);
      } catch {
        // a locked or broken body: nothing more to cancel
      }
      stopper.check();
      if (err instanceof AsmxError) throw err;
      throw new NetworkError(sanitizeCause(err, secrets), ctx);
    }
  } finally {
    stopper.dispose();
  }
}

/**
 * Where a redirect leads, or null when the response is not a redirect. Throws RedirectError
 * unless the client allows same-origin redirects of HTTP GET calls and this one is such.
 */
function redirectTarget(
  response: FetchResponse,
  url: string,
  method: "GET" | "POST",
  policy: Config["redirect"],
  hop: number,
  ctx: ErrorContext,
): string | null {
  if (response.type === "opaqueredirect")
    throw new RedirectError(
      response.status,
      "",
      "the Location is hidden from the page; use the final address as baseUrl",
      ctx,
    );
  if (response.status < 300 || response.status > 399 || response.status === 304) return null;
  const location = response.headers.get("location");
  if (location === null) return null;
  let target: URL;
  try {
    target = new URL(location, url);
  } catch {
    throw new RedirectError(response.status, location, "the Location is not a valid URL", ctx);
  }
  const shown = target.href;
  if (policy !== "same-origin-get")
    throw new RedirectError(
      response.status,
      shown,
      'credentials and bodies never follow a redirect; use the final address as baseUrl (or redirect: "same-origin-get" for HTTP GET)',
      ctx,
    );
  if (method !== "GET") throw new RedirectError(response.status, shown, "only HTTP GET calls follow redirects", ctx);
  if (target.origin !== new URL(url).origin)
    throw new RedirectError(response.status, shown, "it leads to another origin", ctx);
  if (hop + 1 > MAX_REDIRECTS)
    throw new RedirectError(response.status, shown, `more than ${MAX_REDIRECTS} redirects`, ctx);
  return target.href;
}

/** Response headers as middleware sees them (secret values `***`, secrets redacted). */
function responseHeaders(
  response: FetchResponse,
  secretNames: readonly string[],
  secrets: readonly string[],
): MiddlewareHeaders {
  const h = response.headers as {
    get(name: string): string | null;
    forEach?: (cb: (value: string, key: string) => void) => void;
  };
  const show = (name: string, value: string): string =>
    secretNames.includes(name.toLowerCase()) ? "***" : redact(value, secrets);
  return {
    get: (name) => {
      const v = h.get(name);
      return v === null ? null : show(name, v);
    },
    has: (name) => h.get(name) !== null,
    entries: () => {
      const out: Array<[string, string]> = [];
      h.forEach?.((value, key) => out.push([key, show(key, value)]));
      return out;
    },
  };
}
