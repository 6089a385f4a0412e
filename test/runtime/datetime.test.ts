/**
 * dateTime values must not depend on the host's time zone. Node applies a change of
 * process.env.TZ at once, so each block runs the same assertions under UTC and Asia/Tehran.
 */
import { afterAll, describe, expect, it } from "vitest";
import { GetUsersMessagesByDateOperation, XsdDateTime, decodeResponse, prepareRequest, createConfig } from "../../generated/src/index.ts";

const originalTz = process.env.TZ;
afterAll(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

const item = (date: string) =>
  `<MessagesBL><MsgID>9007199254740993</MsgID><UserID>1</UserID><LinkID>2</LinkID><NumberID>3</NumberID><Tariff>0.5</Tariff><MsgType>1</MsgType><Body>b</Body><SendDate>${date}</SendDate><FirstLocation>1</FirstLocation><CurrentLocation>1</CurrentLocation><Parts>1</Parts><IsFlash>false</IsFlash><IsRead>true</IsRead><IsUnicode>true</IsUnicode><Credit>1</Credit><Module>0</Module><RecCount>0</RecCount><RecFailed>0</RecFailed><RecSuccess>0</RecSuccess><IsMoneyBack>false</IsMoneyBack><UserStepedMaster>0</UserStepedMaster><UserMaster>0</UserMaster><MoneyBackCount>0</MoneyBackCount><MoneyBackLevel>0</MoneyBackLevel><AutoSpeechText>false</AutoSpeechText><ShareServiceBodyID>0</ShareServiceBodyID><OperatorABackCount>0</OperatorABackCount></MessagesBL>`;
const body = (dates: string[]) =>
  `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfMessagesBL xmlns="http://tempuri.org/">${dates.map(item).join("")}</ArrayOfMessagesBL>`;

for (const tz of ["UTC", "Asia/Tehran"]) {
  describe(`XsdDateTime under TZ=${tz}`, () => {
    it("runs in the intended zone (the hazard is real here)", () => {
      process.env.TZ = tz;
      const offset = new Date("2024-03-01T12:00:00").getTimezoneOffset();
      expect(offset).toBe(tz === "UTC" ? 0 : -210);
    });

    it("decodes values with and without offset to the same lexical value on every host", () => {
      process.env.TZ = tz;
      const texts = ["2024-03-01T12:34:56.1234567", "2024-03-01T12:34:56Z", "2024-03-01T12:34:56.5+03:30", "0001-01-01T00:00:00", "9999-12-31T23:59:59.9999999-05:00"];
      const result = decodeResponse(GetUsersMessagesByDateOperation, "httpGet", body(texts));
      expect(result?.map((m) => m.SendDate.toString())).toEqual(texts);
      const [unspecified, utc, tehran] = (result ?? []).map((m) => m.SendDate);
      expect(unspecified?.offset).toBe("");
      expect(unspecified?.hasOffset).toBe(false);
      expect(unspecified?.fraction).toBe("1234567");
      expect(utc?.offsetMinutes).toBe(0);
      expect(tehran?.offsetMinutes).toBe(210);
    });

    it("converts to an instant only with an explicit offset for offset-less values", () => {
      process.env.TZ = tz;
      const local = XsdDateTime.parse("2024-03-01T12:34:56.1234567");
      expect(() => local.toDate()).toThrow(RangeError);
      expect(local.toDate(0).toISOString()).toBe("2024-03-01T12:34:56.123Z");
      expect(local.toDate(210).toISOString()).toBe("2024-03-01T09:04:56.123Z");
      expect(XsdDateTime.parse("2024-03-01T12:34:56+03:30").toDate().toISOString()).toBe("2024-03-01T09:04:56.000Z");
      expect(XsdDateTime.parse("2024-03-01T12:34:56-00:30").toDate().toISOString()).toBe("2024-03-01T13:04:56.000Z");
      expect(XsdDateTime.parse("0050-06-01T00:00:00Z").toDate().getUTCFullYear()).toBe(50);
    });

    it("encodes a Date as the same UTC text on every host", () => {
      process.env.TZ = tz;
      const config = createConfig({ baseUrl: "https://h.test", credentials: { username: "u", password: "p" } });
      const req = prepareRequest(config, GetUsersMessagesByDateOperation, { location: 1, index: 0, count: 1, dateFrom: new Date(Date.UTC(2024, 2, 1, 9, 4, 56, 120)), dateTo: XsdDateTime.parse("2024-03-02T00:00:00") }, { binding: "soap11" });
      expect(req.body).toContain("<dateFrom>2024-03-01T09:04:56.120Z</dateFrom><dateTo>2024-03-02T00:00:00</dateTo>");
    });
  });
}

describe("XsdDateTime.parse", () => {
  it("rejects what is not an XSD dateTime, with the reason", () => {
    for (const bad of ["2024-02-30T00:00:00", "2023-02-29T00:00:00", "2024-13-01T00:00:00", "2024-01-01T24:00:00", "2024-01-01 00:00:00", "2024-01-01T00:00:00+15:00", "0000-01-01T00:00:00", "2024-01-01", ""]) {
      expect(() => XsdDateTime.parse(bad), bad).toThrow(RangeError);
    }
    expect(XsdDateTime.parse("2024-02-29T00:00:00").day).toBe(29);
  });

  it("keeps Z and +00:00 apart, and compares by lexical value", () => {
    const z = XsdDateTime.parse("2024-01-01T00:00:00Z");
    const plus = XsdDateTime.parse("2024-01-01T00:00:00+00:00");
    expect(z.toString()).toBe("2024-01-01T00:00:00Z");
    expect(plus.toString()).toBe("2024-01-01T00:00:00+00:00");
    expect(z.equals(plus)).toBe(false);
    expect(z.epochMilliseconds()).toBe(plus.epochMilliseconds());
    expect(JSON.stringify({ d: z })).toBe('{"d":"2024-01-01T00:00:00Z"}');
    expect(Object.isFrozen(z)).toBe(true);
  });
});
