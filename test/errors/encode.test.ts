/**
 * Encode-time validation: every bad value is an EncodeError naming the parameter (and the
 * binding where it matters), thrown before any network I/O, in every binding.
 */
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import {
  AddContactEvents,
  AddMultipleSchedule,
  AsmxError,
  BINDINGS,
  EncodeError,
  GetDeliveries,
  GetMessagesAfterID,
  GetMessagesAfterIDOperation,
  ChangeUserCredit3,
  ChangeUserCredit3Operation,
  RemoveMessages,
  RemoveScheduleList,
  RemoveScheduleListOperation,
  SendSMSWithSpeechTextOperation,
  UploadVoiceFileByte,
  XsdDateTime,
  createConfig,
  encodeRequest,
  prepareRequest,
  type Binding,
  type Config,
} from "../../generated/src/index.ts";

/** A config whose fetch records calls: none may happen when encoding fails. */
function spyConfig(password = "pw"): { config: Config; calls: string[] } {
  const calls: string[] = [];
  const config = createConfig({
    baseUrl: "http://127.0.0.1:9",
    credentials: { username: "u", password },
    fetch: (input) => {
      calls.push(String(input));
      return Promise.reject(new Error("no network in this test"));
    },
  });
  return { config, calls };
}

const date = XsdDateTime.parse("2024-03-01T12:00:00Z");
const event = { contactId: 1, eventName: "e", eventType: 1, eventDate: date };

type Case = readonly [title: string, call: (c: Config, b: Binding) => Promise<unknown>, operation: string, parameter: string, reason: string];

const CASES: readonly Case[] = [
  ["int above 32 bits", (c, b) => AddContactEvents(c, { ...event, contactId: 2 ** 31 }, { binding: b }), "AddContactEvents", "contactId", "int must be within -2147483648..2147483647, got 2147483648"],
  ["int below 32 bits", (c, b) => AddContactEvents(c, { ...event, contactId: -(2 ** 31) - 1 }, { binding: b }), "AddContactEvents", "contactId", "int must be within -2147483648..2147483647, got -2147483649"],
  ["int not an integer", (c, b) => AddContactEvents(c, { ...event, contactId: 1.5 }, { binding: b }), "AddContactEvents", "contactId", "int must be an integer, got 1.5"],
  ["int NaN", (c, b) => AddContactEvents(c, { ...event, contactId: NaN }, { binding: b }), "AddContactEvents", "contactId", "int must be an integer, got NaN"],
  ["int Infinity", (c, b) => AddContactEvents(c, { ...event, contactId: Infinity }, { binding: b }), "AddContactEvents", "contactId", "int must be an integer, got Infinity"],
  ["int -Infinity", (c, b) => AddContactEvents(c, { ...event, contactId: -Infinity }, { binding: b }), "AddContactEvents", "contactId", "int must be an integer, got -Infinity"],
  ["int given as a string", (c, b) => AddContactEvents(c, { ...event, contactId: "1" as unknown as number }, { binding: b }), "AddContactEvents", "contactId", "expected a number (int), got string"],
  ["int given as a bigint", (c, b) => AddContactEvents(c, { ...event, contactId: 1n as unknown as number }, { binding: b }), "AddContactEvents", "contactId", "expected a number (int), got bigint"],
  ["unsignedByte 256", (c, b) => AddContactEvents(c, { ...event, eventType: 256 }, { binding: b }), "AddContactEvents", "eventType", "unsignedByte must be within 0..255, got 256"],
  ["unsignedByte -1", (c, b) => AddContactEvents(c, { ...event, eventType: -1 }, { binding: b }), "AddContactEvents", "eventType", "unsignedByte must be within 0..255, got -1"],
  ["unsignedByte 2.5", (c, b) => AddContactEvents(c, { ...event, eventType: 2.5 }, { binding: b }), "AddContactEvents", "eventType", "unsignedByte must be an integer, got 2.5"],
  ["unsignedByte NaN", (c, b) => AddContactEvents(c, { ...event, eventType: NaN }, { binding: b }), "AddContactEvents", "eventType", "unsignedByte must be an integer, got NaN"],
  ["long above 64 bits", (c, b) => GetMessagesAfterID(c, { location: 1, count: 1, msgId: 2n ** 63n }, { binding: b }), "GetMessagesAfterID", "msgId", "long must be within 64 bits, got 9223372036854775808"],
  ["long below 64 bits", (c, b) => GetMessagesAfterID(c, { location: 1, count: 1, msgId: -(2n ** 63n) - 1n }, { binding: b }), "GetMessagesAfterID", "msgId", "long must be within 64 bits, got -9223372036854775809"],
  ["long given as a number", (c, b) => GetMessagesAfterID(c, { location: 1, count: 1, msgId: 5 as unknown as bigint }, { binding: b }), "GetMessagesAfterID", "msgId", "expected a bigint (long), got number"],
  ["long list item above 64 bits", (c, b) => GetDeliveries(c, { recIds: [1n, 2n ** 64n] }, { binding: b }), "GetDeliveries", "recIds[1]", "long must be within 64 bits, got 18446744073709551616"],
  ["double given as a string", (c, b) => ChangeUserCredit3(c, { rialAmount: "1.5" as never, getTax: false, getBudget: false }, { binding: b }), "ChangeUserCredit3", "rialAmount", "expected a number (double), got string"],
  ["invalid Date", (c, b) => AddContactEvents(c, { ...event, eventDate: new Date("not a date") }, { binding: b }), "AddContactEvents", "eventDate", "invalid Date"],
  ["dateTime given as a string", (c, b) => AddContactEvents(c, { ...event, eventDate: "2024-01-01" as unknown as Date }, { binding: b }), "AddContactEvents", "eventDate", "expected an XsdDateTime or a Date, got string"],
  ["invalid Date in a list", (c, b) => AddMultipleSchedule(c, { to: ["1"], text: ["t"], isflash: false, scheduleDateTime: [new Date(0), new Date(NaN)], period: "Once" }, { binding: b }), "AddMultipleSchedule", "scheduleDateTime[1]", "invalid Date"],
  ["string with NUL", (c, b) => AddContactEvents(c, { ...event, eventName: "a\u0000b" }, { binding: b }), "AddContactEvents", "eventName", "character U+0000 at index 1 cannot be sent in XML 1.0"],
  ["string with a C0 control", (c, b) => AddContactEvents(c, { ...event, eventName: "bell\u0007" }, { binding: b }), "AddContactEvents", "eventName", "character U+0007 at index 4 cannot be sent in XML 1.0"],
  ["string with a lone high surrogate", (c, b) => AddContactEvents(c, { ...event, eventName: "x\uD83D" }, { binding: b }), "AddContactEvents", "eventName", "character U+D83D at index 1 cannot be sent in XML 1.0"],
  ["string with a lone low surrogate", (c, b) => AddContactEvents(c, { ...event, eventName: "\uDE00x" }, { binding: b }), "AddContactEvents", "eventName", "character U+DE00 at index 0 cannot be sent in XML 1.0"],
  ["string with reversed surrogates", (c, b) => AddContactEvents(c, { ...event, eventName: "\uDE00\uD83D" }, { binding: b }), "AddContactEvents", "eventName", "character U+DE00 at index 0 cannot be sent in XML 1.0"],
  ["string with U+FFFF", (c, b) => AddContactEvents(c, { ...event, eventName: "\uFFFF" }, { binding: b }), "AddContactEvents", "eventName", "character U+FFFF at index 0 cannot be sent in XML 1.0"],
  ["string list item with NUL", (c, b) => AddMultipleSchedule(c, { to: ["1", "2\u0000"], text: ["t"], isflash: false, scheduleDateTime: [date], period: "Once" }, { binding: b }), "AddMultipleSchedule", "to[1]", "character U+0000 at index 1 cannot be sent in XML 1.0"],
  ["string given as a number", (c, b) => AddContactEvents(c, { ...event, eventName: 5 as unknown as string }, { binding: b }), "AddContactEvents", "eventName", "expected a string, got number"],
  ["missing required parameter", (c, b) => AddContactEvents(c, { eventName: "e", eventType: 1, eventDate: date } as never, { binding: b }), "AddContactEvents", "contactId", "missing required parameter"],
  ["required parameter null", (c, b) => AddContactEvents(c, { ...event, eventDate: null as unknown as Date }, { binding: b }), "AddContactEvents", "eventDate", "missing required parameter"],
  ["unknown enum value", (c, b) => RemoveMessages(c, { location: "Archived" as never }, { binding: b }), "RemoveMessages", "location", 'expected one of Received, Sent, Removed, Deleted (MessageLocation), got "Archived"'],
  ["enum value in the wrong case", (c, b) => RemoveMessages(c, { location: "received" as never }, { binding: b }), "RemoveMessages", "location", 'expected one of Received, Sent, Removed, Deleted (MessageLocation), got "received"'],
  ["enum given as a number", (c, b) => RemoveMessages(c, { location: 0 as never }, { binding: b }), "RemoveMessages", "location", "expected one of Received, Sent, Removed, Deleted (MessageLocation), got number"],
  ["list given as a string", (c, b) => RemoveScheduleList(c, { scheduleIdList: "1,2" as never }, { binding: b }), "RemoveScheduleList", "scheduleIdList", "expected an array, got string"],
  ["list item not an int", (c, b) => RemoveScheduleList(c, { scheduleIdList: [1, 2, 3.25] }, { binding: b }), "RemoveScheduleList", "scheduleIdList[2]", "int must be an integer, got 3.25"],
  ["base64Binary given as an array", (c, b) => UploadVoiceFileByte(c, { file: [1, 2] as never }, { binding: b }), "UploadVoiceFileByte", "file", "expected a Uint8Array, got object"],
  ["no parameter object at all", (c, b) => GetMessagesAfterID(c, undefined as never, { binding: b }), "GetMessagesAfterID", "location", "missing required parameter"],
  ["parameters not an object", (c, b) => GetMessagesAfterID(c, null as never, { binding: b }), "GetMessagesAfterID", "(parameters)", "expected an object of parameters, got null"],
];

describe("encode errors, in every binding, before any I/O", () => {
  for (const binding of BINDINGS) {
    it.each(CASES)(`${binding}: %s`, async (_title, call, operation, parameter, reason) => {
      const { config, calls } = spyConfig();
      let err: unknown;
      try {
        await call(config, binding);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(EncodeError);
      expect(err).toBeInstanceOf(AsmxError);
      const e = err as EncodeError;
      expect(e.code).toBe("encode");
      expect(e.operation).toBe(operation);
      expect(e.binding).toBe(binding);
      expect(e.parameter).toBe(parameter);
      expect(e.reason).toBe(reason);
      expect(e.message).toBe(`${operation} (${binding}): parameter ${parameter}: ${reason}`);
      expect(calls).toEqual([]); // nothing was sent
    });
  }
  it("counts", () => {
    console.log(`[encode] ${CASES.length} bad parameter values × ${BINDINGS.length} bindings = ${CASES.length * BINDINGS.length} bad inputs tried`);
  });
});

describe("empty lists over HTTP GET/POST (ASMX would read null and answer a 500)", () => {
  const HTTP = ["httpGet", "httpPost"] as const;
  it.each(HTTP)("%s: an empty required list names the parameter and the binding", async (binding) => {
    const { config, calls } = spyConfig();
    const e = (await RemoveScheduleList(config, { scheduleIdList: [] }, { binding }).catch((x: unknown) => x)) as EncodeError;
    expect(e).toBeInstanceOf(EncodeError);
    expect(e.parameter).toBe("scheduleIdList");
    expect(e.message).toBe(`RemoveScheduleList (${binding}): parameter scheduleIdList: an empty list cannot be sent over ${binding}: the service would read it as null; use a SOAP binding`);
    expect(calls).toEqual([]);
  });

  it.each(HTTP)("%s: an empty optional list, an empty long list and an empty byte array too", async (binding) => {
    const { config, calls } = spyConfig();
    const a = (await AddMultipleSchedule(config, { to: [], text: ["t"], isflash: false, scheduleDateTime: [date], period: "Once" }, { binding }).catch((x: unknown) => x)) as EncodeError;
    expect(a).toBeInstanceOf(EncodeError);
    expect(a.parameter).toBe("to");
    const b = (await GetDeliveries(config, { recIds: [] }, { binding }).catch((x: unknown) => x)) as EncodeError;
    expect(b.parameter).toBe("recIds");
    expect(b.message).toContain(`over ${binding}`);
    const c = (await UploadVoiceFileByte(config, { file: new Uint8Array(0) }, { binding }).catch((x: unknown) => x)) as EncodeError;
    expect(c).toBeInstanceOf(EncodeError);
    expect(c.message).toBe(`UploadVoiceFileByte (${binding}): parameter file: an empty byte array cannot be sent over ${binding}: the service would read it as null`);
    expect(calls).toEqual([]);
  });

  it.each(["soap11", "soap12"] as const)("%s: an empty list is fine (an empty element)", (binding) => {
    const { config } = spyConfig();
    const w = prepareRequest(config, GetMessagesAfterIDOperation, { location: 1, count: 1, msgId: 0n }, { binding });
    expect(w.body).toContain("<msgId>0</msgId>");
    const r = prepareRequest(config, RemoveScheduleListOperation, { scheduleIdList: [] }, { binding });
    expect(r.body).toContain("<scheduleIdList />");
  });
});

describe("values that are allowed", () => {
  it("double takes NaN and ±Infinity (XSD NaN, INF, -INF; .NET Infinity over HTTP)", () => {
    const soap = encodeRequest(
      ChangeUserCredit3Operation, // rialAmount is a double
      "soap11",
      { rialAmount: NaN, getTax: false, getBudget: true },
      { username: "u", password: "p" },
      "http://tempuri.org/",
    );
    expect(soap.body).toContain("<rialAmount>NaN</rialAmount>");
    const get = encodeRequest(ChangeUserCredit3Operation, "httpGet", { rialAmount: -Infinity, getTax: false, getBudget: true }, { username: "u", password: "p" }, "http://tempuri.org/");
    expect(get.path).toContain("rialAmount=-Infinity");
    const soapInf = encodeRequest(ChangeUserCredit3Operation, "soap12", { rialAmount: Infinity, getTax: false, getBudget: true }, { username: "u", password: "p" }, "http://tempuri.org/");
    expect(soapInf.body).toContain("<rialAmount>INF</rialAmount>");
  });

  it.each(BINDINGS)("%s: text with < & ]]> \\r and any Unicode reaches the server exactly", (binding) => {
    const text = "a < b && c ]]> d \r\n e\t 'q' \"dq\" سلام 🔑 \u{10FFFF} \uFEFF ";
    const w = encodeRequest(SendSMSWithSpeechTextOperation, binding, { smsBody: text, speechBody: "]]>" }, { username: "u", password: "p" }, "http://tempuri.org/");
    let got: string[];
    if (binding === "soap11" || binding === "soap12") {
      const parser = new SaxesParser({ xmlns: true });
      const texts = new Map<string, string>();
      let current = "";
      parser.on("opentag", (t) => {
        current = t.local;
        texts.set(current, "");
      });
      parser.on("text", (t) => texts.set(current, (texts.get(current) ?? "") + t));
      parser.write(w.body ?? "").close();
      got = [texts.get("smsBody") ?? "", texts.get("speechBody") ?? ""];
    } else {
      const q = new URLSearchParams(binding === "httpGet" ? w.path.slice(w.path.indexOf("?") + 1) : (w.body ?? ""));
      got = [q.get("smsBody") ?? "", q.get("speechBody") ?? ""];
    }
    expect(got).toEqual([text, "]]>"]);
  });
});

