/**
 * Reads a WSDL document from a file or an http(s) URL, with a size limit and (for URLs) a
 * timeout. Bytes are decoded as UTF-8 (what ASMX serves); a document over the limit is refused
 * before it is decoded or parsed.
 */
import { readFileSync, statSync } from "node:fs";

export interface SourceOptions {
  /** Largest accepted document in bytes. Default 16 MiB. */
  readonly maxBytes?: number;
  /** Timeout for URL fetches in milliseconds. Default 30 s. */
  readonly timeoutMs?: number;
  /** fetch implementation (tests). Default globalThis.fetch. */
  readonly fetch?: typeof fetch;
}

export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/** A document could not be read (missing file, HTTP error, timeout, too large). */
export class SourceError extends Error {
  override readonly name = "SourceError";
  constructor(
    readonly source: string,
    message: string,
  ) {
    super(`${source}: ${message}`);
  }
}

export interface LoadedSource {
  /** How the document is named in messages and comments: the URL, or the path as given. */
  readonly name: string;
  readonly text: string;
}

export const isUrl = (s: string): boolean => /^https?:\/\//i.test(s);

const mib = (n: number): string => `${(n / 1024 / 1024).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MiB`;

function decode(source: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new SourceError(source, "not UTF-8 text");
  }
}

async function readUrl(url: string, maxBytes: number, timeoutMs: number, fetchImpl: typeof fetch): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let res: Response;
    try {
      res = await fetchImpl(url, { signal: controller.signal, redirect: "follow", headers: { accept: "text/xml, application/xml" } });
    } catch (err) {
      if (controller.signal.aborted) throw new SourceError(url, `no answer within ${timeoutMs} ms`);
      throw new SourceError(url, `cannot fetch: ${(err as Error).message}${(err as { cause?: Error }).cause ? ` (${(err as { cause: Error }).cause.message})` : ""}`);
    }
    if (!res.ok) throw new SourceError(url, `HTTP ${res.status} ${res.statusText}`.trim());
    const declared = Number(res.headers.get("content-length") ?? "NaN");
    if (declared > maxBytes) throw new SourceError(url, `document is ${declared} bytes, over the ${mib(maxBytes)} limit`);
    const chunks: Uint8Array[] = [];
    let total = 0;
    if (res.body) {
      const reader = res.body.getReader();
      for (;;) {
        let r: ReadableStreamReadResult<Uint8Array>;
        try {
          r = await reader.read();
        } catch {
          if (controller.signal.aborted) throw new SourceError(url, `no complete answer within ${timeoutMs} ms`);
          throw new SourceError(url, "connection lost while reading");
        }
        if (r.done) break;
        total += r.value.byteLength;
        if (total > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new SourceError(url, `document is over the ${mib(maxBytes)} limit`);
        }
        chunks.push(r.value);
      }
    }
    const all = new Uint8Array(total);
    let at = 0;
    for (const c of chunks) {
      all.set(c, at);
      at += c.byteLength;
    }
    return decode(url, all);
  } finally {
    clearTimeout(timer);
  }
}

/** Reads one document. Throws SourceError. */
export async function loadSource(source: string, options: SourceOptions = {}): Promise<LoadedSource> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (isUrl(source)) {
    const text = await readUrl(source, maxBytes, options.timeoutMs ?? 30_000, options.fetch ?? globalThis.fetch);
    return { name: source, text };
  }
  let size: number;
  try {
    size = statSync(source).size;
  } catch (err) {
    throw new SourceError(source, `cannot read: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}`);
  }
  if (size > maxBytes) throw new SourceError(source, `document is ${size} bytes, over the ${mib(maxBytes)} limit`);
  return { name: source, text: decode(source, readFileSync(source)) };
}
