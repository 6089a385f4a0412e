/**
 * Strict decoding where the wire is wrong (issue 11, item 10): xsi:nil with content, an
 * undeclared namespace prefix, an unknown element inside a record, and a double out of range
 * are DecodeErrors; `lenient` relaxes only unknown elements.
 */
import { describe, expect, it } from "vitest";
import { DecodeError, GetScheduleDetailsOperation, GetSmsPriceOperation, SendSMSWithSpeechTextOperation, decodeResponse } from "../../generated/src/index.ts";

const XSI = `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"`;
const soap11 = (inner: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ${XSI}><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const ns = `xmlns="http://tempuri.org/"`;
const speech = (result: string): string => soap11(`<SendSMSWithSpeechTextResponse ${ns}>${result}</SendSMSWithSpeechTextResponse>`);
const schedule = (extra = "", title = "<Title>t</Title>"): string =>
  soap11(
    `<GetScheduleDetailsResponse ${ns}><GetScheduleDetailsResult><ScheduleID>7</ScheduleID><Sender>0912</Sender>${title}${extra}<Body></Body><BodyParts>1</BodyParts><TotalCount>2</TotalCount><SentCount>1</SentCount><FailedCount>0</FailedCount><ScheduleDate>2024-01-01T00:00:00</ScheduleDate><SendDate>2024-01-01T00:00:00</SendDate><SendStatus>255</SendStatus><ScheduleStatus>0</ScheduleStatus></GetScheduleDetailsResult></GetScheduleDetailsResponse>`,
  );

function decodeError(fn: () => unknown): DecodeError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DecodeError) return err;
    throw err;
  }
  throw new Error("expected a DecodeError, got a value");
}

describe("xsi:nil", () => {
  it("nil without content is null; nil with content is a DecodeError naming the path", () => {
    expect(decodeResponse(SendSMSWithSpeechTextOperation, "soap11", speech(`<SendSMSWithSpeechTextResult xsi:nil="true" />`))).toBeNull();
    const e = decodeError(() => decodeResponse(SendSMSWithSpeechTextOperation, "soap11", speech(`<SendSMSWithSpeechTextResult xsi:nil="true">0912</SendSMSWithSpeechTextResult>`)));
    expect(e.path).toBe("SendSMSWithSpeechTextResult");
    expect([e.expected, e.found]).toEqual(["no content (xsi:nil)", "text"]);
    const field = decodeError(() => decodeResponse(GetScheduleDetailsOperation, "soap11", schedule("", `<Title xsi:nil="true">lost</Title>`)));
    expect(field.path).toBe("GetScheduleDetailsResult.Title");
    expect(field.expected).toBe("no content (xsi:nil)");
  });

  it("a nil record with child elements is a DecodeError", () => {
    const doc = soap11(`<GetScheduleDetailsResponse ${ns}><GetScheduleDetailsResult xsi:nil="true"><ScheduleID>7</ScheduleID></GetScheduleDetailsResult></GetScheduleDetailsResponse>`);
    expect(decodeError(() => decodeResponse(GetScheduleDetailsOperation, "soap11", doc)).expected).toBe("no content (xsi:nil)");
  });

  it("nil is recognised by namespace, not by prefix: an undeclared prefix is an error, another namespace is not nil", () => {
    const undeclared = decodeError(() => decodeResponse(SendSMSWithSpeechTextOperation, "soap11", speech(`<SendSMSWithSpeechTextResult zz:nil="true" />`)));
    expect(undeclared.expected).toBe("namespace-well-formed XML");
    expect(undeclared.found).toMatch(/^undeclared namespace prefix in 'zz:nil' \(namespace at offset \d+\)$/);
    // Declared, but not the XSI namespace: an ordinary attribute, so the element is an empty string.
    expect(decodeResponse(SendSMSWithSpeechTextOperation, "soap11", speech(`<SendSMSWithSpeechTextResult xmlns:zz="urn:other" zz:nil="true" />`))).toBe("");
    // Any prefix bound to the XSI namespace works.
    expect(decodeResponse(SendSMSWithSpeechTextOperation, "soap11", speech(`<SendSMSWithSpeechTextResult xmlns:i="http://www.w3.org/2001/XMLSchema-instance" i:nil="1" />`))).toBeNull();
    const bad = decodeError(() => decodeResponse(SendSMSWithSpeechTextOperation, "soap11", speech(`<SendSMSWithSpeechTextResult xsi:nil="maybe" />`)));
    expect([bad.expected, bad.found]).toEqual(["xsi:nil true or false", '"maybe"']);
  });

  it("an undeclared element prefix anywhere is a DecodeError", () => {
    const e = decodeError(() => decodeResponse(GetScheduleDetailsOperation, "soap11", schedule("<q:Extra>1</q:Extra>")));
    expect(e.found).toMatch(/^undeclared namespace prefix in 'q:Extra'/);
  });
});

describe("unknown elements inside a record", () => {
  it("are a DecodeError by default, naming the element and the record's fields", () => {
    const e = decodeError(() => decodeResponse(GetScheduleDetailsOperation, "soap11", schedule("<Priority>high</Priority>")));
    expect(e.path).toBe("GetScheduleDetailsResult.Priority");
    expect(e.found).toBe("unknown element <Priority> (the lenient option skips unknown elements)");
    expect(e.expected).toMatch(/^an element of \w+ \(ScheduleID, Sender, Title, /);
  });

  it("are skipped with lenient: true, with every other check kept", () => {
    const r = decodeResponse(GetScheduleDetailsOperation, "soap11", schedule("<Priority><Level>high</Level></Priority>"), { lenient: true });
    expect(r).toMatchObject({ ScheduleID: 7, Title: "t", SendStatus: 255 });
    expect(decodeError(() => decodeResponse(GetScheduleDetailsOperation, "soap11", schedule("<Priority>x</Priority><Title>again</Title>"), { lenient: true })).found).toBe("a repeated element");
    expect(decodeError(() => decodeResponse(SendSMSWithSpeechTextOperation, "soap11", speech(`<SendSMSWithSpeechTextResult xsi:nil="true">x</SendSMSWithSpeechTextResult>`), { lenient: true })).expected).toBe("no content (xsi:nil)");
  });

  it("an element of the right name in another namespace is unknown too", () => {
    const e = decodeError(() => decodeResponse(GetScheduleDetailsOperation, "soap11", schedule(`<o:Body xmlns:o="urn:other">x</o:Body>`)));
    expect(e.found).toMatch(/^unknown element <o:Body>/);
  });
});

describe("doubles out of range", () => {
  const price = (text: string): string => soap11(`<GetSmsPriceResponse ${ns}><GetSmsPriceResult>${text}</GetSmsPriceResult></GetSmsPriceResponse>`);
  it("1E400 is a DecodeError, not Infinity; INF and the largest doubles still decode", () => {
    for (const text of ["1E400", "-1e309", "1" + "0".repeat(400)]) {
      const e = decodeError(() => decodeResponse(GetSmsPriceOperation, "soap11", price(text)));
      expect(e.expected).toBe("double (double out of range)");
      expect(e.path).toBe("GetSmsPriceResult");
    }
    expect(decodeResponse(GetSmsPriceOperation, "soap11", price("INF"))).toBe(Infinity);
    expect(decodeResponse(GetSmsPriceOperation, "soap11", price("1.7976931348623157E+308"))).toBe(Number.MAX_VALUE);
    expect(decodeResponse(GetSmsPriceOperation, "soap11", price("1E-400"))).toBe(0); // underflow rounds to 0, as .NET reads it
  });
});
