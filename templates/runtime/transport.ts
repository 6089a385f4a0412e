/**
 * What the client needs from `fetch`, and no more: the global `fetch`, a test double and the
 * Node transport (`<package>/node`, on node:http with keep-alive) all fit these shapes, so the
 * main entry stays free of anything a runtime might lack.
 */

/** The request the client hands to its fetch. `redirect` is always `"manual"`: redirects are decided by the client. */
export interface FetchRequestInit {
  readonly method: "GET" | "POST";
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
  readonly signal: AbortSignal;
  readonly redirect: "manual";
}

/** A reader of the response body (the shape of a `ReadableStreamDefaultReader`). */
export interface FetchBodyReader {
  read(): Promise<{ readonly done: boolean; readonly value?: Uint8Array | undefined }>;
  cancel(reason?: unknown): Promise<void>;
}

/** The response body (the part of a `ReadableStream` the client uses). */
export interface FetchBody {
  getReader(): FetchBodyReader;
  cancel(reason?: unknown): Promise<void>;
}

/** The response (the part of a fetch `Response` the client uses). */
export interface FetchResponse {
  readonly status: number;
  /** `"opaqueredirect"` when a browser hides a redirect from the page. */
  readonly type?: string | undefined;
  readonly headers: { get(name: string): string | null };
  readonly body: FetchBody | null;
}

/** A fetch function: the global `fetch` fits. */
export type FetchLike = (url: string, init: FetchRequestInit) => Promise<FetchResponse>;
