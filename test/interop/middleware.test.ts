/**
 * Issue 9: a header added by request middleware reaches the real ASMX runtime (Mono) in all
 * four bindings, through the default fetch and through the Node transport (`<package>/node`).
 * The fixture logs the headers a request names in X-Fixture-Log-Headers (server/Fixture.cs).
 */
import { describe, expect, inject, it } from "vitest";
import { BINDINGS, createClient, type FetchLike, type Middleware } from "../../generated/src/index.ts";
import { createNodeFetch } from "../../generated/src/node/index.ts";
import { LogCursor, uniqueName } from "./log.ts";

const base = inject("asmxBaseUrl");
const logPath = inject("asmxLogPath");

const transports: Array<[string, FetchLike | undefined]> = [
  ["global fetch", undefined],
  ["node transport", createNodeFetch()],
];

describe.skipIf(inject("monoMissing"))("request middleware against the Mono ASMX server", () => {
  for (const [transport, fetch] of transports) {
    it.each(BINDINGS)(`%s (${transport}): headers set by client and call middleware reach the service`, async (binding) => {
      const username = uniqueName("mw");
      const trace = `trace-${username}`;
      const clientMw: Middleware = {
        onRequest: (req) => {
          req.headers.set("X-Fixture-Log-Headers", "X-Trace-Id, X-Call-Mw, X-Absent");
          req.headers.set("X-Trace-Id", trace);
        },
      };
      const statuses: number[] = [];
      const callMw: Middleware = {
        onRequest: (req) => req.headers.set("X-Call-Mw", `${binding}-${req.operation}`),
        onResponse: (res) => void statuses.push(res.status),
      };
      const client = createClient({ baseUrl: base, credentials: { username, password: "pointone" }, binding, middleware: [clientMw], ...(fetch === undefined ? {} : { fetch }) });
      const log = new LogCursor(logPath);
      const price = await client.send.GetSmsPrice({ OperatorACount: 1, OperatorBCount: 2, from: "50001", text: "mw" }, { middleware: [callMw] });
      expect(price).toBe(0.1);
      expect(statuses).toEqual([200]);
      const entry = log.last("GetSmsPrice", (e) => e.params["username"] === username);
      expect(entry?.binding).toBe(binding);
      expect(entry?.headers).toEqual({ "X-Trace-Id": trace, "X-Call-Mw": `${binding}-GetSmsPrice`, "X-Absent": null });
    });
  }
});
