/**
 * Typed errors. Every error the client throws is an AsmxError (usable with `instanceof`),
 * names the operation and binding, and never carries a password: texts that could echo one
 * (response bodies, URLs) are redacted before they are stored.
 */
import type { Binding } from "./binding.js";

/** Where an error happened. */
export interface ErrorContext {
  readonly operation?: string | undefined;
  readonly binding?: Binding | undefined;
}

const where = (ctx: ErrorContext): string =>
  ctx.operation === undefined ? "" : ctx.binding === undefined ? `${ctx.operation}: ` : `${ctx.operation} (${ctx.binding}): `;

/** Base class of every error the client throws. */
export class AsmxError extends Error {
  override name = "AsmxError";
  /** Machine-readable kind, e.g. `soap-fault`, `http-status`, `decode`, `encode`, `timeout`. */
  readonly code: string;
  readonly operation: string | undefined;
  readonly binding: Binding | undefined;

  constructor(code: string, message: string, ctx: ErrorContext, options?: { cause?: unknown }) {
    super(where(ctx) + message, options);
    this.code = code;
    this.operation = ctx.operation;
    this.binding = ctx.binding;
  }
}

/** A parameter could not be encoded; thrown before any network I/O. */
export class EncodeError extends AsmxError {
  override name = "EncodeError";
  /** Wire name of the parameter (with `[i]` for a list item). */
  readonly parameter: string;
  readonly reason: string;
  constructor(parameter: string, reason: string, ctx: ErrorContext) {
    super("encode", `parameter ${parameter}: ${reason}`, ctx);
    this.parameter = parameter;
    this.reason = reason;
  }
}

/** The response could not be decoded as the operation's result. */
export class DecodeError extends AsmxError {
  override name = "DecodeError";
  /** Where in the result, e.g. `GetMessagesAfterIDResult[3].SendDate`. */
  readonly path: string;
  /** What was expected there, e.g. `dateTime` or `element MessagesBL`. */
  readonly expected: string;
  /** What was found (truncated to 100 characters). */
  readonly found: string;
  constructor(path: string, expected: string, found: string, ctx: ErrorContext, options?: { cause?: unknown }) {
    const shown = found.length > 100 ? `${found.slice(0, 100)}…` : found;
    super("decode", `at ${path || "(document)"}: expected ${expected}, found ${shown}`, ctx, options);
    this.path = path;
    this.expected = expected;
    this.found = shown;
  }
}

/** The service raised an exception (SOAP fault, or an HTTP GET/POST error text). */
export class ServiceFaultError extends AsmxError {
  override name = "ServiceFaultError";
  readonly status: number;
  /** The service's message, e.g. the .NET exception message. */
  readonly serviceMessage: string;
  constructor(code: string, status: number, serviceMessage: string, ctx: ErrorContext) {
    super(code, `service fault (HTTP ${status}): ${serviceMessage}`, ctx);
    this.status = status;
    this.serviceMessage = serviceMessage;
  }
}

/** A SOAP 1.1 or 1.2 fault. */
export class SoapFaultError extends ServiceFaultError {
  override name = "SoapFaultError";
  readonly soapVersion: "1.1" | "1.2";
  /** SOAP 1.1 `faultcode` or SOAP 1.2 `Code/Value`, as written (e.g. `soap:Server`). */
  readonly faultCode: string;
  /** SOAP 1.2 `Subcode/Value` chain (empty for SOAP 1.1). */
  readonly subcodes: readonly string[];
  /** SOAP 1.1 `faultactor` / SOAP 1.2 `Role`, when present. */
  readonly actor: string | undefined;
  /** Text content of `detail` / `Detail`, when present. */
  readonly detail: string | undefined;
  constructor(
    fault: { soapVersion: "1.1" | "1.2"; faultCode: string; faultString: string; subcodes: readonly string[]; actor?: string | undefined; detail?: string | undefined },
    status: number,
    ctx: ErrorContext,
  ) {
    super("soap-fault", status, fault.faultString, ctx);
    this.soapVersion = fault.soapVersion;
    this.faultCode = fault.faultCode;
    this.subcodes = fault.subcodes;
    this.actor = fault.actor;
    this.detail = fault.detail;
  }
}

/** An HTTP GET/POST call answered an error status with the service's exception text. */
export class HttpFaultError extends ServiceFaultError {
  override name = "HttpFaultError";
  constructor(status: number, serviceMessage: string, ctx: ErrorContext) {
    super("http-fault", status, serviceMessage, ctx);
  }
}

/** A non-success status, or a success status with something that is not the expected XML. */
export class HttpStatusError extends AsmxError {
  override name = "HttpStatusError";
  readonly status: number;
  readonly contentType: string;
  /** The first 2 KB of the body (redacted). */
  readonly bodySnippet: string;
  constructor(status: number, contentType: string, bodySnippet: string, reason: string, ctx: ErrorContext) {
    super("http-status", `${reason} (HTTP ${status}, ${contentType || "no content type"})`, ctx);
    this.status = status;
    this.contentType = contentType;
    this.bodySnippet = bodySnippet;
  }
}

/** The response body exceeded `maxResponseBytes`. */
export class ResponseTooLargeError extends AsmxError {
  override name = "ResponseTooLargeError";
  readonly limit: number;
  constructor(limit: number, ctx: ErrorContext) {
    super("too-large", `response body exceeds maxResponseBytes (${limit} bytes)`, ctx);
    this.limit = limit;
  }
}

/** The call took longer than `timeoutMs` (headers and body together). */
export class TimeoutError extends AsmxError {
  override name = "TimeoutError";
  readonly timeoutMs: number;
  constructor(timeoutMs: number, ctx: ErrorContext) {
    super("timeout", `no complete response within ${timeoutMs} ms`, ctx);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller's AbortSignal fired. */
export class AbortError extends AsmxError {
  override name = "AbortError";
  constructor(reason: unknown, ctx: ErrorContext) {
    super("aborted", "the call was aborted", ctx, { cause: reason });
  }
}

/** The request could not be sent or the response could not be read (DNS, refused, reset). */
export class NetworkError extends AsmxError {
  override name = "NetworkError";
  constructor(cause: unknown, ctx: ErrorContext) {
    super("network", `network failure: ${cause instanceof Error ? cause.message : String(cause)}`, ctx, { cause });
  }
}

/** Replaces every occurrence of each secret (and its URL/form encodings) with `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), encodeURIComponent(secret).replace(/%20/g, "+")])) {
      out = out.split(form).join("***");
    }
  }
  return out;
}
