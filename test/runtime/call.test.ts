/**
 * How a call invokes fetch. A browser's fetch is a WebIDL operation that checks its receiver: called with
 * `this` set to anything but the global object (or undefined) it throws "Illegal invocation". The runtime
 * keeps the fetch in its config object, so it must call it unbound, never as `config.fetch(...)`.
 */
import { describe, expect, it } from "vitest";
import { GetSmsPriceOperation, createConfig, invoke } from "../../generated/src/index.ts";

const okBody = `<?xml version="1.0" encoding="utf-8"?><double xmlns="http://tempuri.org/">1.5</double>`;

/** A fetch with the browser's receiver check. */
function browserLikeFetch(receivers: unknown[]): typeof fetch {
  return function (this: unknown) {
    receivers.push(this);
    if (this !== undefined && this !== globalThis) {
      return Promise.reject(new TypeError("Failed to execute 'fetch' on 'Window': Illegal invocation"));
    }
    return Promise.resolve(new Response(okBody, { status: 200, headers: { "content-type": "text/xml; charset=utf-8" } }));
  } as typeof fetch;
}

describe("fetch is called unbound", () => {
  it("a fetch that checks its receiver (as browsers do) gets undefined, and the call succeeds", async () => {
    const receivers: unknown[] = [];
    const config = createConfig({
      baseUrl: "https://h.test",
      binding: "httpGet",
      credentials: { username: "u", password: "p" },
      fetch: browserLikeFetch(receivers),
    });
    const params = { OperatorACount: 1, OperatorBCount: 2, from: "f", text: "t" };
    await expect(invoke(config, GetSmsPriceOperation, params)).resolves.toBe(1.5);
    expect(receivers).toEqual([undefined]);
  });
});
