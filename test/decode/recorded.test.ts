/**
 * Offline decoder test on real ASMX responses (no Mono needed): every recording in test/fixtures/responses
 * (made by `npx tsx test/interop/record-fixtures.ts`: every operation × binding plus null / empty / one / fault /
 * special-double variants) is
 *   1. decoded with decodeResponse(<Op>Operation, binding, body) and compared with the value the server logged as
 *      returned (`returned`, canonical form, see test/interop/log.ts) — SOAP faults must throw SoapFaultError;
 *   2. replayed through the whole client (invoke with a fetch that answers the recorded status, Content-Type and
 *      body), so status and content-type handling is covered too — HTTP GET/POST faults must give HttpFaultError.
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import {
  AsmxError,
  HttpFaultError,
  ServiceFaultError,
  SoapFaultError,
  createConfig,
  decodeResponse,
  invoke,
} from "../../generated/src/index.ts";
import { BINDING_LIST, OPERATIONS, OPERATION_BY_NAME, casesFor, comparableDecoded, comparableReturned } from "../interop/cases.ts";
import type { Canonical } from "../interop/log.ts";
import type { Recording } from "../interop/record-fixtures.ts";

const DIR = new URL("../fixtures/responses/", import.meta.url);
const files = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .sort();
const recordings: [string, Recording][] = files.map((f) => [f, JSON.parse(readFileSync(new URL(f, DIR), "utf8")) as Recording]);

describe("recorded ASMX responses decode to what the server returned", () => {
  test("every operation × binding is recorded, plus variants", () => {
    const plain = new Set(recordings.filter(([, r]) => r.variant === null).map(([, r]) => `${r.operation}.${r.binding}`));
    const missing = OPERATIONS.flatMap(({ name }) => BINDING_LIST.map((b) => `${name}.${b}`)).filter((k) => !plain.has(k));
    expect(missing).toEqual([]);
    expect(plain.size).toBe(140);
    const variants = new Set(recordings.map(([, r]) => r.variant).filter((v) => v !== null));
    for (const v of ["null", "empty", "one", "fault"]) expect(variants.has(v), v).toBe(true);
  });

  for (const [file, rec] of recordings) {
    test(file, async () => {
      const entry = OPERATION_BY_NAME.get(rec.operation);
      expect(entry, `unknown operation ${rec.operation}`).toBeDefined();
      const { op } = entry!;
      const soap = rec.binding === "soap11" || rec.binding === "soap12";

      // 1. decodeResponse on the body
      if (rec.fault === null) {
        expect(rec.status).toBe(200);
        const value = decodeResponse(op, rec.binding, rec.body);
        expect(comparableDecoded(op, value)).toEqual(comparableReturned(op, rec.returned as Canonical));
      } else if (soap) {
        let err: unknown;
        try {
          decodeResponse(op, rec.binding, rec.body, { status: rec.status });
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(SoapFaultError);
        const f = err as SoapFaultError;
        expect(f.status).toBe(500);
        expect(f.soapVersion).toBe(rec.binding === "soap11" ? "1.1" : "1.2");
        expect(f.faultCode).toBe(rec.binding === "soap11" ? "soap:Server" : "soap:Receiver");
        expect(f.serviceMessage).toContain(rec.fault);
      }

      // 2. replay through the client
      const replay: typeof fetch = async () =>
        new Response(rec.body, { status: rec.status, headers: { "content-type": rec.contentType } });
      const config = createConfig({
        baseUrl: "http://recorded.invalid",
        credentials: { username: rec.request.username, password: rec.request.password },
        binding: rec.binding,
        fetch: replay,
      });
      const params = casesFor(rec.operation, rec.binding);
      if (rec.fault === null) {
        const value = await invoke(config, op, params);
        expect(comparableDecoded(op, value)).toEqual(comparableReturned(op, rec.returned as Canonical));
      } else {
        const err = await invoke(config, op, params).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(AsmxError);
        expect(err).toBeInstanceOf(ServiceFaultError);
        expect(err).toBeInstanceOf(soap ? SoapFaultError : HttpFaultError);
        expect((err as ServiceFaultError).status).toBe(500);
        expect((err as ServiceFaultError).serviceMessage).toContain(rec.fault);
        expect(String(err)).not.toContain(rec.request.password);
      }
    });
  }
});
