/**
 * hexBinary, char and QName through the encoder and the decoder, per binding: the forms Mono's
 * ASMX writes and reads (proven live in test/import/corpus.test.ts), offline; malformed answers
 * are DecodeErrors naming the path, bad values EncodeErrors naming the parameter.
 */
import { describe, expect, test } from "vitest";
import { decodeResponse } from "../../templates/runtime/decode.ts";
import { defineOperation, defineRecord, type OperationDescriptor, type ScalarName } from "../../templates/runtime/descriptor.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { DecodeError, EncodeError } from "../../templates/runtime/errors.ts";
import { CODECS } from "../../templates/runtime/codecs.ts";

const NS = "http://corpus.example/scalars/";
const SOAP = (op: string, inner: string, extra = ""): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"${extra}><soap:Body><${op}Response xmlns="${NS}">${inner}</${op}Response></soap:Body></soap:Envelope>`;

function echo(type: ScalarName, httpRoot: string, optional = false): OperationDescriptor {
  return defineOperation({
    name: "Echo",
    path: "/svc/Scalars.asmx",
    namespace: NS,
    soapAction: `${NS}Echo`,
    params: [{ wire: "v", prop: "v", type: CODECS[type], item: null, optional, credential: null }],
    result: { kind: "scalar", type: CODECS[type], item: null, soapElement: "EchoResult", httpRoot, nullable: true },
  });
}

describe("hexBinary", () => {
  const op = echo("hexBinary", "base64Binary", true);
  const bytes = new Uint8Array([0, 1, 127, 128, 255]);
  test("SOAP: hex both ways", () => {
    expect(encodeRequest(op, "soap11", { v: bytes }, undefined, NS).body).toContain("<v>00017F80FF</v>");
    expect(decodeResponse(op, "soap11", SOAP("Echo", "<EchoResult>00017F80FF</EchoResult>"))).toEqual(bytes);
  });
  test("HTTP GET/POST: one decimal per byte; the answer is a base64Binary root", () => {
    expect(encodeRequest(op, "httpGet", { v: bytes }, undefined, NS).path).toBe("/svc/Scalars.asmx/Echo?v=0&v=1&v=127&v=128&v=255");
    expect(encodeRequest(op, "httpPost", { v: bytes }, undefined, NS).body).toBe("v=0&v=1&v=127&v=128&v=255");
    expect(decodeResponse(op, "httpPost", `<?xml version="1.0" encoding="utf-8"?>\n<base64Binary xmlns="${NS}">AAF/gP8=</base64Binary>`)).toEqual(bytes);
  });
  test("an omitted or empty byte array cannot go over HTTP GET/POST; bad hex is a DecodeError with the path", () => {
    expect(() => encodeRequest(op, "httpGet", {}, undefined, NS)).toThrow(EncodeError);
    expect(() => encodeRequest(op, "httpGet", { v: new Uint8Array(0) }, undefined, NS)).toThrow("an empty byte array cannot be sent over httpGet");
    expect(() => decodeResponse(op, "soap11", SOAP("Echo", "<EchoResult>0F0</EchoResult>"))).toThrow(/EchoResult.*hexBinary.*"0F0"/);
  });
  test("inside a record, hexBinary stays hex in HTTP answers too (DataType is a member's own there)", () => {
    const R = defineRecord({ kind: "record", name: "R", wire: "R", fields: [{ wire: "Hex", prop: "Hex", type: CODECS.hexBinary, nullable: true }], create: () => ({ Hex: undefined }) });
    const rop = defineOperation({ ...echo("hexBinary", "R"), params: [], result: { kind: "record", type: R, item: null, soapElement: "EchoResult", httpRoot: "R", nullable: true } });
    expect(decodeResponse(rop, "httpGet", `<R xmlns="${NS}"><Hex>0aFF</Hex></R>`)).toEqual({ Hex: new Uint8Array([10, 255]) });
  });
});

describe("char", () => {
  const op = echo("char", "char");
  test("SOAP: the code unit's number both ways", () => {
    expect(encodeRequest(op, "soap12", { v: "é" }, undefined, NS).body).toContain("<v>233</v>");
    expect(decodeResponse(op, "soap11", SOAP("Echo", "<EchoResult>233</EchoResult>"))).toBe("é");
  });
  test("HTTP GET/POST: the character itself as the parameter, the number in the answer", () => {
    expect(encodeRequest(op, "httpGet", { v: "é" }, undefined, NS).path).toBe("/svc/Scalars.asmx/Echo?v=%C3%A9");
    expect(encodeRequest(op, "httpPost", { v: "\u0000" }, undefined, NS).body).toBe("v=%00");
    expect(decodeResponse(op, "httpGet", `<char xmlns="${NS}">1587</char>`)).toBe("س");
  });
  test("errors name the parameter and the path", () => {
    expect(() => encodeRequest(op, "soap11", { v: "ab" }, undefined, NS)).toThrow("parameter v: a char is one UTF-16 code unit, got 2 code units");
    expect(() => encodeRequest(op, "httpGet", { v: "\uD800" }, undefined, NS)).toThrow("parameter v: a lone surrogate (U+D800) cannot be sent over HTTP GET/POST");
    expect(() => decodeResponse(op, "soap11", SOAP("Echo", "<EchoResult>70000</EchoResult>"))).toThrow(DecodeError);
    expect(() => decodeResponse(op, "soap11", SOAP("Echo", "<EchoResult>70000</EchoResult>"))).toThrow(/EchoResult.*char.*out of range/);
  });
});

describe("QName", () => {
  const op = defineOperation({ ...echo("QName", "QName", true), bindings: ["soap11", "soap12"] });
  const http = echo("QName", "QName", true);
  test("SOAP requests: XmlSerializer's three forms", () => {
    expect(encodeRequest(op, "soap11", { v: { namespace: "urn:x", name: "n" } }, undefined, NS).body).toContain(`<Echo xmlns="${NS}"><v xmlns:q1="urn:x">q1:n</v></Echo>`);
    expect(encodeRequest(op, "soap11", { v: { namespace: NS, name: "n" } }, undefined, NS).body).toContain("<v>n</v>");
    expect(encodeRequest(op, "soap12", { v: { namespace: "", name: "n" } }, undefined, NS).body).toContain(`<q0:v xmlns:q0="${NS}" xmlns="">n</q0:v>`);
    // Another namespace for the service (per client): the element's default namespace is that one.
    expect(encodeRequest(op, "soap11", { v: { namespace: "urn:other", name: "n" } }, undefined, "urn:other").body).toContain("<v>n</v>");
  });
  test("decoding resolves the prefix on the element itself, on an ancestor, or the default namespace", () => {
    expect(decodeResponse(op, "soap11", SOAP("Echo", '<EchoResult xmlns:q1="urn:x">q1:n</EchoResult>'))).toEqual({ namespace: "urn:x", name: "n" });
    expect(decodeResponse(op, "soap11", SOAP("Echo", "<EchoResult>a:n</EchoResult>", ' xmlns:a="urn:a"'))).toEqual({ namespace: "urn:a", name: "n" });
    expect(decodeResponse(op, "soap11", SOAP("Echo", "<EchoResult> n </EchoResult>"))).toEqual({ namespace: NS, name: "n" });
    expect(decodeResponse(op, "soap11", SOAP("Echo", `<q1:EchoResult xmlns="" xmlns:q1="${NS}">n</q1:EchoResult>`))).toEqual({ namespace: "", name: "n" });
  });
  test("HTTP GET/POST answers: the root element QName, in both of ASMX's forms", () => {
    expect(decodeResponse(http, "httpGet", `<?xml version="1.0" encoding="utf-8"?>\n<QName xmlns:q1="urn:a" xmlns="${NS}">q1:n</QName>`)).toEqual({ namespace: "urn:a", name: "n" });
    expect(decodeResponse(http, "httpPost", `<?xml version="1.0" encoding="utf-8"?>\n<q1:QName xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns="" xmlns:q1="${NS}">n</q1:QName>`)).toEqual({ namespace: "", name: "n" });
  });
  test("an undeclared prefix (declared only on a sibling) is a DecodeError at the path; a bad value an EncodeError", () => {
    const body = SOAP("Echo", '<Other xmlns:q1="urn:x" /><EchoResult>q1:n</EchoResult>');
    expect(() => decodeResponse(op, "soap11", body)).toThrow(DecodeError);
    expect(() => decodeResponse(op, "soap11", body)).toThrow(/EchoResult.*QName.*"q1:n"/);
    expect(() => encodeRequest(op, "soap11", { v: "q1:n" }, undefined, NS)).toThrow("parameter v: expected a QName { namespace, name }, got string");
    expect(() => encodeRequest(http, "httpGet", { v: { namespace: "", name: "n" } }, undefined, NS)).toThrow("parameter v: a QName is sent as a SOAP element");
  });
  test("a list of QNames: each item element carries its own declaration", () => {
    const list = defineOperation({ ...op, params: [{ wire: "vs", prop: "vs", type: CODECS.QName, item: "QName", optional: true, credential: null }] });
    expect(encodeRequest(list, "soap11", { vs: [{ namespace: "urn:a", name: "a" }, { namespace: NS, name: "b" }] }, undefined, NS).body).toContain('<vs><QName xmlns:q1="urn:a">q1:a</QName><QName>b</QName></vs>');
    expect(() => encodeRequest(list, "soap11", { vs: [{ namespace: "", name: "1" }] }, undefined, NS)).toThrow("parameter vs[0]: QName name must be an XML name");
  });
});
