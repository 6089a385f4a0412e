/**
 * Re-checks the wire-format observations of NOTES.md against the real Mono ASMX server,
 * with hand-written requests, so the notes cannot silently go stale.
 */
import { describe, expect, inject, test } from "vitest";
import { LogCursor, uniqueName } from "./log.ts";
import { NS, call, form, soap, type Params } from "./raw.ts";

const base = inject("asmxBaseUrl");
const logPath = inject("asmxLogPath");
const XMLDECL = `<?xml version="1.0" encoding="utf-8"?>\n`;
const DECLS = `xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`;

const get = async (path: string) => {
  const r = await fetch(`${base}/post/${path}`);
  return { status: r.status, contentType: r.headers.get("content-type") ?? "", body: await r.text() };
};
const post = async (path: string, body: string) => {
  const r = await fetch(`${base}/post/${path}`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });
  return { status: r.status, contentType: r.headers.get("content-type") ?? "", body: await r.text() };
};

describe.skipIf(inject("monoMissing"))("wire format of the real ASMX server (NOTES.md)", () => {
  test("null and empty results in HTTP and SOAP", async () => {
    const nullRec = await get("Users.asmx/GetUserDetails?username=u&password=null&targetUsername=x");
    expect(nullRec.body).toBe(`${XMLDECL}<UserGridList ${DECLS} xsi:nil="true" xmlns="${NS}" />`);
    expect((await get("Schedule.asmx/GetScheduleDetails?username=u&password=p&scheduleId=0")).body).toBe(
      `${XMLDECL}<ScheduleDetails ${DECLS} xsi:nil="true" xmlns="${NS}" />`,
    );
    expect((await get("Actions.asmx/GetSmsQueue?username=u&password=p&Id=0")).body).toBe(`${XMLDECL}<SmsQueueList ${DECLS} xsi:nil="true" xmlns="${NS}" />`);
    expect((await get("Send.asmx/GetDeliveries?recIds=5&username=u&password=null")).body).toBe(`${XMLDECL}<ArrayOfInt ${DECLS} xsi:nil="true" xmlns="${NS}" />`);
    expect((await get("Send.asmx/GetDeliveries?recIds=5&username=u&password=empty")).body).toBe(`${XMLDECL}<ArrayOfInt ${DECLS} xmlns="${NS}" />`);
    const str = "Users.asmx/AddUserWithMobileNumber?username=u&productId=1&mobileNumber=m&firstName=f&lastName=l&email=e&password=";
    expect((await get(`${str}null`)).body).toBe(`${XMLDECL}<string ${DECLS} xsi:nil="true" xmlns="${NS}" />`);
    expect((await get(`${str}empty`)).body).toBe(`${XMLDECL}<string xmlns="${NS}" />`);
    expect((await get(`${str}xml`)).body).toBe(`${XMLDECL}<string xmlns="${NS}">&lt; &gt; &amp; " ' ]]&gt; &amp;amp;</string>`);

    for (const v of ["soap11", "soap12"] as const) {
      const n = await soap(base, v, "Users.asmx", "GetUserDetails", "<username>u</username><password>null</password><targetUsername>x</targetUsername>");
      expect(n.body).toContain(`<soap:Body><GetUserDetailsResponse xmlns="${NS}" /></soap:Body>`);
      const nl = await soap(base, v, "Send.asmx", "GetDeliveries", "<recIds><long>5</long></recIds><username>u</username><password>null</password>");
      expect(nl.body).toContain(`<soap:Body><GetDeliveriesResponse xmlns="${NS}" /></soap:Body>`);
      const el = await soap(base, v, "Send.asmx", "GetDeliveries", "<recIds/><username>u</username><password>empty</password>");
      expect(el.body).toContain(`<GetDeliveriesResponse xmlns="${NS}"><GetDeliveriesResult /></GetDeliveriesResponse>`);
      const es = await soap(base, v, "Users.asmx", "AddUserWithMobileNumber", "<username>u</username><password>empty</password><productId>1</productId>");
      expect(es.body).toContain(`<AddUserWithMobileNumberResponse xmlns="${NS}"><AddUserWithMobileNumberResult /></AddUserWithMobileNumberResponse>`);
    }
  });

  test("null string fields are omitted, empty ones self-closed; CR is sent raw", async () => {
    const r = await get("Users.asmx/GetUserDetails?username=u&password=p&targetUsername=utc");
    expect(r.body).toContain("  <Corporation />\n  <MobileNumbers>");
    expect(r.body).not.toContain("<Email");
    expect(r.body).toContain("<PhoneNumbers>  lead\ttab\r\ncrlf\nlf trail  </PhoneNumbers>");
    expect(r.body).toContain("<FirstName>سلام دنیا</FirstName>");
    expect(r.body).toContain("<FixTariff>true</FixTariff>");
    expect(r.body).toContain("<ExpDate>2024-02-29T23:59:59.9999999Z</ExpDate>");
  });

  test("dateTime output per Kind", async () => {
    const exp = async (t: string) => /<ExpDate>([^<]*)<\/ExpDate>/.exec((await get(`Users.asmx/GetUserDetails?username=u&password=p&targetUsername=${t}`)).body)?.[1];
    expect(await exp("unspec")).toBe("2024-01-02T03:04:05.1234567");
    expect(await exp("utc")).toBe("2024-02-29T23:59:59.9999999Z");
    expect(await exp("local")).toBe("2024-06-15T12:00:00.0005+03:30");
    expect(await exp("min")).toBe("0001-01-01T00:00:00");
    expect(await exp("max")).toBe("9999-12-31T23:59:59.9999999");
  });

  test("double output", async () => {
    const cases: [string, string][] = [
      ["tiny", "4.94065645841247E-324"],
      ["huge", "1.7976931348623157E+308"],
      ["nan", "NaN"],
      ["inf", "INF"],
      ["-inf", "-INF"],
      ["negzero", "-0"],
      ["third", "0.33333333333333331"],
      ["big", "1E+21"],
      ["small", "1E-07"],
    ];
    for (const [pw, text] of cases) {
      const r = await get(`Send.asmx/GetSmsPrice?username=u&password=${pw}&OperatorACount=1&OperatorBCount=2&from=f&text=t`);
      expect(r.body, pw).toBe(`${XMLDECL}<double xmlns="${NS}">${text}</double>`);
    }
  });

  test("booleans: SOAP rejects True, HTTP rejects 1", async () => {
    const inner = (b: string) =>
      `<username>u</username><password>zero</password><rialAmount>1.5</rialAmount><description>d</description><targetUsername>t</targetUsername><getTax>${b}</getTax><getBudget>false</getBudget>`;
    expect((await soap(base, "soap11", "Users.asmx", "ChangeUserCredit3", inner("1"))).status).toBe(200);
    const bad = await soap(base, "soap11", "Users.asmx", "ChangeUserCredit3", inner("True"));
    expect(bad.status).toBe(500);
    expect(bad.body).toContain("<faultcode>soap:Client</faultcode>");
    expect(bad.body).toContain("The string 'True' is not a valid Boolean value.");
    const q = (b: string) => `Users.asmx/ChangeUserCredit3?username=u&password=zero&rialAmount=1.5&description=d&targetUsername=t&getTax=${b}&getBudget=false`;
    expect((await get(q("True"))).status).toBe(200);
    const bad2 = await get(q("1"));
    expect(bad2.status).toBe(500);
    expect(bad2.body).toContain("String was not recognized as a valid Boolean.");
  });

  test("byte[]: base64 in SOAP, one number per byte in GET/POST", async () => {
    const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const log = new LogCursor(logPath);
    const u1 = uniqueName("bytes");
    const s = await soap(base, "soap11", "Voice.asmx", "UploadVoiceFileByte", `<username>${u1}</username><password>length</password><title>t</title><file>${all.toString("base64")}</file>`);
    expect(s.body).toContain("<UploadVoiceFileByteResult>256</UploadVoiceFileByteResult>");
    expect(log.last("UploadVoiceFileByte", (e) => e.params["username"] === u1)?.params["file"]).toBe(all.toString("base64"));

    const u2 = uniqueName("bytes");
    const params: Params = [["username", u2], ["password", "sum"], ["title", "t"], ...[...all].map((b): [string, string] => ["file", String(b)])];
    const p = await post("Voice.asmx/UploadVoiceFileByte", form(params));
    expect(p.body).toBe(`${XMLDECL}<int xmlns="${NS}">32640</int>`);
    expect(log.last("UploadVoiceFileByte", (e) => e.params["username"] === u2)?.params["file"]).toBe(all.toString("base64"));

    const b64 = await get("Voice.asmx/UploadVoiceFileByte?username=u&password=length&title=t&file=AAEC");
    expect(b64.status).toBe(500);
  });

  test("HTTP GET/POST: missing parameters and empty lists are errors", async () => {
    const missing = await get("Send.asmx/GetSmsPrice?username=u&password=p&OperatorACount=3&OperatorBCount=4&from=5000");
    expect(missing.status).toBe(500);
    expect(missing.contentType).toBe("text/plain; charset=utf-8");
    expect(missing.body.startsWith("System.InvalidOperationException: Missing parameter: {0}.\n")).toBe(true);
    const noList = await get("Send.asmx/GetDeliveries?username=u&password=p");
    expect(noList.status).toBe(500);
    expect(noList.body.startsWith("System.NullReferenceException: Object reference not set to an instance of an object\n")).toBe(true);
    const case1 = await get("Send.asmx/getsmsprice?username=u&password=p&OperatorACount=3&OperatorBCount=4&from=5000&text=x");
    expect(case1.status).toBe(500);
    expect(case1.body).toContain("method names are case sensitive");
  });

  test("SOAP: missing, reordered and unqualified parameters are accepted silently", async () => {
    const log = new LogCursor(logPath);
    const u = uniqueName("order");
    const r = await soap(base, "soap11", "Send.asmx", "GetSmsPrice", `<password>p</password><username>${u}</username><OperatorBCount>4</OperatorBCount>`);
    expect(r.status).toBe(200);
    const e = log.last("GetSmsPrice", (x) => x.params["username"] === u)!;
    expect(e.params).toEqual({ username: u, password: "p", OperatorACount: 0, OperatorBCount: 4, from: null, text: null });
    expect(e.soapOrder).toEqual(["password", "username", "OperatorBCount"]);

    const body =
      `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>` +
      `<t:RemoveCode xmlns:t="${NS}"><username>${u}</username><t:password>zero</t:password><CodeId>5</CodeId></t:RemoveCode></soap:Body></soap:Envelope>`;
    const res = await fetch(`${base}/post/codes.asmx`, { method: "POST", headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: `"${NS}RemoveCode"` }, body });
    expect(res.status).toBe(200);
    const e2 = log.last("RemoveCode", (x) => x.params["password"] === "zero" && x.soapChildNamespaces?.[0] === "")!;
    expect(e2.params).toEqual({ username: null, password: "zero", CodeId: 0 });
    expect(e2.soapChildNamespaces).toEqual(["", NS, ""]);
  });

  test("dateTime input: SOAP keeps Z, GET turns it into server-local", async () => {
    const log = new LogCursor(logPath);
    const u = uniqueName("dt");
    await soap(base, "soap11", "contacts.asmx", "AddContactEvents", `<username>${u}</username><password>zero</password><contactId>1</contactId><eventName>n</eventName><eventType>255</eventType><eventDate>2024-01-02T03:04:05.1234567Z</eventDate>`);
    expect(log.last("AddContactEvents", (e) => e.params["username"] === u)?.params["eventDate"]).toEqual({ value: "2024-01-02T03:04:05.1234567Z", kind: "Utc" });
    const u2 = uniqueName("dt");
    await call(base, "httpGet", "contacts.asmx", "AddContactEvents", [
      ["username", u2],
      ["password", "zero"],
      ["contactId", "1"],
      ["eventName", "n"],
      ["eventType", "255"],
      ["eventDate", "2024-01-02T03:04:05.1234567Z"],
    ]);
    expect(log.last("AddContactEvents", (e) => e.params["username"] === u2)?.params["eventDate"]).toEqual({ value: "2024-01-02T06:34:05.1234567+03:30", kind: "Local" });
  });
});
