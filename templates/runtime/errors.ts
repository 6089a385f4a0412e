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
  /**
   * Texts (the password) that an error built with this context must not show: they are
   * replaced with `***` in its message, its text fields and its cause. Never stored on the error.
   */
  readonly secrets?: readonly string[] | undefined;
}

const where = (ctx: ErrorContext): string =>
  ctx.operation === undefined ? "" : ctx.binding === undefined ? `${ctx.operation}: ` : `${ctx.operation} (${ctx.binding}): `;

/** `text` with the context's secrets redacted. */
const clean = (ctx: ErrorContext, text: string): string => (ctx.secrets === undefined || ctx.secrets.length === 0 ? text : redact(text, ctx.secrets));

/** Base class of every error the client throws. */
export class AsmxError extends Error {
  override name = "AsmxError";
  /** Machine-readable kind, e.g. `soap-fault`, `http-status`, `decode`, `encode`, `timeout`. */
  readonly code: string;
  readonly operation: string | undefined;
  readonly binding: Binding | undefined;

  /**
   * `message` is shown after `Operation (binding): `. Subclasses redact the variable texts they
   * put into it (values, response texts) with the context's secrets, and never the fixed wording,
   * so that even a one-letter password cannot garble a message.
   */
  constructor(code: string, message: string, ctx: ErrorContext, options?: { cause?: unknown }) {
    super(
      where(ctx) + message,
      options === undefined || !("cause" in options) ? undefined : { cause: sanitizeCause(options.cause, ctx.secrets ?? []) },
    );
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
    const cleanParameter = clean(ctx, parameter);
    const cleanReason = clean(ctx, reason);
    super("encode", `parameter ${cleanParameter}: ${cleanReason}`, ctx);
    this.parameter = cleanParameter;
    this.reason = cleanReason;
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
    // Redacted before truncation, so that no prefix of a secret survives the cut.
    const whole = clean(ctx, found);
    const shown = whole.length > 100 ? `${whole.slice(0, 100)}…` : whole;
    const cleanPath = clean(ctx, path);
    const cleanExpected = clean(ctx, expected);
    super("decode", `at ${cleanPath || "(document)"}: expected ${cleanExpected}, found ${shown}`, ctx, options);
    this.path = cleanPath;
    this.expected = cleanExpected;
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
    const cleanMessage = clean(ctx, serviceMessage);
    super(code, `service fault (HTTP ${status}): ${cleanMessage}`, ctx);
    this.status = status;
    this.serviceMessage = cleanMessage;
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
    this.faultCode = clean(ctx, fault.faultCode);
    this.subcodes = Object.freeze(fault.subcodes.map((c) => clean(ctx, c)));
    this.actor = fault.actor === undefined ? undefined : clean(ctx, fault.actor);
    this.detail = fault.detail === undefined ? undefined : clean(ctx, fault.detail);
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
    const cleanType = clean(ctx, contentType);
    super("http-status", `${clean(ctx, reason)} (HTTP ${status}, ${cleanType || "no content type"})`, ctx);
    this.status = status;
    this.contentType = cleanType;
    this.bodySnippet = clean(ctx, bodySnippet);
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
    super("network", `network failure: ${clean(ctx, `${cause instanceof Error ? cause.message : String(cause)}${describeCause(cause)}`)}`, ctx, { cause });
  }
}

/** ` (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:1)`: the innermost cause of a fetch failure, which says what went wrong. */
function describeCause(err: unknown): string {
  let inner: unknown = err instanceof Error ? err.cause : undefined;
  for (let i = 0; i < 4 && inner instanceof Error && inner.cause instanceof Error; i++) inner = inner.cause;
  if (!(inner instanceof Error)) return "";
  const code = (inner as { code?: unknown }).code;
  return ` (${typeof code === "string" ? `${code}: ` : ""}${inner.message})`;
}

const XML_ESCAPES: Readonly<Record<string, readonly string[]>> = { "&": ["&amp;"], "<": ["&lt;"], ">": ["&gt;"], '"': ["&quot;"], "'": ["&apos;"], "\r": ["&#xD;", "&#13;"] };
const reEscape = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
const hexByte = (b: number): string => `%${b.toString(16).toUpperCase().padStart(2, "0")}`.replace(/[A-F]/g, (c) => `[${c}${c.toLowerCase()}]`);
const patterns = new Map<string, RegExp>();

/**
 * A pattern matching a secret in any of the forms it takes in text, character by character, so
 * that mixtures match too: as is, percent-encoded (either hex case, as encodeURIComponent and
 * the URL parser each write it), `+` for a space (forms), XML-escaped, JSON-quoted; and cut short
 * (a prefix of four or more characters followed by "...").
 */
function secretPattern(secret: string): RegExp {
  let re = patterns.get(secret);
  if (re !== undefined) return re;
  const encoder = new TextEncoder();
  const chars: string[] = [];
  for (const ch of secret) {
    const alts = new Set<string>([reEscape(ch), Array.from(encoder.encode(ch), hexByte).join("")]);
    if (ch === " ") alts.add("\\+");
    for (const x of XML_ESCAPES[ch] ?? []) alts.add(reEscape(x));
    const cp = ch.codePointAt(0) ?? 0;
    alts.add(`&#${cp};`);
    alts.add(`&#[xX]0*${cp.toString(16).replace(/[a-f]/g, (c) => `[${c}${c.toUpperCase()}]`)};`);
    alts.add(reEscape(JSON.stringify(ch).slice(1, -1)));
    chars.push(alts.size === 1 ? ([...alts][0] ?? "") : `(?:${[...alts].join("|")})`);
  }
  // Servers that echo a rejected value cut it short and add "..." (ASP.NET request validation
  // does, after about 15 characters): a prefix of 4+ characters followed by "..." is the secret too.
  const full = chars.join("");
  const MIN_PREFIX = 4;
  let truncated = "";
  if (chars.length > MIN_PREFIX) {
    let tail = "";
    for (let i = chars.length - 2; i >= MIN_PREFIX; i--) tail = `(?:${chars[i]}${tail})?`;
    truncated = `|${chars.slice(0, MIN_PREFIX).join("")}${tail}(?:\\.\\.\\.|\u2026)`;
  }
  re = new RegExp(`(?:${full}${truncated})`, "g");
  if (patterns.size > 16) patterns.clear();
  patterns.set(secret, re);
  return re;
}

/** Replaces every occurrence of each secret, in any wire form (URL, form, XML, JSON encodings), with `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    out = out.replace(secretPattern(secret), "***");
  }
  return out;
}

/** Whether a value (an error chain, a string, a plain value) shows any secret. */
function showsSecret(value: unknown, secrets: readonly string[], depth = 0): boolean {
  if (secrets.length === 0 || depth > 8) return false;
  const has = (text: string): boolean => redact(text, secrets) !== text;
  if (typeof value === "string") return has(value);
  if (value instanceof Error) {
    if (has(value.message) || has(String(value.stack ?? ""))) return true;
    for (const v of Object.values(value)) if (showsSecret(v, secrets, depth + 1)) return true;
    return value.cause !== undefined && showsSecret(value.cause, secrets, depth + 1);
  }
  if (value !== null && typeof value === "object") {
    try {
      return has(JSON.stringify(value) ?? "");
    } catch {
      return true; // cannot tell: treat as unsafe
    }
  }
  return false;
}

/**
 * The cause as given when it shows no secret (so `instanceof` on it keeps working); otherwise a
 * plain Error copy with only the name, a redacted message, the primitive own properties
 * (redacted) and a sanitized cause.
 */
export function sanitizeCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
  if (!showsSecret(cause, secrets)) return cause;
  if (typeof cause === "string") return redact(cause, secrets);
  if (!(cause instanceof Error)) return "[value redacted: it contained a secret]";
  const inner = depth < 8 && cause.cause !== undefined ? { cause: sanitizeCause(cause.cause, secrets, depth + 1) } : undefined;
  const copy = new Error(redact(cause.message, secrets), inner);
  copy.name = cause.name;
  for (const [k, v] of Object.entries(cause)) {
    if (k === "cause" || k === "stack" || k === "message") continue;
    if (typeof v === "string") Object.assign(copy, { [k]: redact(v, secrets) });
    else if (typeof v === "number" || typeof v === "boolean") Object.assign(copy, { [k]: v });
  }
  return copy;
}
