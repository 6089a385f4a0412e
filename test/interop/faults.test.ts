/**
 * Faults of the real ASMX server become the client's typed errors, for every operation in every binding:
 * SOAP 1.1/1.2 → SoapFaultError (faultCode, soapVersion, message "fixture fault: <op>"), HTTP GET/POST →
 * HttpFaultError (serviceMessage = the exception's first line); all ServiceFaultError and AsmxError, status 500.
 * The password never appears in the error's message, toString, stack, inspect output, JSON or cause chain.
 */
import { inspect } from "node:util";
import { describe, expect, inject, test } from "vitest";
import {
  AsmxError,
  HttpFaultError,
  HttpStatusError,
  ServiceFaultError,
  SoapFaultError,
  createConfig,
  type Binding,
} from "../../generated/src/index.ts";
import { ALL_BYTES, BINDING_LIST, OPERATIONS, OPERATION_BY_NAME, casesFor, isSoap } from "./cases.ts";
import { LogCursor, uniqueName } from "./log.ts";

const base = inject("asmxBaseUrl");
const logPath = inject("asmxLogPath");

/** Every place an error could carry a secret. */
function errorTexts(err: unknown): string[] {
  const out: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e !== undefined && e !== null && depth < 10; depth++) {
    out.push(String(e), inspect(e, { depth: 10 }), JSON.stringify(e) ?? "");
    if (e instanceof Error) {
      out.push(e.message, e.stack ?? "");
      for (const v of Object.values(e)) if (typeof v === "string") out.push(v);
      e = e.cause;
    } else break;
  }
  return out;
}

/** The password and the forms it could be echoed in. */
const secretForms = (pw: string): string[] => [pw, encodeURIComponent(pw), encodeURIComponent(pw).replace(/%20/g, "+")];

async function fault(name: string, binding: Binding, password: string, params?: Record<string, unknown>): Promise<unknown> {
  const { fn } = OPERATION_BY_NAME.get(name)!;
  const config = createConfig({ baseUrl: base, credentials: { username: "fault", password }, binding });
  try {
    await fn(config, params ?? casesFor(name, binding));
  } catch (err) {
    return err;
  }
  throw new Error(`${name} (${binding}) did not fail`);
}

describe.skipIf(inject("monoMissing"))("service faults become typed errors without the password", () => {
  for (const binding of BINDING_LIST) {
    test(`every operation's fault over ${binding}`, async () => {
      for (const { name } of OPERATIONS) {
        // distinctive, not a magic password, needs URL encoding, no "<letter" (request validation, see below)
        const password = `${uniqueName("Pw")}-پسورد + & "'!`;
        const cursor = new LogCursor(logPath);
        const err = await fault(name, binding, password);
        const what = `${name} (${binding})`;

        expect(err, what).toBeInstanceOf(AsmxError);
        expect(err, what).toBeInstanceOf(ServiceFaultError);
        expect(err, what).toBeInstanceOf(Error);
        const e = err as ServiceFaultError;
        expect(e.status, what).toBe(500);
        expect(e.operation, what).toBe(name);
        expect(e.binding, what).toBe(binding);
        if (isSoap(binding)) {
          expect(err, what).toBeInstanceOf(SoapFaultError);
          const s = err as SoapFaultError;
          expect(s.code).toBe("soap-fault");
          expect(s.soapVersion, what).toBe(binding === "soap11" ? "1.1" : "1.2");
          expect(s.faultCode, what).toBe(binding === "soap11" ? "soap:Server" : "soap:Receiver");
          expect(s.subcodes, what).toEqual([]);
          expect(s.serviceMessage, what).toContain(
            `System.Web.Services.Protocols.SoapException: Server was unable to process request. ---> System.InvalidOperationException: fixture fault: ${name}`,
          );
          expect(s.detail ?? "", what).toBe("");
        } else {
          expect(err, what).toBeInstanceOf(HttpFaultError);
          expect(err, what).not.toBeInstanceOf(SoapFaultError);
          expect(e.code).toBe("http-fault");
          expect(e.serviceMessage, what).toBe(`System.InvalidOperationException: fixture fault: ${name}`);
        }
        expect(e.message, what).toContain(`fixture fault: ${name}`);
        expect(e.message, what).toContain(name);

        for (const text of errorTexts(err)) for (const secret of secretForms(password)) expect(text.includes(secret), `${what}: password in ${text.slice(0, 200)}`).toBe(false);

        // the server did run the method and throw
        const entry = cursor.last(name, (x) => x.params["password"] === password);
        expect(entry?.fault, what).toBe(`fixture fault: ${name}`);
        expect(entry?.returned, what).toBeNull();
      }
    });
  }

  test("a non-fault HTTP error (400: query string too long) does not carry the password either", async () => {
    const password = `${uniqueName("Pw400")}-secret`;
    const config = createConfig({ baseUrl: base, credentials: { username: "u", password }, binding: "httpGet" });
    const { fn } = OPERATION_BY_NAME.get("UploadVoiceFileByte")!;
    const err = await fn(config, { title: "t", file: ALL_BYTES }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpStatusError);
    expect((err as HttpStatusError).status).toBe(400);
    for (const text of errorTexts(err)) for (const secret of secretForms(password)) expect(text.includes(secret), text.slice(0, 200)).toBe(false);
  });

  // ASP.NET request validation rejects a GET/POST value containing "<" before a letter (or "&#"), and its
  // message ECHOES the value, HTML-encoded and cut short:
  //   System.Web.HttpRequestValidationException: A potentially dangerous Request.QueryString value was detected
  //   from the client (password=&quot;&lt;b&gt;Hunter2Secre...&quot;).
  // Found by this suite; redact() now also removes HTML-encoded forms and prefixes cut short with "...".
  for (const binding of ["httpGet", "httpPost"] as const) {
    test(`a request-validation error over ${binding} does not echo the password`, async () => {
      const secret = "Hunter2"; // the echo is truncated to about 15 characters, so look for a short piece
      const password = `<b>${secret}Secret-${uniqueName("x")}`;
      const err = await fault("RemoveCode", binding, password, { CodeId: 1 });
      expect(err).toBeInstanceOf(HttpFaultError);
      expect((err as HttpFaultError).serviceMessage).toMatch(/HttpRequestValidationException/);
      for (const text of errorTexts(err)) expect(text.includes(secret), text.slice(0, 300)).toBe(false);
    });
  }

  test("the request-validation message keeps its shape with the echoed password redacted", async () => {
    const password = `<b>Hunter2Secret-${uniqueName("x")}`;
    const err = (await fault("RemoveCode", "httpPost", password, { CodeId: 1 })) as HttpFaultError;
    expect(err).toBeInstanceOf(HttpFaultError);
    expect(err.serviceMessage).toBe(
      "System.Web.HttpRequestValidationException: A potentially dangerous Request.Form value was detected from the client (password=&quot;***&quot;).",
    );
    expect(err.message.includes(password)).toBe(false);
  });
});
