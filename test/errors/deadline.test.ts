/**
 * Issue 11 item 4: `timeoutMs` and abort signals hold whatever the fetch does. The deadline
 * races the fetch promise and every body read: with a fetch that never settles and ignores its
 * signal, or a body stream that never ends and ignores cancellation, the call rejects with
 * TimeoutError (or AbortError) at once, and what can be cancelled is cancelled.
 * (On main before this change, each of these calls hung forever.)
 */
import { describe, expect, it } from "vitest";
import { AbortError, GetMessagesAfterID, TimeoutError, createConfig, type ClientOptions, type FetchLike, type FetchResponse } from "../../generated/src/index.ts";
import { rejection } from "./support.ts";

const credentials = { username: "u", password: "deadline-pw" };
const params = { location: 1, count: 1, msgId: 0n };
const config = (fetch: FetchLike, extra: Partial<ClientOptions> = {}) => createConfig({ baseUrl: "http://127.0.0.1:9", credentials, fetch, ...extra });

/** A fetch that never settles and ignores its signal; records what it was given. */
function hangingFetch(): { fetch: FetchLike; signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  return {
    signals,
    fetch: (_url, init) => {
      signals.push(init.signal);
      return new Promise<FetchResponse>(() => undefined);
    },
  };
}

/** A response whose body yields `first` (if any) and then never ends, ignoring cancel. */
function stallingResponse(status: number, contentType: string, first: string | null): { response: FetchResponse; cancels: number[] } {
  const cancels: number[] = [];
  let sent = first === null;
  const reader = {
    read: () => {
      if (!sent) {
        sent = true;
        return Promise.resolve({ done: false, value: new TextEncoder().encode(first ?? "") });
      }
      return new Promise<{ done: boolean; value?: Uint8Array }>(() => undefined);
    },
    cancel: () => {
      cancels.push(Date.now());
      return new Promise<void>(() => undefined); // never settles either
    },
  };
  return {
    cancels,
    response: {
      status,
      headers: { get: (n: string) => (n.toLowerCase() === "content-type" ? contentType : null) },
      body: { getReader: () => reader, cancel: () => new Promise<void>(() => undefined) },
    },
  };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ err: unknown; ms: number }> {
  const t0 = Date.now();
  const err = await rejection(fn);
  return { err, ms: Date.now() - t0 };
}

describe("the deadline does not depend on the fetch honouring its signal", () => {
  it("a fetch that never settles: TimeoutError at the deadline, and the signal given to fetch is aborted", async () => {
    const h = hangingFetch();
    const { err, ms } = await timed(() => GetMessagesAfterID(config(h.fetch, { timeoutMs: 150 }), params));
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).message).toBe("GetMessagesAfterID (soap11): no complete response within 150 ms");
    expect(ms).toBeGreaterThanOrEqual(140);
    expect(ms).toBeLessThan(2_000);
    expect(h.signals[0]?.aborted).toBe(true);
  });

  it("a 200 body that stalls after its first chunk and ignores cancel: TimeoutError, reader cancelled", async () => {
    const s = stallingResponse(200, "text/xml; charset=utf-8", '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>');
    const { err, ms } = await timed(() => GetMessagesAfterID(config(async () => s.response, { timeoutMs: 150 }), params));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(2_000);
    expect(s.cancels.length).toBeGreaterThanOrEqual(1);
  });

  it("an error body (HTTP 500) that never ends: TimeoutError", async () => {
    const s = stallingResponse(500, "text/plain", null);
    const { err, ms } = await timed(() => GetMessagesAfterID(config(async () => s.response, { timeoutMs: 150 }), params, { binding: "httpPost" }));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(ms).toBeLessThan(2_000);
    expect(s.cancels.length).toBeGreaterThanOrEqual(1);
  });

  it("a middleware that never settles is bounded by the deadline too", async () => {
    const h = hangingFetch();
    const { err } = await timed(() => GetMessagesAfterID(config(h.fetch, { timeoutMs: 100, middleware: [{ onRequest: () => new Promise<void>(() => undefined) }] }), params));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(h.signals).toEqual([]); // never sent
  });
});

describe("aborts do not depend on the fetch either", () => {
  it("the caller's signal rejects a hanging fetch with AbortError at once", async () => {
    const h = hangingFetch();
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("user left")), 50);
    const { err, ms } = await timed(() => GetMessagesAfterID(config(h.fetch, { timeoutMs: 0 }), params, { signal: controller.signal }));
    expect(err).toBeInstanceOf(AbortError);
    expect(ms).toBeLessThan(2_000);
    expect(h.signals[0]?.aborted).toBe(true);
  });

  it("the client's signal stops a body that never ends", async () => {
    const s = stallingResponse(200, "text/xml", "<");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const { err } = await timed(() => GetMessagesAfterID(config(async () => s.response, { timeoutMs: 0, signal: controller.signal }), params));
    expect(err).toBeInstanceOf(AbortError);
  });

  it("a fetch that throws synchronously is a NetworkError, not an exception from the call", async () => {
    const cfg = config(() => {
      throw new TypeError("boom");
    });
    const err = await rejection(() => GetMessagesAfterID(cfg, params));
    expect((err as Error).name).toBe("NetworkError");
  });
});
