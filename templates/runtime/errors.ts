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
  ctx.operation === undefined
    ? ""
    : ctx.binding === undefined
      ? `${ctx.operation}: `
      : `${ctx.operation} (${ctx.binding}): `;

const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARKS = /[\uE000\uE001]/g;
const MARKED = /\uE000([^\uE000\uE001]*)\uE001/g;

/**
 * Marks text that came from outside the client (a value the caller passed, server text, a URL,
 * a body) inside one of our own messages: only marked text is redacted, so the fixed wording of a
 * message is never rewritten, however short the password.
 */
export function outside(text: string): string {
  return OPEN + text.replace(MARKS, "") + CLOSE;
}

/** Our own wording kept as written; the parts marked with `outside()` redacted. */
const clean = (ctx: ErrorContext, text: string): string => {
  const secrets = ctx.secrets ?? [];
  return text.indexOf(OPEN) < 0
    ? text
    : text.replace(MARKED, (_m, inner: string) => (secrets.length === 0 ? inner : redact(inner, secrets)));
};

/** Text that came from outside as a whole (a body snippet, a fault string): redacted throughout. */
const cleanAll = (ctx: ErrorContext, text: string): string => {
  const plain = text.replace(MARKS, "");
  return ctx.secrets === undefined || ctx.secrets.length === 0 ? plain : redact(plain, ctx.secrets);
};

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
      where(ctx) + clean(ctx, message),
      options === undefined || !("cause" in options)
        ? undefined
        : { cause: sanitizeCause(options.cause, ctx.secrets ?? []) },
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
    super("encode", `parameter ${parameter}: ${reason}`, ctx);
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
    const whole = cleanAll(ctx, found);
    const shown = whole.length > 100 ? `${whole.slice(0, 100)}…` : whole;
    const cleanPath = clean(ctx, path);
    const cleanExpected = clean(ctx, expected);
    super("decode", `at ${path || "(document)"}: expected ${expected}, found ${outside(shown)}`, ctx, options);
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
    const cleanMessage = cleanAll(ctx, serviceMessage);
    super(code, `service fault (HTTP ${status}): ${outside(cleanMessage)}`, ctx);
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
    fault: {
      soapVersion: "1.1" | "1.2";
      faultCode: string;
      faultString: string;
      subcodes: readonly string[];
      actor?: string | undefined;
      detail?: string | undefined;
    },
    status: number,
    ctx: ErrorContext,
  ) {
    super("soap-fault", status, fault.faultString, ctx);
    this.soapVersion = fault.soapVersion;
    this.faultCode = cleanAll(ctx, fault.faultCode);
    this.subcodes = Object.freeze(fault.subcodes.map((c) => cleanAll(ctx, c)));
    this.actor = fault.actor === undefined ? undefined : cleanAll(ctx, fault.actor);
    this.detail = fault.detail === undefined ? undefined : cleanAll(ctx, fault.detail);
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
    const cleanType = cleanAll(ctx, contentType);
    super(
      "http-status",
      `${reason} (HTTP ${status}, ${cleanType === "" ? "no content type" : outside(cleanType)})`,
      ctx,
    );
    this.status = status;
    this.contentType = cleanType;
    this.bodySnippet = cleanAll(ctx, bodySnippet);
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

/**
 * The server answered with a redirect (3xx). Redirects are not followed by default, so that the
 * password and the request body never reach another address; `redirect: "same-origin-get"`
 * follows same-origin redirects of HTTP GET calls only.
 */
export class RedirectError extends AsmxError {
  override name = "RedirectError";
  readonly status: number;
  /** The `Location` the server named (redacted), or "" when it is not visible (a browser's opaque redirect). */
  readonly location: string;
  constructor(status: number, location: string, why: string, ctx: ErrorContext) {
    const shown = cleanAll(ctx, location);
    super(
      "redirect",
      `redirect not followed (HTTP ${status}${shown === "" ? "" : ` to ${outside(shown)}`}): ${why}`,
      ctx,
    );
    this.status = status;
    this.location = shown;
  }
}

/** A request middleware threw (or rejected); the call was not sent, or its response was dropped. */
export class MiddlewareError extends AsmxError {
  override name = "MiddlewareError";
  constructor(stage: "onRequest" | "onResponse", cause: unknown, ctx: ErrorContext) {
    super(
      "middleware",
      `middleware ${stage} failed: ${outside(cause instanceof Error ? cause.message : String(cause))}`,
      ctx,
      { cause },
    );
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
    super(
      "network",
      `network failure: ${outside(`${cause instanceof Error ? cause.message : String(cause)}${describeCause(cause)}`)}`,
      ctx,
      { cause },
    );
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

const XML_ESCAPES: Readonly<Record<string, readonly string[]>> = {
  "&": ["&amp;"],
  "<": ["&lt;"],
  ">": ["&gt;"],
  '"': ["&quot;"],
  "'": ["&apos;"],
  "\r": ["&#xD;", "&#13;"],
};
const reEscape = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
const anyCase = (hex: string): string => hex.replace(/[a-fA-F]/g, (c) => `[${c.toUpperCase()}${c.toLowerCase()}]`);
const hexByte = (b: number): string => anyCase(`%${b.toString(16).padStart(2, "0")}`);
const patterns = new Map<string, RegExp>();

function base64Of(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/**
 * The base64 forms of a secret inside a longer base64 text (e.g. `Basic dXNlcjpwYXNz`): for each of
 * the three byte alignments, the characters that depend on the secret's bytes alone; both the
 * standard and the URL-safe alphabet. Only for secrets long enough to give 4+ such characters.
 */
function base64Forms(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const out: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const padded = new Uint8Array(shift + bytes.length);
    padded.set(bytes, shift);
    const b64 = base64Of(padded);
    const n = padded.length;
    const core = b64.slice(shift === 0 ? 0 : shift + 1, 4 * Math.floor(n / 3) + (n % 3));
    if (core.length < 4) continue;
    out.push(reEscape(core));
    const urlSafe = core.replace(/\+/g, "-").replace(/\//g, "_");
    if (urlSafe !== core) out.push(reEscape(urlSafe));
  }
  return out;
}

/**
 * A pattern matching a secret in any of the forms it takes in text, character by character, so
 * that mixtures match too: as is, percent-encoded (either hex case, as encodeURIComponent and
 * the URL parser each write it), `+` for a space (forms), XML-escaped (named, decimal or hex
 * character references), JSON-quoted (`\"`, `\u00e9`); cut short (a prefix of four or more
 * characters followed by "..."); and base64-encoded, alone or inside a longer base64 text.
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
    alts.add(`&#0*${cp};`);
    alts.add(`&#[xX]0*${anyCase(cp.toString(16))};`);
    alts.add(reEscape(JSON.stringify(ch).slice(1, -1)));
    // JSON writers may escape any character as \uXXXX (astral ones as a surrogate pair).
    let units = "";
    for (let i = 0; i < ch.length; i++) units += `\\\\u${anyCase(ch.charCodeAt(i).toString(16).padStart(4, "0"))}`;
    alts.add(units);
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
  const b64 = base64Forms(secret);
  re = new RegExp(`(?:${full}${truncated}${b64.length === 0 ? "" : `|${b64.join("|")}`})`, "g");
  if (patterns.size > 16) patterns.clear();
  patterns.set(secret, re);
  return re;
}

/** Replaces every occurrence of each secret, in any wire form (URL, form, XML, JSON, base64 encodings), with `***`. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    out = out.replace(secretPattern(secret), "***");
  }
  return out;
}

/** Header names whose values are never shown (compared in lower case). */
export const SECRET_HEADERS: readonly string[] = Object.freeze([
  "authorization",
  "cookie",
  "proxy-authorization",
  "set-cookie",
]);

/**
 * Headers as hooks and errors may show them: the value of a secret header (the defaults above and
 * any the client names) is `***`; every other value has the secrets redacted.
 */
export function showHeaders(
  headers: Iterable<readonly [string, string]>,
  secretNames: readonly string[],
  secrets: readonly string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of headers) out[k] = secretNames.includes(k.toLowerCase()) ? "***" : redact(v, secrets);
  return out;
}

/**
 * The secrets a header carries: the whole value of each secret header, and its credential part
 * without an auth scheme (`Basic abc` → `abc` too), so that an echo of either is redacted.
 */
export function headerSecrets(headers: Iterable<readonly [string, string]>, secretNames: readonly string[]): string[] {
  const out: string[] = [];
  for (const [k, v] of headers) {
    if (!secretNames.includes(k.toLowerCase()) || v.trim() === "") continue;
    out.push(v);
    const m = /^[A-Za-z][\w-]* +(\S.*)$/.exec(v.trim());
    if (m?.[1] !== undefined) out.push(m[1]);
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
  const inner =
    depth < 8 && cause.cause !== undefined ? { cause: sanitizeCause(cause.cause, secrets, depth + 1) } : undefined;
  const copy = new Error(redact(cause.message, secrets), inner);
  copy.name = cause.name;
  for (const [k, v] of Object.entries(cause)) {
    if (k === "cause" || k === "stack" || k === "message") continue;
    if (typeof v === "string") Object.assign(copy, { [k]: redact(v, secrets) });
    else if (typeof v === "number" || typeof v === "boolean") Object.assign(copy, { [k]: v });
  }
  return copy;
}
