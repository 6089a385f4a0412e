/**
 * Issue 11 items 7 and 8: what the client reads from the caller's parameter object, and what it
 * refuses before any I/O. Only own enumerable properties are read; an unknown property is an
 * EncodeError (a typo must not pass silently); sparse arrays, holes and non-array lists are
 * EncodeErrors; a throwing getter is an EncodeError that reaches onError; a dateTime outside
 * 0001-01-01..9999-12-31 is an EncodeError; an operation with credential parameters and no
 * credentials fails before I/O. Each case also checks that nothing was sent.
 * (On main before this change: `[1n, , 2n]` sent `<long>undefined</long>`, inherited and
 * misspelt properties passed silently, the getter's RangeError escaped without onError, year
 * 10000 was sent, and a call without credentials was sent without them.)
 */
import { describe, expect, it } from "vitest";
import {
  AddContactEvents,
  BINDINGS,
  EncodeError,
  GetMessagesAfterID,
  GetMultipleSMS3Deliveries,
  GetUsersMessagesByDate,
  XsdDateTime,
  createConfig,
  type Binding,
  type CallErrorEvent,
  type ClientOptions,
  type FetchLike,
} from "../../generated/src/index.ts";
import { rejection } from "./support.ts";

const sent: string[] = [];
const fetch: FetchLike = async (url) => {
  sent.push(url);
  throw new Error("nothing may be sent in these tests");
};
const errors: CallErrorEvent[] = [];
const config = (extra: Partial<ClientOptions> = {}) =>
  createConfig({ baseUrl: "http://127.0.0.1:9", credentials: { username: "u", password: "pw" }, fetch, hooks: { onError: (e) => errors.push(e) }, ...extra });

async function encodeError(binding: Binding, fn: (b: Binding) => Promise<unknown>): Promise<EncodeError> {
  sent.length = 0;
  errors.length = 0;
  const err = await rejection(() => fn(binding));
  expect(err).toBeInstanceOf(EncodeError);
  expect(sent).toEqual([]);
  expect(errors.map((e) => e.error)).toEqual([err]);
  return err as EncodeError;
}

describe.each(BINDINGS)("%s", (binding) => {
  it("inherited properties are not read (Object.create({count: 7}) has no count)", async () => {
    const params = Object.assign(Object.create({ count: 7 }) as object, { location: 1, msgId: 0n });
    const e = await encodeError(binding, (b) => GetMessagesAfterID(config(), params as never, { binding: b }));
    expect(e.message).toBe(`GetMessagesAfterID (${binding}): parameter count: missing required parameter`);
  });

  it("an unknown property is an EncodeError naming it and the known ones (the typo mesgId)", async () => {
    const e = await encodeError(binding, (b) => GetMessagesAfterID(config(), { location: 1, count: 1, msgId: 0n, mesgId: 5n } as never, { binding: b }));
    expect(e.parameter).toBe("mesgId");
    expect(e.message).toBe(`GetMessagesAfterID (${binding}): parameter mesgId: unknown parameter (known: location, from, count, msgId)`);
  });

  it("a credential passed as a parameter is refused with a hint", async () => {
    const e = await encodeError(binding, (b) => GetMessagesAfterID(config(), { location: 1, count: 1, msgId: 0n, password: "x" } as never, { binding: b }));
    expect(e.reason).toContain("it comes from the client's or the call's credentials");
  });

  it("a sparse list ([1n, , 2n]) is an EncodeError at the hole", async () => {
    // eslint-disable-next-line no-sparse-arrays
    const e = await encodeError(binding, (b) => GetMultipleSMS3Deliveries(config(), { Id: [1n, , 2n] } as never, { binding: b }));
    expect(e.parameter).toBe("Id[1]");
    expect(e.reason).toContain("a hole in a sparse array");
  });

  it("an explicit undefined item is an EncodeError too", async () => {
    const e = await encodeError(binding, (b) => GetMultipleSMS3Deliveries(config(), { Id: [1n, undefined, 2n] } as never, { binding: b }));
    expect(e.parameter).toBe("Id[1]");
  });

  it.each([
    ["a Set", new Set([1n])],
    ["an array-like object", { length: 1, 0: 1n }],
    ["a typed array", new BigInt64Array([1n])],
    ["a string", "1,2"],
  ])("a list given as %s is an EncodeError", async (_what, value) => {
    const e = await encodeError(binding, (b) => GetMultipleSMS3Deliveries(config(), { Id: value } as never, { binding: b }));
    expect(e.parameter).toBe("Id");
    expect(e.reason).toMatch(/^expected an array, got/);
  });

  it("a throwing getter is an EncodeError that reaches onError", async () => {
    const params = {
      location: 1,
      msgId: 0n,
      get count(): number {
        throw new RangeError("getter exploded");
      },
    };
    const e = await encodeError(binding, (b) => GetMessagesAfterID(config(), params, { binding: b }));
    expect(e.message).toBe(`GetMessagesAfterID (${binding}): parameter count: reading the value threw: RangeError: getter exploded`);
  });

  it("a throwing getter on a list item is an EncodeError", async () => {
    const list: bigint[] = [1n];
    Object.defineProperty(list, 0, {
      get() {
        throw new Error("item getter");
      },
    });
    const e = await encodeError(binding, (b) => GetMultipleSMS3Deliveries(config(), { Id: list }, { binding: b }));
    expect(e.parameter).toBe("Id[0]");
  });

  it("a proxy whose ownKeys trap throws is an EncodeError", async () => {
    const params = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error("trap");
        },
      },
    );
    const e = await encodeError(binding, (b) => GetMessagesAfterID(config(), params as never, { binding: b }));
    expect(e.parameter).toBe("(parameters)");
  });

  it.each([
    ["year 10000 (XsdDateTime)", XsdDateTime.parse("10000-01-01T00:00:00")],
    ["year 10000 (Date)", new Date(Date.UTC(10000, 0, 1))],
    ["before year 1 (Date)", new Date(Date.UTC(-1, 0, 1))],
    ["before year 1 (XsdDateTime)", XsdDateTime.parse("-0001-01-01T00:00:00")],
  ])("a dateTime %s is an EncodeError", async (_what, value) => {
    const e = await encodeError(binding, (b) => GetUsersMessagesByDate(config(), { location: 1, from: "", index: 0, count: 1, dateFrom: value, dateTo: value } as never, { binding: b }));
    expect(e.parameter).toBe("dateFrom");
    expect(e.reason).toContain("dateTime must be within 0001-01-01..9999-12-31");
  });

  it("dateTimes at both ends of the range are accepted", async () => {
    sent.length = 0;
    const first = XsdDateTime.parse("0001-01-01T00:00:00");
    const last = XsdDateTime.parse("9999-12-31T23:59:59.9999999");
    const err = await rejection(() => AddContactEvents(config(), { contactId: 1, eventName: "e", eventType: 0, eventDate: first }, { binding }));
    expect(err).not.toBeInstanceOf(EncodeError);
    const err2 = await rejection(() => GetUsersMessagesByDate(config(), { location: 1, from: "", index: 0, count: 1, dateFrom: first, dateTo: last }, { binding }));
    expect(err2).not.toBeInstanceOf(EncodeError);
    expect(sent.length).toBeGreaterThanOrEqual(1);
  });

  it("an operation with credential parameters and no credentials configured fails before I/O", async () => {
    const cfg = createConfig({ baseUrl: "http://127.0.0.1:9", fetch, hooks: { onError: (e) => errors.push(e) } });
    const e = await encodeError(binding, (b) => GetMessagesAfterID(cfg, { location: 1, count: 1, msgId: 0n }, { binding: b }));
    expect(e.message).toBe(
      `GetMessagesAfterID (${binding}): parameter (credentials): GetMessagesAfterID sends username and password but no credentials are configured: pass credentials: { username, password } to createClient or createConfig, or in the call's options`,
    );
  });
});
