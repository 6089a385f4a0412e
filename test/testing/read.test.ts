/**
 * How the mock reads requests, for what the differential suite does not vary (each case is a
 * finding about ASMX in test/interop/NOTES.md §3, §7, §8, §10): HTTP parameter names are
 * case-insensitive, `+` is a space, a repeated single parameter reads as its values joined by
 * commas, a key without `=` is missing; SOAP parameters in any order, unqualified ones ignored,
 * list items with other names skipped, `xsi:nil` items null, `xsi:nil` on a string parameter "",
 * a missing list null, a SOAP 1.2 envelope sent as text/xml answered in SOAP 1.2.
 */
import { describe, expect, test } from "vitest";
import { XsdDateTime } from "../../generated/src/index.ts";
import { createMockService } from "../../generated/src/testing/index.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { ServiceIndex, readRequest } from "../../templates/testing/read.ts";
import { EchoDrawing, EchoPoints, NS as STRUCTS_NS } from "../runtime/support/structs.ts";

const NS = "http://tempuri.org/";
const XSI = "http://www.w3.org/2001/XMLSchema-instance";
const env = (ns: string, inner: string): string => `<?xml version="1.0"?><s:Envelope xmlns:s="${ns}" xmlns:i="${XSI}"><s:Body>${inner}</s:Body></s:Envelope>`;
const S11 = "http://schemas.xmlsoap.org/soap/envelope/";
const S12 = "http://www.w3.org/2003/05/soap-envelope";

function mock() {
  return createMockService({ send: { GetSmsPrice: () => 1, GetDeliveries: () => [] }, schedule: { AddMultipleSchedule: () => [] } }, { revealSecrets: true });
}

describe("HTTP GET/POST", () => {
  test("names case-insensitive, + is a space, repeats joined by commas, order free", async () => {
    const m = mock();
    const r = await m.fetch("http://x.test/post/Send.asmx/GetSmsPrice?TEXT=a+b%2Bc&from=1&from=2&operatoracount=3&OperatorBCount=4&password=p&username=u");
    expect(r.status).toBe(200);
    await r.text();
    expect(m.calls[0]?.params).toEqual({ OperatorACount: 3, OperatorBCount: 4, from: "1,2", text: "a b+c" });
    expect(m.calls[0]?.credentials).toEqual({ username: "u", password: "p" });
  });

  test("a key without = is a missing parameter; lists repeat the name; POST reads only the body", async () => {
    const m = mock();
    const missing = await m.fetch("http://x.test/post/Send.asmx/GetSmsPrice?username=u&password=p&OperatorACount=1&OperatorBCount=2&from&text=t");
    expect([missing.status, await missing.text()]).toEqual([500, "System.InvalidOperationException: Missing parameter: from.\n"]);
    const list = await m.fetch("http://x.test/post/Send.asmx/GetDeliveries", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded; charset=utf-8" }, body: "username=u&password=p&recIds=1&recIds=-9223372036854775808" });
    expect(list.status).toBe(200);
    await list.text();
    expect(m.calls.at(-1)?.params).toEqual({ recIds: [1n, -9223372036854775808n] });
  });
});

describe("SOAP", () => {
  test("any order; unqualified and unknown elements ignored; missing values defaulted", async () => {
    const m = mock();
    const body = env(S11, `<GetSmsPrice xmlns="${NS}"><text>t</text><x:OperatorBCount xmlns:x="urn:other">9</x:OperatorBCount><nope>1</nope><username>u</username></GetSmsPrice>`);
    const r = await m.fetch("http://x.test/post/Send.asmx", { method: "POST", headers: { "content-type": "text/xml", soapaction: `${NS}GetSmsPrice` }, body });
    expect(r.status).toBe(200);
    await r.text();
    expect(m.calls[0]?.params).toEqual({ OperatorACount: 0, OperatorBCount: 0, from: null, text: "t" });
    expect(m.calls[0]?.credentials).toEqual({ username: "u", password: null });
  });

  test("list items: other names skipped, xsi:nil items null, empty wrapper [], missing list null; nil string parameter reads as \"\"", async () => {
    const m = mock();
    const inner =
      `<to><string>a</string><item>b</item><string i:nil="true"/><string/></to><from i:nil="true"/>` +
      `<text/><isflash>1</isflash><period>Weekly</period>`;
    const r = await m.fetch("http://x.test/post/Schedule.asmx", { method: "POST", headers: { "content-type": "application/soap+xml; charset=utf-8" }, body: env(S12, `<AddMultipleSchedule xmlns="${NS}">${inner}</AddMultipleSchedule>`) });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/soap+xml; charset=utf-8");
    await r.text();
    expect(m.calls[0]?.params).toEqual({ to: ["a", null, ""], from: "", text: [], isflash: true, scheduleDateTime: null, period: "Weekly" });
  });

  test("a SOAP 1.2 envelope sent as text/xml is answered in SOAP 1.2; a SOAP 1.1 envelope sent as application/soap+xml is 415", async () => {
    const m = mock();
    const op = `<GetSmsPrice xmlns="${NS}"><OperatorACount>1</OperatorACount></GetSmsPrice>`;
    const a = await m.fetch("http://x.test/post/Send.asmx", { method: "POST", headers: { "content-type": "text/xml; charset=utf-8" }, body: env(S12, op) });
    expect([a.status, a.headers.get("content-type")]).toEqual([200, "application/soap+xml; charset=utf-8"]);
    expect(await a.text()).toContain(`xmlns:soap="${S12}"`);
    const b = await m.fetch("http://x.test/post/Send.asmx", { method: "POST", headers: { "content-type": "application/soap+xml" }, body: env(S11, op) });
    expect([b.status, await b.text()]).toEqual([415, ""]);
    expect(m.calls.map((c) => c.binding)).toEqual(["soap12"]);
  });

  test("values are read with XSD rules: dateTime text kept, booleans 1/0, doubles INF", async () => {
    const m = createMockService({ contacts: { AddContactEvents: (p) => (p.eventDate instanceof XsdDateTime ? p.eventDate.fraction.length : -1) } });
    const r = await m.fetch("http://x.test/post/contacts.asmx", {
      method: "POST",
      headers: { "content-type": "text/xml" },
      body: env(S11, `<AddContactEvents xmlns="${NS}"><eventDate> 2024-01-02T03:04:05.1234500+03:30 </eventDate><eventType>255</eventType></AddContactEvents>`),
    });
    expect(await r.text()).toContain("<AddContactEventsResult>7</AddContactEventsResult>");
    expect(m.calls[0]?.params).toMatchObject({ eventDate: XsdDateTime.parse("2024-01-02T03:04:05.1234500+03:30"), eventType: 255, contactId: 0 });
  });
});

describe("record parameters (SOAP)", () => {
  const index = new ServiceIndex({ structs: { EchoDrawing, EchoPoints } }, STRUCTS_NS);
  const read = (op: "EchoDrawing" | "EchoPoints", body: string) =>
    readRequest(index, { method: "POST", pathname: "/svc/Structs.asmx", query: "", headers: new Headers({ "content-type": "text/xml; charset=utf-8", soapaction: `"${STRUCTS_NS}${op}"` }), body });
  const drawing = {
    Title: "t <&>",
    Layer: null,
    Origin: { X: 1, Y: 2 },
    Path: [{ X: 3, Y: 4 }],
    Notes: ["", "n"],
    Main: { $type: "Ring", Label: "r", Radius: 2.5, Inner: 1 },
    Shapes: [{ $type: "Shape", Label: null }, { $type: "Square", Label: "s", Side: 3 }],
    Tag: ["x"],
    Version: 5n,
  };

  test("read as the client wrote them: nested records, lists, subtypes, repeated elements, xsi:nil", () => {
    const call = read("EchoDrawing", encodeRequest(EchoDrawing, "soap11", { d: drawing }, undefined, STRUCTS_NS).body ?? "");
    expect(call.kind).toBe("call");
    expect(call.kind === "call" ? call.params : null).toEqual({ d: drawing });
    const points = read("EchoPoints", encodeRequest(EchoPoints, "soap11", { points: [{ X: 1, Y: 2 }] }, undefined, STRUCTS_NS).body ?? "");
    expect(points.kind === "call" ? points.params : null).toEqual({ points: [{ X: 1, Y: 2 }] });
  });

  test("other prefixes for the elements and for xsi are read the same; a missing record parameter is null", () => {
    const body = env(S11, `<q:EchoDrawing xmlns:q="${STRUCTS_NS}"><q:d><q:Layer i:nil="true"/><q:Main xmlns:t="${STRUCTS_NS}" i:type="t:Square"><q:Side>4</q:Side></q:Main><q:Version>1</q:Version></q:d></q:EchoDrawing>`);
    const call = read("EchoDrawing", body);
    expect(call.kind === "call" ? call.params : null).toEqual({ d: { Title: null, Layer: null, Origin: null, Path: null, Notes: null, Main: { $type: "Square", Label: null, Side: 4 }, Shapes: null, Tag: null, Version: 1n } });
    const none = read("EchoDrawing", env(S11, `<EchoDrawing xmlns="${STRUCTS_NS}" />`));
    expect(none.kind === "call" ? none.params : null).toEqual({ d: null });
  });

  test("a record the service could not read is refused with a SOAP fault naming the problem", async () => {
    const refused = read("EchoDrawing", env(S11, `<EchoDrawing xmlns="${STRUCTS_NS}"><d><Version>x</Version></d></EchoDrawing>`));
    expect(refused.kind).toBe("refused");
    const body = refused.kind === "refused" ? refused.response.body : "";
    expect(body).toContain('There is an error in XML document. ---&gt; System.InvalidOperationException: at d.Version: expected long, found "x"</faultstring>');
  });
});
