/**
 * The mock's behaviour beyond the differential suites: the call log (order, typed params,
 * redaction), unhandled operations, handler exceptions and faults with code, actor and detail in
 * every binding, handler values that do not fit the result type, the namespace option, and
 * `mock.listen()` (a real HTTP server on 127.0.0.1, closed cleanly).
 */
import { describe, expect, test } from "vitest";
import { BINDINGS, HttpFaultError, SoapFaultError, XsdDateTime, createClient } from "../../generated/src/index.ts";
import { createMockService, fault, httpFault, soapFault } from "../../generated/src/testing/index.ts";

const creds = { username: "me", password: "s3cret!" };
const clientFor = (f: typeof fetch, binding: (typeof BINDINGS)[number] = "soap11", namespace?: string) =>
  createClient({ baseUrl: "http://mock.test", credentials: creds, binding, fetch: f, ...(namespace === undefined ? {} : { namespace }) });

describe("the call log", () => {
  test("every call in order, with typed params; the password redacted unless asked", async () => {
    const mock = createMockService({ send: { GetSmsPrice: (p) => p.OperatorACount + 0.5 }, codes: { RemoveCode: (p, ctx) => (ctx.credentials.password === creds.password ? p.CodeId : -1) } });
    for (const b of BINDINGS) {
      expect(await clientFor(mock.fetch, b).send.GetSmsPrice({ OperatorACount: 2, OperatorBCount: 3, from: "f", text: "t" })).toBe(2.5);
      expect(await clientFor(mock.fetch, b).codes.RemoveCode({ CodeId: 7 }), "the handler sees the real password").toBe(7);
    }
    expect(mock.calls.map((c) => `${c.operation}/${c.binding}`)).toEqual(BINDINGS.flatMap((b) => [`GetSmsPrice/${b}`, `RemoveCode/${b}`]));
    const first = mock.calls[0]!;
    if (first.operation !== "GetSmsPrice") throw new Error("narrowing");
    expect(first.params.OperatorACount).toBe(2);
    expect(first).toMatchObject({ endpoint: "send", credentials: { username: "me", password: "***" }, handled: true });
    expect(JSON.stringify(mock.calls)).not.toContain(creds.password);
    mock.reset();
    expect(mock.calls).toHaveLength(0);

    const revealing = createMockService({ codes: { RemoveCode: () => 1 } }, { revealSecrets: true });
    await clientFor(revealing.fetch).codes.RemoveCode({ CodeId: 1 });
    expect(revealing.calls[0]?.credentials.password).toBe(creds.password);
  });
});

describe("faults and unhandled operations", () => {
  test("an operation without a handler answers like an unknown method, naming the handler", async () => {
    const mock = createMockService({});
    for (const b of BINDINGS) {
      const err = await clientFor(mock.fetch, b).codes.RemoveCode({ CodeId: 1 }).catch((e: unknown) => e);
      expect(err, b).toBeInstanceOf(b.startsWith("soap") ? SoapFaultError : HttpFaultError);
      expect((err as Error).message, b).toContain("mock: no handler for codes.RemoveCode");
      if (err instanceof SoapFaultError) expect(err.faultCode).toBe(b === "soap11" ? "soap:Client" : "soap:Sender");
    }
    expect(mock.calls.every((c) => !c.handled)).toBe(true);
  });

  test("fault, soapFault and httpFault in every binding", async () => {
    const mock = createMockService({
      codes: {
        RemoveCode: (p) => {
          if (p.CodeId === 1) throw fault("no such code", { type: "System.ArgumentException" });
          if (p.CodeId === 2) throw soapFault({ code: "Client", message: "bad code", actor: "urn:codes", detail: "<id>2</id> & more" });
          throw httpFault("System.Exception: custom text\n  at Somewhere");
        },
      },
    });
    for (const b of BINDINGS) {
      const c = clientFor(mock.fetch, b).codes;
      const [e1, e2, e3] = await Promise.all([1, 2, 3].map((CodeId) => c.RemoveCode({ CodeId }).catch((e: unknown) => e)));
      if (b === "soap11" || b === "soap12") {
        expect(e1).toMatchObject({ faultCode: b === "soap11" ? "soap:Server" : "soap:Receiver", serviceMessage: "System.Web.Services.Protocols.SoapException: Server was unable to process request. ---> System.ArgumentException: no such code" });
        expect(e2).toMatchObject({ faultCode: b === "soap11" ? "soap:Client" : "soap:Sender", serviceMessage: "bad code", actor: "urn:codes", detail: "<id>2</id> & more" });
        expect(e3).toMatchObject({ serviceMessage: "System.Web.Services.Protocols.SoapException: Server was unable to process request. ---> System.Exception: custom text" });
      } else {
        expect(e1).toMatchObject({ status: 500, serviceMessage: "System.ArgumentException: no such code" });
        expect(e2).toMatchObject({ status: 500, serviceMessage: "System.Web.Services.Protocols.SoapException: bad code" });
        expect(e3).toMatchObject({ status: 500, serviceMessage: "System.Exception: custom text" });
      }
    }
  });

  test("a handler's own exception is the web method's exception; a value that does not fit is a serialization fault naming the field", async () => {
    const mock = createMockService({
      codes: {
        RemoveCode: () => {
          throw new TypeError("x is undefined");
        },
      },
      users: { GetUserDetails: () => ({ UserId: "not a number" }) as never },
    });
    for (const b of BINDINGS) {
      const e1 = await clientFor(mock.fetch, b).codes.RemoveCode({ CodeId: 1 }).catch((e: unknown) => e);
      expect((e1 as Error).message).toContain("System.Exception: TypeError: x is undefined");
      const e2 = await clientFor(mock.fetch, b).users.GetUserDetails({ targetUsername: "x" }).catch((e: unknown) => e);
      expect((e2 as Error).message).toContain("There was an error generating the XML document. ---> users.GetUserDetails handler: result at UserId: expected a number (int), got string");
    }
  });
});

describe("options and plumbing", () => {
  test("a namespace override: the mock answers in the client's namespace", async () => {
    const ns = "urn:example:other";
    const mock = createMockService({ send: { GetSmsPrice: () => 1.5 } }, { namespace: ns });
    for (const b of BINDINGS) expect(await clientFor(mock.fetch, b, ns).send.GetSmsPrice({ OperatorACount: 1, OperatorBCount: 1, from: "", text: "" })).toBe(1.5);
    // A client in the default namespace reaches no handler over SOAP 1.1 (its SOAPAction is unknown here).
    await expect(clientFor(mock.fetch).send.GetSmsPrice({ OperatorACount: 1, OperatorBCount: 1, from: "", text: "" })).rejects.toThrow(/did not recognize the value of HTTP Header SOAPAction/);
  });

  test("dates and byte arrays reach the handler typed; serves() knows the service's paths", async () => {
    let seen: unknown;
    const mock = createMockService({ voice: { UploadVoiceFileByte: (p) => ((seen = p), p.file?.length ?? -1) }, contacts: { AddContactEvents: (p) => (p.eventDate instanceof XsdDateTime ? p.eventDate.second : -1) } });
    expect(await clientFor(mock.fetch, "httpPost").voice.UploadVoiceFileByte({ title: "t", file: Uint8Array.of(0, 255) })).toBe(2);
    expect(seen).toEqual({ title: "t", file: Uint8Array.of(0, 255) });
    expect(await clientFor(mock.fetch, "soap12").contacts.AddContactEvents({ contactId: 1, eventName: "e", eventType: 1, eventDate: XsdDateTime.parse("2024-01-01T00:00:42+03:30") })).toBe(42);
    expect(mock.serves("http://x.test/post/Voice.asmx")).toBe(true);
    expect(mock.serves("http://x.test/post/Voice.asmx/UploadVoiceFileByte")).toBe(true);
    expect(mock.serves("http://x.test/elsewhere")).toBe(false);
  });

  test("listen(): an HTTP server on 127.0.0.1 on a free port, used over the network, closed cleanly", async () => {
    const mock = createMockService({ send: { GetSmsPrice: (p) => p.OperatorBCount } });
    const server = await mock.listen();
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      for (const b of BINDINGS) {
        const client = createClient({ baseUrl: server.url, credentials: creds, binding: b });
        expect(await client.send.GetSmsPrice({ OperatorACount: 0, OperatorBCount: 9, from: "سلام", text: "<&>" })).toBe(9);
      }
      const raw = await fetch(`${server.url}/post/nope.asmx`);
      expect(raw.status).toBe(404);
      await raw.text();
    } finally {
      await server.close();
    }
    await expect(fetch(`${server.url}/post/Send.asmx`)).rejects.toThrow();
    expect(mock.calls.map((c) => c.binding)).toEqual([...BINDINGS]);
  });
});
