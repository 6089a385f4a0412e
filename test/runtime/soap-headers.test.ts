/**
 * SOAP headers ([SoapHeader]) offline: sent in the envelope of both SOAP bindings from the
 * client's and the call's `soapHeaders` (the call's replace the client's header by header), never
 * in HTTP GET/POST (ASMX ignores them there); headers the service sends back (out, inout) are
 * decoded and handed over as `{ result, headers }`; secret fields are redacted like the password.
 * Proven against Mono in test/import/corpus.test.ts (WhoAmI, Traced, EchoDrawing).
 */
import { describe, expect, test } from "vitest";
import { invoke, prepareRequest } from "../../templates/runtime/call.ts";
import { createConfig, type RequestEvent } from "../../templates/runtime/config.ts";
import { decodeResponse } from "../../templates/runtime/decode.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { EncodeError, SoapFaultError } from "../../templates/runtime/errors.ts";
import { EchoDrawing, NS, Traced, soap11 } from "./support/structs.ts";

const session = { SessionHeader: { Key: "k1", Secret: "s3cr3t-value" } };
const tracedOk = (header = "") => soap11(`<TracedResponse xmlns="${NS}"><TracedResult>7</TracedResult></TracedResponse>`, header);

function reply(body: string, status = 200, type = "text/xml; charset=utf-8"): typeof fetch {
  return (async () => new Response(body, { status, headers: { "content-type": type } })) as typeof fetch;
}

describe("headers sent", () => {
  test("in the SOAP envelope of both SOAP bindings, in the operation's namespace, before the body", () => {
    const b11 = encodeRequest(Traced, "soap11", { v: 7 }, undefined, NS, session).body ?? "";
    expect(b11).toContain(`<soap:Header><SessionHeader xmlns="${NS}"><Key>k1</Key><Secret>s3cr3t-value</Secret></SessionHeader></soap:Header><soap:Body>`);
    const b12 = encodeRequest(Traced, "soap12", { v: 7 }, undefined, NS, session).body ?? "";
    expect(b12).toContain(`<soap12:Header><SessionHeader xmlns="${NS}"><Key>k1</Key><Secret>s3cr3t-value</Secret></SessionHeader></soap12:Header><soap12:Body>`);
  });

  test("no header value, no Header element; an out-only header is never sent; unknown header names are ignored (they belong to other operations)", () => {
    expect(encodeRequest(Traced, "soap11", { v: 7 }, undefined, NS).body).not.toContain("Header");
    const receipt = { ReceiptHeader: { Count: 1, Note: "x" }, OtherHeader: { A: 1 } };
    expect(encodeRequest(EchoDrawing, "soap11", {}, undefined, NS, receipt).body).not.toContain("Header");
  });

  test("HTTP GET/POST send no SOAP header: the request is the same with or without one", () => {
    for (const binding of ["httpGet", "httpPost"] as const)
      expect(encodeRequest(Traced, binding, { v: 7 }, undefined, NS, session)).toEqual(encodeRequest(Traced, binding, { v: 7 }, undefined, NS));
  });

  test("a call's soapHeaders replace the client's header by header", () => {
    const config = createConfig({ baseUrl: "https://h.test", fetch: reply(""), soapHeaders: session });
    expect(prepareRequest(config, Traced, { v: 1 }).body).toContain("<Key>k1</Key>");
    expect(prepareRequest(config, Traced, { v: 1 }, { soapHeaders: { SessionHeader: { Key: "k2", Secret: null } } }).body).toContain(
      `<SessionHeader xmlns="${NS}"><Key>k2</Key></SessionHeader>`,
    );
  });

  test("a wrong header value is an EncodeError naming the header and field", () => {
    expect(() => encodeRequest(Traced, "soap11", { v: 7 }, undefined, NS, { SessionHeader: { Key: 1 } })).toThrow(
      new EncodeError("(soapHeaders).SessionHeader.Key", "expected a string, got number", { operation: "Traced", binding: "soap11" }),
    );
  });
});

describe("headers received", () => {
  test("an out/inout header is decoded and handed over with the result; absent, it is null", () => {
    const header = `<SessionHeader xmlns="${NS}" xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" soap:mustUnderstand="0"><Key>seen</Key></SessionHeader><Other xmlns="${NS}"><X/></Other>`;
    expect(decodeResponse(Traced, "soap11", tracedOk(header))).toEqual({ result: 7, headers: { SessionHeader: { Key: "seen", Secret: null } } });
    expect(decodeResponse(Traced, "soap11", tracedOk())).toEqual({ result: 7, headers: { SessionHeader: null } });
    expect(decodeResponse(Traced, "httpGet", `<int xmlns="${NS}">7</int>`)).toEqual({ result: 7, headers: { SessionHeader: null } });
  });

  test("through invoke, over HTTP POST too (no header there: null)", async () => {
    const config = createConfig({ baseUrl: "https://h.test", fetch: reply(`<int xmlns="${NS}">7</int>`) });
    await expect(invoke(config, Traced, { v: 7 }, { binding: "httpPost", soapHeaders: session })).resolves.toEqual({ result: 7, headers: { SessionHeader: null } });
  });
});

describe("secret header fields are redacted like the password", () => {
  test("from the request hooks and middleware see, and from a fault that echoes them", async () => {
    const seen: RequestEvent[] = [];
    const fault = soap11(`<soap:Fault><faultcode>soap:Server</faultcode><faultstring>bad session s3cr3t-value</faultstring></soap:Fault>`);
    const config = createConfig({ baseUrl: "https://h.test", fetch: reply(fault, 500), hooks: { onRequest: (e) => seen.push(e) }, soapHeaders: session });
    const err = await invoke(config, Traced, { v: 7 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SoapFaultError);
    expect((err as Error).message).not.toContain("s3cr3t-value");
    expect((err as Error).message).toContain("bad session ***");
    expect(seen[0]?.body).toContain("<Key>k1</Key><Secret>***</Secret>");
  });

  test("from an EncodeError whose value happens to hold the secret", () => {
    let message = "";
    try {
      encodeRequest(Traced, "soap11", { v: "s3cr3t-value" }, undefined, NS, session);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain("parameter v:");
    expect(message).not.toContain("s3cr3t-value");
  });
});
