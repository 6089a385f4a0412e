/**
 * Offline differential test (no Mono needed): for every recorded Mono response in
 * test/fixtures/responses (232: every operation × binding, plus null / empty / one / fault /
 * special-double variants), the same client call goes to the mock, whose handler returns what the
 * fixture returned (its log's `returned`) or throws the fixture's exception. The mock's body must
 * be byte-identical to Mono's (faults: identical once Mono's stack trace lines are removed), and the
 * client must decode both to the same value or the same error.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { createConfig, type Binding } from "../../generated/src/index.ts";
import { createMockService, fault } from "../../generated/src/testing/index.ts";
import { OPERATION_BY_NAME, casesFor } from "../interop/cases.ts";
import type { Canonical } from "../interop/log.ts";
import type { Recording } from "../interop/record-fixtures.ts";
import { fromCanonical, handlersFor, infoset, withoutStackTrace } from "./support.ts";

const DIR = new URL("../fixtures/responses/", import.meta.url);
const recordings = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => JSON.parse(readFileSync(new URL(f, DIR), "utf8")) as Recording);

/** A mock answering only `name`, with `answer`. */
function mockFor(name: string, answer: () => unknown) {
  const op = OPERATION_BY_NAME.get(name)!.op;
  return { op, mock: createMockService(handlersFor(name, answer)) };
}

async function callCapturing(name: string, binding: Binding, mockFetch: typeof fetch, username: string, password: string) {
  const { fn } = OPERATION_BY_NAME.get(name)!;
  let captured: { status: number; contentType: string; body: string } | undefined;
  const capture: typeof fetch = async (input, init) => {
    const res = await mockFetch(input, init);
    captured = { status: res.status, contentType: res.headers.get("content-type") ?? "", body: await res.clone().text() };
    return res;
  };
  const config = createConfig({ baseUrl: "http://mock.test", credentials: { username, password }, binding, fetch: capture });
  let result: unknown;
  let error: unknown;
  try {
    result = await fn(config, casesFor(name, binding));
  } catch (err) {
    error = err;
  }
  return { result, error, captured: captured! };
}

describe("the mock answers byte for byte what Mono answered (232 recordings)", () => {
  test("there are 232 recordings, 12 of them faults", () => {
    expect(recordings).toHaveLength(232);
    expect(recordings.filter((r) => r.variant === "fault")).toHaveLength(12);
  });

  for (const rec of recordings) {
    test(`${rec.operation}.${rec.binding}${rec.variant === null ? "" : `.${rec.variant}`}`, async () => {
      const isFault = rec.variant === "fault";
      const { op, mock } = mockFor(rec.operation, () => {
        if (isFault) throw fault(rec.fault ?? "", { type: "System.InvalidOperationException" });
        return fromCanonical(OPERATION_BY_NAME.get(rec.operation)!.op, rec.returned as Canonical);
      });
      const { result, error, captured } = await callCapturing(rec.operation, rec.binding, mock.fetch, rec.request.username, rec.request.password);
      expect(captured.status).toBe(rec.status);
      expect(captured.contentType).toBe(rec.contentType);
      if (!isFault) {
        expect(error).toBeUndefined();
        expect(captured.body).toBe(rec.body);
        expect(result).not.toBeUndefined();
      } else {
        expect(error).toBeDefined();
        if (rec.contentType.startsWith("text/plain")) expect(withoutStackTrace(captured.body)).toBe(withoutStackTrace(rec.body));
        else expect(infoset(captured.body, withoutStackTrace)).toEqual(infoset(rec.body, withoutStackTrace));
      }
      void op;
    });
  }
});
