/** binding.ts: the per-binding table every other runtime module reads. */
import { describe, expect, it } from "vitest";
import { BINDINGS, BINDING_INFO, SOAP11_NS, SOAP12_NS, bindingInfo } from "../../templates/runtime/binding.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { defineOperation } from "../../templates/runtime/descriptor.ts";
import { CODECS } from "../../templates/runtime/codecs.ts";

const op = defineOperation({
  name: "Echo",
  path: "/E.asmx",
  namespace: "http://tempuri.org/",
  soapAction: "http://tempuri.org/Echo",
  params: [{ wire: "text", prop: "text", type: CODECS.string, item: null, optional: false, credential: null }],
  result: { kind: "scalar", type: CODECS.string, item: null, soapElement: "EchoResult", httpRoot: "string", nullable: true },
});

describe("BINDING_INFO", () => {
  it("has one frozen entry per binding, named as its key", () => {
    expect(Object.keys(BINDING_INFO)).toEqual([...BINDINGS]);
    for (const b of BINDINGS) {
      expect(BINDING_INFO[b].name).toBe(b);
      expect(Object.isFrozen(BINDING_INFO[b])).toBe(true);
    }
  });

  it("says what ASMX expects of each binding", () => {
    expect(BINDING_INFO.soap11).toMatchObject({ method: "POST", request: "envelope", envelope: { ns: SOAP11_NS, version: "1.1" }, soapActionHeader: true, result: "soapBody", fault: "soap" });
    expect(BINDING_INFO.soap12).toMatchObject({ method: "POST", envelope: { ns: SOAP12_NS, version: "1.2" }, contentType: "application/soap+xml; charset=utf-8", soapActionHeader: false });
    expect(BINDING_INFO.httpGet).toMatchObject({ method: "GET", request: "query", envelope: null, contentType: null, operationInPath: true, result: "httpRoot", fault: "httpText" });
    expect(BINDING_INFO.httpPost).toMatchObject({ method: "POST", request: "form", contentType: "application/x-www-form-urlencoded", operationInPath: true });
  });

  it("drives the encoder: method, path, content type and SOAPAction come from the table", () => {
    for (const b of BINDINGS) {
      const info = BINDING_INFO[b];
      const req = encodeRequest(op, b, { text: "x" }, undefined, op.namespace);
      expect(req.method).toBe(info.method);
      expect(req.path.startsWith(info.operationInPath ? "/E.asmx/Echo" : "/E.asmx")).toBe(true);
      expect(req.headers["Content-Type"]).toBe(info.contentType ?? undefined);
      expect("SOAPAction" in req.headers).toBe(info.soapActionHeader);
      expect(req.body === null).toBe(info.request === "query");
      if (info.envelope) expect(req.body).toContain(`xmlns:${info.envelope.prefix}="${info.envelope.ns}"`);
    }
  });

  it("looks up names safely", () => {
    expect(bindingInfo("soap12")).toBe(BINDING_INFO.soap12);
    expect(bindingInfo("toString")).toBeUndefined();
    expect(bindingInfo("SOAP11")).toBeUndefined();
  });
});
