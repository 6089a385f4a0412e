/**
 * One call over fetch: encode (before any I/O), send, enforce the time limit and the response
 * size limit while reading, stream the body into the decoder, and turn every failure into a
 * typed error that names the operation and binding and carries no password.
 */
import { BINDING_INFO, type Binding } from "./binding.js";
import type { CallOptions, ClientHooks, Config, RequestEvent } from "./config.js";
import { ResponseDecoder } from "./decode.js";
import type { OperationDescriptor } from "./descriptor.js";
import { encodeRequest, type Credentials, type WireRequest } from "./encode.js";
import {
  AbortError,
  AsmxError,
  DecodeError,
  HttpFaultError,
  HttpStatusError,
  NetworkError,
  ResponseTooLargeError,
  SoapFaultError,
  TimeoutError,
  redact,
  sanitizeCause,
  type ErrorContext,
} from "./errors.js";

const SNIPPET_BYTES = 2048;

/** Why the call's signal fired. */
type StopReason = { kind: "timeout" } | { kind: "abort"; reason: unknown };

function stopError(stop: StopReason, timeoutMs: number, ctx: ErrorContext): AsmxError {
  return stop.kind === "timeout" ? new TimeoutError(timeoutMs, ctx) : new AbortError(stop.reason, ctx);
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

/** Reads the body as bytes, up to `limit` (then throws ResponseTooLargeError). */
async function readBytes(response: Response, limit: number, ctx: ErrorContext): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body === null) return new Uint8Array(0);
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      void reader.cancel().catch(() => undefined);
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

/** Streams a 2xx XML body through the decoder, enforcing the size limit. */
async function decodeStreaming(response: Response, op: OperationDescriptor, binding: Binding, namespace: string, limit: number, ctx: ErrorContext): Promise<unknown> {
  const decoder = new ResponseDecoder(op, binding, namespace, ctx);
  let text: TextDecoder;
  try {
    text = new TextDecoder(charsetOf(response.headers.get("content-type") ?? ""), { fatal: true });
  } catch {
    throw new HttpStatusError(response.status, response.headers.get("content-type") ?? "", "", "unsupported charset", ctx);
  }
  let total = 0;
  if (response.body !== null) {
    const reader = response.body.getReader();
    let finished = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > limit) throw new ResponseTooLargeError(limit, ctx);
        let chunk: string;
        try {
          chunk = text.decode(value, { stream: true });
        } catch (err) {
          throw new HttpStatusError(response.status, response.headers.get("content-type") ?? "", "", `body is not valid ${charsetOf(response.headers.get("content-type") ?? "")}: ${(err as Error).message}`, ctx);
        }
        // A refused document (DOCTYPE, bad XML, wrong element) throws here, on the first bad
        // chunk: the rest of the body is not read.
        if (chunk !== "") decoder.write(chunk);
      }
      finished = true;
    } finally {
      // On any failure, stop the transfer at once instead of leaving the server streaming.
      if (!finished) void reader.cancel().catch(() => undefined);
    }
  }
  try {
    const tail = text.decode();
    if (tail !== "") decoder.write(tail);
  } catch (err) {
    throw new HttpStatusError(response.status, response.headers.get("content-type") ?? "", "", `body is not valid text: ${(err as Error).message}`, ctx);
  }
  const outcome = decoder.end();
  if (outcome.kind === "fault") throw new SoapFaultError(outcome.fault, response.status, ctx);
  return outcome.value;
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

async function failure(response: Response, binding: Binding, op: OperationDescriptor, namespace: string, limit: number, secrets: readonly string[], ctx: ErrorContext): Promise<AsmxError> {
  const contentType = response.headers.get("content-type") ?? "";
  const bytes = await readBytes(response, limit, ctx);
  const text = lenientText(bytes);
  const snippet = snippetOf(bytes, secrets);
  const soap = BINDING_INFO[binding].fault === "soap";
  if (soap && /xml/i.test(contentType)) {
    try {
      const decoder = new ResponseDecoder(op, binding, namespace, ctx);
      decoder.write(text);
      const outcome = decoder.end();
      if (outcome.kind === "fault") {
        const f = outcome.fault;
        return new SoapFaultError(
          { ...f, faultString: redact(f.faultString, secrets), detail: f.detail === undefined ? undefined : redact(f.detail, secrets) },
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
  return new HttpStatusError(response.status, contentType, snippet, response.ok ? "unexpected response" : "error status", ctx);
}

/** Merges signals: the call's own (timeout) and the client's and caller's. */
function linkSignals(signals: ReadonlyArray<AbortSignal | undefined>, controller: AbortController, onStop: (s: StopReason) => void): () => void {
  const cleanups: Array<() => void> = [];
  for (const s of signals) {
    if (s === undefined) continue;
    const listener = (): void => {
      onStop({ kind: "abort", reason: s.reason });
      controller.abort(s.reason);
    };
    if (s.aborted) listener();
    else {
      s.addEventListener("abort", listener, { once: true });
      cleanups.push(() => s.removeEventListener("abort", listener));
    }
  }
  return () => cleanups.forEach((c) => c());
}

/** The request a call would send (for logging, tests and goldens): nothing is sent. */
export function prepareRequest<P, R>(config: Config, op: OperationDescriptor<P, R>, params: P, options: CallOptions = {}): WireRequest & { readonly url: string } {
  const binding = options.binding ?? config.binding;
  const wire = encodeRequest(op, binding, params as object, options.credentials ?? config.credentials, config.namespace ?? op.namespace);
  return { ...wire, url: config.baseUrl + wire.path };
}

/**
 * The request as hooks see it: encoded again with `***` as the password (so the URL and body
 * keep their exact shape), then any other occurrence of the password (another parameter, a
 * header) redacted too.
 */
function requestEvent(
  op: OperationDescriptor,
  binding: Binding,
  params: object,
  credentials: Credentials | undefined,
  namespace: string,
  baseUrl: string,
  headers: Readonly<Record<string, string>>,
  secrets: readonly string[],
): RequestEvent {
  const shown = encodeRequest(op, binding, params, credentials === undefined ? undefined : { ...credentials, password: "***" }, namespace);
  const h: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...headers, ...shown.headers })) h[k] = redact(v, secrets);
  return Object.freeze({
    operation: op.name,
    binding,
    method: shown.method,
    url: redact(baseUrl + shown.path, secrets),
    headers: Object.freeze(h),
    body: shown.body === null ? null : redact(shown.body, secrets),
  });
}

/**
 * Calls one operation: every generated operation function is this, with the operation's
 * descriptor. Resolves with the decoded result. Rejects with an {@link AsmxError}:
 *
 * - {@link EncodeError} before any I/O: a parameter is missing, of the wrong type, out of range,
 *   or cannot be sent over the chosen binding (names the parameter);
 * - {@link SoapFaultError} (SOAP 1.1/1.2) or {@link HttpFaultError} (HTTP GET/POST): the service
 *   raised an exception (both are {@link ServiceFaultError});
 * - {@link HttpStatusError}: another status, or an answer that is not the service's XML;
 * - {@link DecodeError}: the answer does not match the operation's result (names the path);
 * - {@link TimeoutError}, {@link AbortError}, {@link ResponseTooLargeError}, {@link NetworkError}.
 *
 * Secrets (the password) are redacted from every message, cause and hook payload.
 */
export async function invoke<P, R>(config: Config, op: OperationDescriptor<P, R>, params: P, options: CallOptions = {}): Promise<R> {
  const binding = options.binding ?? config.binding;
  const hooks: ClientHooks = config.hooks ?? {};
  const started = Date.now();
  try {
    return await send(config, op, params, options, binding, hooks);
  } catch (err) {
    if (err instanceof AsmxError) callHook(hooks.onError, { operation: op.name, binding, error: err, durationMs: Date.now() - started });
    throw err;
  }
}

async function send<P, R>(config: Config, op: OperationDescriptor<P, R>, params: P, options: CallOptions, binding: Binding, hooks: ClientHooks): Promise<R> {
  const credentials = options.credentials ?? config.credentials;
  const namespace = config.namespace ?? op.namespace;
  const secrets = credentials?.password ? [credentials.password] : [];
  // Every error built with this context has the password redacted.
  const ctx: ErrorContext = { operation: op.name, binding, secrets };
  const wire = encodeRequest(op, binding, params as object, credentials, namespace);
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;
  const url = config.baseUrl + wire.path;
  const headers = { ...config.headers, ...options.headers, ...wire.headers };

  const controller = new AbortController();
  let stop: StopReason | undefined;
  const onStop = (s: StopReason): void => {
    stop ??= s;
  };
  const unlink = linkSignals([config.signal, options.signal], controller, onStop);
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          onStop({ kind: "timeout" });
          controller.abort();
        }, timeoutMs)
      : undefined;
  try {
    if (stop) throw stopError(stop, timeoutMs, ctx);
    if (hooks.onRequest) callHook(hooks.onRequest, requestEvent(op, binding, params as object, credentials, namespace, config.baseUrl, headers, secrets));
    const sent = Date.now();
    let response: Response;
    try {
      response = await config.fetch(url, {
        method: wire.method,
        headers,
        body: wire.body,
        signal: controller.signal,
      });
    } catch (err) {
      if (stop) throw stopError(stop, timeoutMs, ctx);
      throw new NetworkError(sanitizeCause(err, secrets), ctx);
    }
    try {
      const contentType = response.headers.get("content-type") ?? "";
      callHook(hooks.onResponse, { operation: op.name, binding, status: response.status, contentType: redact(contentType, secrets), durationMs: Date.now() - sent });
      const declared = Number(response.headers.get("content-length") ?? "NaN");
      if (declared > config.maxResponseBytes) {
        void response.body?.cancel().catch(() => undefined);
        throw new ResponseTooLargeError(config.maxResponseBytes, ctx);
      }
      if (response.status === 200 && op.result.void === true && BINDING_INFO[binding].result === "httpRoot") {
        // HTTP GET/POST answer a void method with an empty body.
        const body = new TextDecoder().decode(await readBytes(response, config.maxResponseBytes, ctx));
        if (body.trim() !== "") throw new DecodeError("", "an empty body (void result)", body, ctx);
        return undefined as R;
      }
      if (response.status === 200 && /xml/i.test(contentType)) {
        const value = await decodeStreaming(response, op, binding, namespace, config.maxResponseBytes, ctx);
        return (op.result.void === true ? undefined : value) as R;
      }
      throw await failure(response, binding, op, namespace, config.maxResponseBytes, secrets, ctx);
    } catch (err) {
      if (stop) throw stopError(stop, timeoutMs, ctx);
      if (err instanceof AsmxError) throw err;
      throw new NetworkError(sanitizeCause(err, secrets), ctx);
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    unlink();
  }
}
