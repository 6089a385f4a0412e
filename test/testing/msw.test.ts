/** The MSW entry: `mock.handlers` answer the app's own fetch in every binding; other requests fall through. */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, expect, test } from "vitest";
import { BINDINGS, createClient } from "../../generated/src/index.ts";
import { createMockService } from "../../generated/src/testing/msw.ts";

const mock = createMockService({ codes: { RemoveCode: (p) => p.CodeId * 2 } }, { baseUrl: "https://sms.example.com" });
const server = setupServer(...mock.handlers, http.get("https://sms.example.com/other", () => HttpResponse.text("other handler")));
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(() => server.close());

test("answers every binding through the global fetch", async () => {
  for (const binding of BINDINGS) {
    const client = createClient({ baseUrl: "https://sms.example.com", binding, credentials: { username: "u", password: "p" } });
    expect(await client.codes.RemoveCode({ CodeId: 21 })).toBe(42);
  }
  expect(mock.calls.map((c) => c.binding)).toEqual([...BINDINGS]);
});

test("requests that are not the service's fall through to the next handler; other origins are not matched", async () => {
  expect(await (await fetch("https://sms.example.com/other")).text()).toBe("other handler");
  await expect(fetch("https://elsewhere.example.com/post/codes.asmx/RemoveCode?CodeId=1")).rejects.toThrow();
});
