/** Decoder behaviour for every result shape, driven by the descriptors (not by how the text looks). */
import { describe, expect, it } from "vitest";
import {
  DecodeError,
  GetDeliveriesOperation,
  GetMessagesAfterIDOperation,
  GetScheduleDetailsOperation,
  GetSmsPriceOperation,
  GetUserDetailsOperation,
  RemoveMessagesOperation,
  SendSMSWithSpeechTextOperation,
  SoapFaultError,
  decodeResponse,
  type RecordDescriptor,
} from "../../generated/src/index.ts";

const soap11 = (inner: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const soap12 = (inner: string) =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const ns = `xmlns="http://tempuri.org/"`;

const schedule = (extra = "") =>
  `<ScheduleID>7</ScheduleID><Sender>09121234567</Sender>${extra}<Body></Body><BodyParts>1</BodyParts><TotalCount>2</TotalCount><SentCount>1</SentCount><FailedCount>0</FailedCount><ScheduleDate>2024</ScheduleDate><SendDate>x</SendDate><SendStatus>255</SendStatus><ScheduleStatus>0</ScheduleStatus>`;

function decodeError(fn: () => unknown): DecodeError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DecodeError) return err;
    throw err;
  }
  throw new Error("expected a DecodeError");
}

describe("scalar results", () => {
  it("decodes by the descriptor's type: a phone-number-looking string stays a string", () => {
    expect(decodeResponse(SendSMSWithSpeechTextOperation, "soap11", soap11(`<SendSMSWithSpeechTextResponse ${ns}><SendSMSWithSpeechTextResult>09120000001</SendSMSWithSpeechTextResult></SendSMSWithSpeechTextResponse>`))).toBe("09120000001");
    expect(decodeResponse(GetSmsPriceOperation, "httpGet", `<?xml version="1.0" encoding="utf-8"?>\n<double ${ns}>1E+21</double>`)).toBe(1e21);
    expect(decodeResponse(GetSmsPriceOperation, "soap12", soap12(`<GetSmsPriceResponse ${ns}><GetSmsPriceResult>-INF</GetSmsPriceResult></GetSmsPriceResponse>`))).toBe(-Infinity);
  });

  it("tells a null string (element absent / xsi:nil) from an empty one", () => {
    expect(decodeResponse(SendSMSWithSpeechTextOperation, "soap11", soap11(`<SendSMSWithSpeechTextResponse ${ns} />`))).toBeNull();
    expect(decodeResponse(SendSMSWithSpeechTextOperation, "soap11", soap11(`<SendSMSWithSpeechTextResponse ${ns}><SendSMSWithSpeechTextResult /></SendSMSWithSpeechTextResponse>`))).toBe("");
    expect(decodeResponse(SendSMSWithSpeechTextOperation, "httpPost", `<string xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" ${ns} />`)).toBeNull();
    expect(decodeResponse(SendSMSWithSpeechTextOperation, "httpPost", `<string ${ns} />`)).toBe("");
  });

  it("refuses a missing non-nullable result", () => {
    const err = decodeError(() => decodeResponse(RemoveMessagesOperation, "soap11", soap11(`<RemoveMessagesResponse ${ns} />`)));
    expect(err.message).toBe("RemoveMessages (soap11): at (document): expected element RemoveMessagesResult, found empty <RemoveMessagesResponse>");
  });
});

describe("list results", () => {
  it("one element is still an array; empty is []; absent is null", () => {
    const one = decodeResponse(GetDeliveriesOperation, "soap11", soap11(`<GetDeliveriesResponse ${ns}><GetDeliveriesResult><int>-5</int></GetDeliveriesResult></GetDeliveriesResponse>`));
    expect(one).toEqual([-5]);
    expect(decodeResponse(GetDeliveriesOperation, "soap11", soap11(`<GetDeliveriesResponse ${ns}><GetDeliveriesResult /></GetDeliveriesResponse>`))).toEqual([]);
    expect(decodeResponse(GetDeliveriesOperation, "soap11", soap11(`<GetDeliveriesResponse ${ns} />`))).toBeNull();
    expect(decodeResponse(GetDeliveriesOperation, "httpGet", `<ArrayOfInt xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ${ns} />`)).toEqual([]);
    expect(decodeResponse(GetDeliveriesOperation, "httpGet", `<ArrayOfInt xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" ${ns} />`)).toBeNull();
    expect(decodeResponse(GetDeliveriesOperation, "httpGet", `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfInt ${ns}>\n  <int>1</int>\n  <int>2147483647</int>\n</ArrayOfInt>`)).toEqual([1, 2147483647]);
  });

  it("names the path of a bad value: operation result, index and field", () => {
    const good = `<MessagesBL><MsgID>1</MsgID><UserID>1</UserID><LinkID>2</LinkID><NumberID>3</NumberID><Tariff>0.5</Tariff><MsgType>1</MsgType><SendDate>2024-01-01T00:00:00</SendDate><FirstLocation>1</FirstLocation><CurrentLocation>1</CurrentLocation><Parts>1</Parts><IsFlash>false</IsFlash><IsRead>true</IsRead><IsUnicode>true</IsUnicode><Credit>1</Credit><Module>0</Module><RecCount>0</RecCount><RecFailed>0</RecFailed><RecSuccess>0</RecSuccess><IsMoneyBack>false</IsMoneyBack><UserStepedMaster>0</UserStepedMaster><UserMaster>0</UserMaster><MoneyBackCount>0</MoneyBackCount><MoneyBackLevel>0</MoneyBackLevel><AutoSpeechText>false</AutoSpeechText><ShareServiceBodyID>0</ShareServiceBodyID><OperatorABackCount>0</OperatorABackCount></MessagesBL>`;
    const bad = good.replace("<SendDate>2024-01-01T00:00:00</SendDate>", "<SendDate>yesterday</SendDate>");
    const list = decodeResponse(GetMessagesAfterIDOperation, "soap11", soap11(`<GetMessagesAfterIDResponse ${ns}><GetMessagesAfterIDResult>${good}</GetMessagesAfterIDResult></GetMessagesAfterIDResponse>`));
    expect(list?.[0]?.MsgID).toBe(1n);
    expect(list?.[0]?.Body).toBeNull(); // omitted string field
    const err = decodeError(() =>
      decodeResponse(GetMessagesAfterIDOperation, "soap11", soap11(`<GetMessagesAfterIDResponse ${ns}><GetMessagesAfterIDResult>${good}${good}${good}${bad}</GetMessagesAfterIDResult></GetMessagesAfterIDResponse>`)),
    );
    expect(err.path).toBe("GetMessagesAfterIDResult[3].SendDate");
    expect(err.expected).toBe("dateTime");
    expect(err.found).toBe('"yesterday"');
    expect(err.operation).toBe("GetMessagesAfterID");
    expect(err.binding).toBe("soap11");
    const missing = decodeError(() => decodeResponse(GetMessagesAfterIDOperation, "httpGet", `<ArrayOfMessagesBL ${ns}>${good.replace("<MsgID>1</MsgID>", "")}</ArrayOfMessagesBL>`));
    expect(missing.path).toBe("ArrayOfMessagesBL[0].MsgID");
    expect(missing.expected).toBe("element MsgID (long)");
  });

  it("keeps long values above 2^53 exact", () => {
    const r = decodeResponse(GetDeliveriesOperation, "soap11", soap11(`<GetDeliveriesResponse ${ns}><GetDeliveriesResult><int>2147483647</int><int>-2147483648</int></GetDeliveriesResult></GetDeliveriesResponse>`));
    expect(r).toEqual([2147483647, -2147483648]);
    const err = decodeError(() => decodeResponse(GetDeliveriesOperation, "soap11", soap11(`<GetDeliveriesResponse ${ns}><GetDeliveriesResult><int>2147483648</int></GetDeliveriesResult></GetDeliveriesResponse>`)));
    expect(err.path).toBe("GetDeliveriesResult[0]");
  });
});

describe("record results", () => {
  it("decodes the record under its wire name, with exact spellings", () => {
    const user = decodeResponse(
      GetUserDetailsOperation,
      "httpGet",
      `<UserGridList ${ns}><UserId>1</UserId><Desctiptions>d</Desctiptions><UserStatus>3</UserStatus><FixTariff>true</FixTariff><MaxTicket>0</MaxTicket><MaxOrderNumber>0</MaxOrderNumber><AccessToBranchs>false</AccessToBranchs><BulkReport>false</BulkReport><EnableDelivery>true</EnableDelivery><ProductId>0</ProductId><UserOwner>0</UserOwner><IsLegal>false</IsLegal><userType>2</userType><TariffID>0</TariffID><ExpDate>2025-01-01T00:00:00</ExpDate></UserGridList>`,
    );
    expect(user?.Desctiptions).toBe("d");
    expect(user?.userType).toBe(2);
    expect(user?.UserName).toBeNull();
    expect(user?.ExpDate.toString()).toBe("2025-01-01T00:00:00");
  });

  it("fills records the same through the generated setter and without one (descriptors of older generators)", () => {
    const doc = `<UserGridList ${ns}><UserId>1</UserId><Desctiptions>d</Desctiptions><UserStatus>3</UserStatus><FixTariff>true</FixTariff><MaxTicket>0</MaxTicket><MaxOrderNumber>0</MaxOrderNumber><AccessToBranchs>false</AccessToBranchs><BulkReport>false</BulkReport><EnableDelivery>true</EnableDelivery><ProductId>0</ProductId><UserOwner>0</UserOwner><IsLegal>false</IsLegal><userType>2</userType><TariffID>0</TariffID><ExpDate>2025-01-01T00:00:00</ExpDate></UserGridList>`;
    const record = GetUserDetailsOperation.result.type as RecordDescriptor;
    expect(record.set).toBeTypeOf("function");
    const { set: _set, ...withoutSet } = { ...record, fields: record.fields };
    const op = { ...GetUserDetailsOperation, result: { ...GetUserDetailsOperation.result, type: withoutSet as RecordDescriptor } };
    const viaSetter = decodeResponse(GetUserDetailsOperation, "httpGet", doc);
    const viaKeys = decodeResponse(op, "httpGet", doc);
    expect(viaKeys).toEqual(viaSetter);
    expect(Object.keys(viaKeys as object)).toEqual(record.fields.map((f) => f.prop));
    expect(viaSetter?.UserName).toBeNull();
  });

  it("null record: SOAP omits the result, HTTP sends xsi:nil", () => {
    expect(decodeResponse(GetScheduleDetailsOperation, "soap12", soap12(`<GetScheduleDetailsResponse ${ns} />`))).toBeNull();
    expect(decodeResponse(GetScheduleDetailsOperation, "httpGet", `<ScheduleDetails xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:nil="true" ${ns} />`)).toBeNull();
  });

  it("refuses unknown elements by default, skips them with lenient, and refuses repeated ones either way", () => {
    const doc = soap11(`<GetScheduleDetailsResponse ${ns}><GetScheduleDetailsResult>${schedule("<NewField><x>1</x></NewField>")}</GetScheduleDetailsResult></GetScheduleDetailsResponse>`);
    const strict = decodeError(() => decodeResponse(GetScheduleDetailsOperation, "soap11", doc));
    expect(strict.path).toBe("GetScheduleDetailsResult.NewField");
    expect(strict.found).toBe("unknown element <NewField> (the lenient option skips unknown elements)");
    const r = decodeResponse(GetScheduleDetailsOperation, "soap11", doc, { lenient: true });
    expect(r).toMatchObject({ ScheduleID: 7, Sender: "09121234567", Title: null, Body: "", SendStatus: 255 });
    for (const lenient of [false, true]) {
      const err = decodeError(() => decodeResponse(GetScheduleDetailsOperation, "soap11", soap11(`<GetScheduleDetailsResponse ${ns}><GetScheduleDetailsResult>${schedule("<Title>a</Title><Title>b</Title>")}</GetScheduleDetailsResult></GetScheduleDetailsResponse>`), { lenient }));
      expect(err.path).toBe("GetScheduleDetailsResult.Title");
    }
  });
});

describe("envelopes and roots", () => {
  it("refuses the other SOAP version's envelope, a wrong root and a wrong namespace", () => {
    expect(decodeError(() => decodeResponse(GetSmsPriceOperation, "soap11", soap12(`<GetSmsPriceResponse ${ns}><GetSmsPriceResult>1</GetSmsPriceResult></GetSmsPriceResponse>`))).message).toContain("(a SOAP 1.2 envelope)");
    expect(decodeError(() => decodeResponse(GetSmsPriceOperation, "httpGet", `<int ${ns}>1</int>`)).message).toBe("GetSmsPrice (httpGet): at (document): expected root element double in http://tempuri.org/, found root element <int> in http://tempuri.org/");
    expect(decodeError(() => decodeResponse(GetSmsPriceOperation, "httpGet", `<double xmlns="http://other/">1</double>`)).message).toContain("found root element <double> in http://other/");
    expect(decodeError(() => decodeResponse(GetSmsPriceOperation, "httpGet", `<html><body>Error</body></html>`)).message).toContain("found root element <html>");
  });

  it("accepts another namespace when the client is configured with it", () => {
    expect(decodeResponse(GetSmsPriceOperation, "httpGet", `<double xmlns="http://other/">1.5</double>`, { namespace: "http://other/" })).toBe(1.5);
  });

  it("reads SOAP 1.1 and 1.2 faults into SoapFaultError", () => {
    try {
      decodeResponse(GetSmsPriceOperation, "soap12", soap12(`<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value><soap:Subcode><soap:Value>a:Quota</soap:Value></soap:Subcode></soap:Code><soap:Reason><soap:Text xml:lang="en">Server was unable to process request. ---&gt; boom</soap:Text></soap:Reason><soap:Detail /></soap:Fault>`));
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(SoapFaultError);
      expect(err).toMatchObject({ soapVersion: "1.2", faultCode: "soap:Receiver", subcodes: ["a:Quota"], serviceMessage: "Server was unable to process request. ---> boom" });
    }
    try {
      decodeResponse(GetSmsPriceOperation, "soap11", soap11(`<soap:Fault><faultcode>soap:Server</faultcode><faultstring>boom &amp; more</faultstring><detail><x>why</x></detail></soap:Fault>`), { status: 500 });
      expect.unreachable();
    } catch (err) {
      expect(err).toMatchObject({ soapVersion: "1.1", faultCode: "soap:Server", serviceMessage: "boom & more", detail: "why", status: 500, operation: "GetSmsPrice", binding: "soap11" });
    }
  });

  it("reports a truncated document as a DecodeError, not a TypeError", () => {
    const full = soap11(`<GetSmsPriceResponse ${ns}><GetSmsPriceResult>1</GetSmsPriceResult></GetSmsPriceResponse>`);
    for (let cut = 0; cut < full.length; cut += 7) {
      expect(() => decodeResponse(GetSmsPriceOperation, "soap11", full.slice(0, cut)), String(cut)).toThrow(DecodeError);
    }
  });
});
