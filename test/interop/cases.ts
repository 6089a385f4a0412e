/**
 * Inputs and comparison helpers shared by the interop matrix (matrix.test.ts, faults.test.ts),
 * the response recorder (record-fixtures.ts) and the offline decoder test (test/decode/recorded.test.ts).
 *
 * - `OPERATIONS`: every generated operation (descriptor + function), found from the package's exports.
 * - `casesFor(op, binding)`: hard-case parameters per operation (Persian, `< > & " '`, CR LF, longs above 2^53,
 *   int/long/byte boundaries, fractional and extreme doubles, dates without offset / with `Z` / with an offset /
 *   as a JS `Date`, with and without fractional seconds, booleans, all 256 byte values, one- and many-item lists).
 * - `expectedParams`: what the server's log must show for sent values (the log's canonical JSON form, see log.ts),
 *   including ASMX's dateTime conversions (NOTES.md §6).
 * - `comparable*`: turns a decoded value and the log's `returned` into the same plain form for `toEqual`.
 *
 * Pure module: no server, no vitest. Safe to import from the unit project.
 */
import * as api from "../../generated/src/index.ts";
import {
  XsdDateTime,
  type Binding,
  type CallOptions,
  type Config,
  type OperationDescriptor,
  type ParamDescriptor,
  type RecordDescriptor,
  type ValueType,
} from "../../generated/src/index.ts";
import type { Canonical, LogDate } from "./log.ts";

export const NS = "http://tempuri.org/";

/** UTC offset of the fixture server's local time (TZ Asia/Tehran, no DST since 2022): +03:30. */
export const SERVER_OFFSET_MINUTES = 210;
export const SERVER_OFFSET_TEXT = "+03:30";

export type OperationFn = (
  config: Config,
  params: object,
  options?: CallOptions,
) => Promise<unknown>;

export interface OperationEntry {
  readonly name: string;
  readonly op: OperationDescriptor;
  readonly fn: OperationFn;
}

/** Every generated operation: `<Name>Operation` descriptor plus the `<Name>` function. */
export const OPERATIONS: readonly OperationEntry[] = Object.entries(
  api as Record<string, unknown>,
)
  .filter(
    ([k, v]) =>
      k.endsWith("Operation") &&
      v !== null &&
      typeof v === "object" &&
      "params" in v &&
      "result" in v &&
      "path" in v,
  )
  .map(([, v]) => {
    const op = v as OperationDescriptor;
    const fn = (api as Record<string, unknown>)[op.name];
    if (typeof fn !== "function")
      throw new Error(`generated package has no function ${op.name}`);
    return { name: op.name, op, fn: fn as OperationFn };
  });

export const OPERATION_BY_NAME: ReadonlyMap<string, OperationEntry> = new Map(
  OPERATIONS.map((e) => [e.name, e]),
);

export const BINDING_LIST: readonly Binding[] = [
  "soap11",
  "soap12",
  "httpGet",
  "httpPost",
];
export const isSoap = (b: Binding): boolean => b === "soap11" || b === "soap12";

// ---------------------------------------------------------------------------------------------
// Hard values

/** Persian text and every XML-special character (`"` and `'` included). */
export const HARD = `سلام دنیا < > & " ' ]]> &amp;`;
/** HARD plus CR LF and a tab: only for parameters whose value is not echoed back in a string result
 * (the server sends CR raw in responses, which XML turns into LF — NOTES.md §3). */
export const HARD_CR = `${HARD}\r\nخط دوم\tlf\nend `;
/**
 * Default password of matrix cells: not a magic password, and full of characters that need escaping.
 * No `<` before a letter and no `&#`: ASP.NET request validation rejects those over HTTP GET/POST
 * (HttpRequestValidationException, see matrix.test.ts and faults.test.ts).
 */
export const HARD_PASSWORD = `p@ss < > & " ' پ+%20=?#`;
/** Characters ASP.NET request validation refuses in HTTP GET/POST values (a `<` before a letter, `&#`). */
export const DANGEROUS = "<b>&#65;";

export const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);
/**
 * HTTP GET sends one `file=<decimal>` per byte in the query string; ASP.NET's default maxQueryStringLength
 * (2048) rejects all 256 values with 400 (see matrix.test.ts). Over GET the cell sends the 180 values
 * 0..89 and 166..255 (both extremes, one- two- and three-digit values) instead.
 */
export const GET_BYTES = Uint8Array.from([
  ...Array.from({ length: 90 }, (_, i) => i),
  ...Array.from({ length: 90 }, (_, i) => 166 + i),
]);
const dt = (text: string): XsdDateTime => XsdDateTime.parse(text);

/** One value per binding, so every binding sees different edge values. */
const per = (
  b: Binding,
  soap11: unknown,
  soap12: unknown,
  httpGet: unknown,
  httpPost: unknown,
): unknown =>
  b === "soap11"
    ? soap11
    : b === "soap12"
      ? soap12
      : b === "httpGet"
        ? httpGet
        : httpPost;

/** Parameters (without username/password) of each operation for one binding. */
export function casesFor(name: string, b: Binding): Record<string, unknown> {
  switch (name) {
    case "GetMessagesAfterID":
      return {
        location: per(b, -2147483648, 2147483647, 0, -1),
        from: HARD,
        count: 3,
        msgId: per(
          b,
          9007199254740993n,
          -9223372036854775808n,
          9223372036854775806n,
          -1n,
        ),
      };
    case "GetUsersMessagesByDate":
      return {
        location: 2147483647,
        from: "",
        index: -1,
        count: 2,
        dateFrom: per(
          b,
          dt("2024-01-02T03:04:05.1234567"),
          dt("2024-03-20T23:59:59.5Z"),
          dt("2024-01-02T03:04:05"),
          dt("2024-07-01T00:00:00.001-05:00"),
        ),
        dateTo: per(
          b,
          dt("2024-03-20T23:59:59.5Z"),
          dt("2024-06-15T12:00:00+01:00"),
          new Date(Date.UTC(2024, 4, 5, 6, 7, 8, 9)),
          dt("2024-12-31T23:59:59.9999999"),
        ),
      };
    case "GetMessagesReceptions":
      return {
        msgId: per(
          b,
          -9223372036854775808n,
          9223372036854775807n,
          9007199254740993n,
          0n,
        ),
        fromRows: 2,
      };
    case "RemoveMessages":
      return {
        location: per(b, "Received", "Sent", "Removed", "Deleted"),
        msgIds: `1,2,3 ${HARD_CR}`,
      };
    case "ChangeMessageIsRead":
      return { msgIds: `9007199254740993,-1 ${HARD_CR}` };
    case "getMessages":
      return {
        location: 0,
        from: HARD,
        index: per(b, 4, -2147483648, 2147483647, 0),
        count: 2,
      };
    case "GetSmsPrice":
      return {
        OperatorACount: -2147483648,
        OperatorBCount: 2147483647,
        from: "",
        text: HARD_CR,
      };
    case "GetDeliveries":
      return {
        recIds: per(
          b,
          [9007199254740993n, -9223372036854775808n, 9223372036854775807n, 0n],
          [9007199254740993n],
          [-1n, 2147483648n],
          [9223372036854775807n],
        ),
      };
    case "GetUserDetails":
      return { targetUsername: per(b, "utc", "local", "min", "max") };
    case "GetPaymentsByTargetUsername":
      return {
        targetUsername: HARD,
        fromDate: per(
          b,
          dt("2024-01-02T03:04:05+01:00"),
          dt("2024-01-02T03:04:05.25"),
          dt("2024-02-29T23:59:59.5Z"),
          new Date(Date.UTC(2024, 0, 1)),
        ),
        toDate: per(
          b,
          new Date(Date.UTC(2024, 4, 5, 6, 7, 8, 9)),
          dt("2024-05-05T05:05:05.0000001Z"),
          dt("2024-05-05T05:05:05.0000001"),
          dt("2024-09-09T09:09:09.9-09:30"),
        ),
        count: 3,
        index: 2147483640,
      };
    case "AddUserWithMobileNumber":
      return {
        productId: per(b, -1, 0, 2147483647, -2147483648),
        mobileNumber: "+98 912 123 4567",
        firstName: "سلام",
        lastName: `<>&"' ]]>`,
        email: "a+b%20c@example.com",
      };
    case "ChangeUserCredit3":
      return {
        rialAmount: per(b, 0.1, 1 / 3, -2.5, 1e21),
        description: HARD_CR,
        targetUsername: "t",
        getTax: per(b, true, false, true, false),
        getBudget: per(b, false, true, true, false),
      };
    case "ForgotPassword":
      return {
        mobileNumber: "09120000000",
        emailAddress: "x+y@example.com",
        targetUsername: HARD_CR,
      };
    case "DeductUserCredit":
      return {
        amount: per(b, 5e-324, Number.MAX_VALUE, 1e-7, -123456.789),
        description: "",
      };
    case "GetBulkReceptions":
      return { bulkId: per(b, -1, 2147483647, -2147483648, 0), fromRows: 2 };
    case "GetSmsQueue":
      return {
        Id: per(
          b,
          9223372036854775807n,
          -9007199254740993n,
          9007199254740993n,
          -1n,
        ),
      };
    case "GetMultipleSMS3Deliveries":
      return {
        Id: per(
          b,
          [9007199254740993n],
          [-9223372036854775808n, 1n],
          [3n, 2n, 1n],
          [9007199254740993n],
        ),
      };
    case "GetGroups":
      return {};
    case "ChangeContact":
      return {
        contactId: per(b, -2147483648, 2147483647, 0, 1),
        mobilenumber: "+989121234567",
        firstname: "سلام",
        lastname: `<&>`,
        nickname: `"'`,
        corporation: "",
        phone: "021 1234",
        fax: "a+b=c&d",
        email: "e@x.y",
        gender: per(b, 255, 0, 128, 1),
        province: -2147483648,
        city: 2147483647,
        address: HARD_CR,
        postalCode: "0",
        additionaltext: " lead and trail ",
        descriptions: "دنیا",
        contactStatus: -1,
      };
    case "CheckMobileExistInContact":
      return { mobileNumber: "a+b c%20&x=y" };
    case "AddContactEvents":
      return {
        contactId: 1,
        eventName: HARD_CR,
        eventType: per(b, 0, 255, 7, 200),
        eventDate: per(
          b,
          dt("2024-12-31T23:59:59.9999999"),
          dt("2024-01-01T00:00:00Z"),
          dt("2024-06-15T12:00:00.5+03:30"),
          dt("2024-02-29T00:00:00"),
        ),
      };
    case "BulkReception":
      return {
        bulkId: 2147483647,
        maximumRows: 5,
        startRowIndex: per(b, -3, 3, 0, 9000000),
      };
    case "AddSchedule":
      return {
        to: "09120000000",
        from: "5000",
        text: HARD_CR,
        isflash: per(b, true, false, true, false),
        scheduleDateTime: per(
          b,
          dt("2024-02-29T12:00:00Z"),
          dt("2024-02-29T12:00:00"),
          dt("2024-02-29T12:00:00.125+14:00"),
          new Date(Date.UTC(2024, 1, 29, 12)),
        ),
        period: per(b, "Custom", "Once", "Daily", "Yearly"),
      };
    case "AddUsance":
      return {
        to: "0912",
        from: "",
        text: HARD_CR,
        isflash: false,
        scheduleStartDateTime: per(
          b,
          dt("2024-01-01T00:00:00.001+14:00"),
          dt("2024-01-01T00:00:00.001Z"),
          dt("2024-01-01T00:00:00.001"),
          dt("2024-01-01T00:00:00.001-12:00"),
        ),
        repeatAfterDays: -2147483648,
        scheduleEndDateTime: per(
          b,
          dt("2024-12-31T20:30:00.1234567-12:00"),
          dt("2024-12-31T20:30:00.1234567"),
          dt("2024-12-31T20:30:00Z"),
          dt("2024-12-31T20:30:00+03:30"),
        ),
      };
    case "AddNewUsance":
      return {
        to: "0912",
        from: "5000",
        text: HARD_CR,
        isflash: true,
        scheduleStartDateTime: new Date(Date.UTC(2024, 2, 20, 12, 30, 45, 678)),
        countrepeat: 2147483647,
        scheduleEndDateTime: dt("2024-03-21T00:00:00"),
        periodType: per(b, "Once", "Weekly", "Monthly", "Custom"),
      };
    case "RemoveSchedule":
      return { scheduleId: per(b, -1, 0, 2147483647, -2147483648) };
    case "RemoveScheduleList":
      return {
        scheduleIdList: per(
          b,
          [-2147483648, 0, 2147483647],
          [7],
          [-1, -1],
          [2147483647],
        ),
      };
    case "GetScheduleStatus":
      return { scheduleId: 2147483647 };
    case "GetScheduleDetails":
      return { scheduleId: per(b, -5, 7, -2147483648, 2147483647) };
    case "AddMultipleSchedule":
      return {
        to: ["09120000001", HARD, ""],
        from: HARD,
        text: ["a", "", "سلام"],
        isflash: true,
        scheduleDateTime: [
          dt("2024-01-02T03:04:05.1234567"),
          dt("2024-01-02T03:04:05Z"),
          dt("2024-01-02T03:04:05-02:00"),
        ],
        period: "Weekly",
      };
    case "AddNewMultipleSchedule":
      return {
        to: ["x"],
        from: "",
        text: [HARD_CR],
        isflash: false,
        scheduleDateTime: [
          per(
            b,
            dt("2024-05-05T05:05:05+05:00"),
            new Date(Date.UTC(2024, 4, 5)),
            dt("2024-05-05T05:05:05.5"),
            dt("2024-05-05T05:05:05Z"),
          ),
        ],
        period: "Monthly",
      };
    case "SendBulkVoiceSMS":
      return {
        title: HARD_CR,
        voiceFileId: -1,
        receivers: "0912,0935",
        DateToSend: "1403/01/01 10:00",
        repeatCount: 2147483647,
      };
    case "SendSMSWithSpeechText":
      return { smsBody: HARD, speechBody: "سخن", from: "", to: "0912+1" };
    case "UploadVoiceFileByte":
      return {
        title: HARD_CR,
        file: per(b, ALL_BYTES, ALL_BYTES, GET_BYTES, ALL_BYTES),
      };
    case "RemoveCode":
      return { CodeId: per(b, -2147483648, 2147483647, 0, -1) };
    default:
      throw new Error(`no test case for operation ${name}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Expected values as the server logs them

const pad = (n: number, w: number): string => String(n).padStart(w, "0");

/** XmlConvert RoundtripKind fraction: trailing zeros dropped, no dot when zero. */
const fractionText = (digits: string): string => {
  const f = digits.replace(/0+$/, "");
  return f === "" ? "" : `.${f}`;
};

/**
 * How ASMX receives a dateTime parameter (NOTES.md §6):
 * SOAP: no offset → Unspecified (text kept); Z → Utc (kept); ±hh:mm → converted to server local time (Local, +03:30).
 * HTTP GET/POST: no offset → Unspecified; Z and ±hh:mm → server local time (Local, +03:30).
 * A JS Date is sent by the client as UTC with Z.
 */
export function expectedDate(value: unknown, binding: Binding): LogDate {
  const x =
    value instanceof Date
      ? XsdDateTime.fromDate(value)
      : (value as XsdDateTime);
  const frac = fractionText(x.fraction);
  const date = (
    y: number,
    mo: number,
    d: number,
    h: number,
    mi: number,
    s: number,
  ): string =>
    `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}T${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}${frac}`;
  if (x.offset === "")
    return {
      value: date(x.year, x.month, x.day, x.hour, x.minute, x.second),
      kind: "Unspecified",
    };
  if (x.offset === "Z" && isSoap(binding))
    return {
      value: `${date(x.year, x.month, x.day, x.hour, x.minute, x.second)}Z`,
      kind: "Utc",
    };
  const ms =
    Date.UTC(x.year, x.month - 1, x.day, x.hour, x.minute, x.second) -
    (x.offsetMinutes ?? 0) * 60_000 +
    SERVER_OFFSET_MINUTES * 60_000;
  const l = new Date(ms);
  return {
    value:
      date(
        l.getUTCFullYear(),
        l.getUTCMonth() + 1,
        l.getUTCDate(),
        l.getUTCHours(),
        l.getUTCMinutes(),
        l.getUTCSeconds(),
      ) + SERVER_OFFSET_TEXT,
    kind: "Local",
  };
}

function bytesToBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString(
    "base64",
  );
}

/** A sent scalar in comparable form (doubles stay numbers, see `comparableLog`). */
function expectedScalar(
  p: ParamDescriptor,
  v: unknown,
  binding: Binding,
): unknown {
  const t = p.type;
  if (t.kind !== "scalar") return v; // enum: member name
  switch (t.name) {
    case "long":
      return (v as bigint).toString();
    case "dateTime":
      return expectedDate(v, binding);
    case "base64Binary":
      return bytesToBase64(v as Uint8Array);
    default:
      return v;
  }
}

/** The log's `params` we expect for a call (credentials included), in comparable form. */
export function expectedParams(
  op: OperationDescriptor,
  params: Record<string, unknown>,
  creds: { username: string; password: string },
  binding: Binding,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of op.params) {
    const v = p.credential !== null ? creds[p.credential] : params[p.prop];
    if (v === undefined || v === null) {
      // SOAP: element omitted → null. HTTP: the client sends the key empty → "" (strings) / [""] (lists).
      out[p.wire] = isSoap(binding) ? null : p.item !== null ? [""] : "";
    } else if (p.item !== null)
      out[p.wire] = (v as unknown[]).map((x) => expectedScalar(p, x, binding));
    else out[p.wire] = expectedScalar(p, v, binding);
  }
  return out;
}

/** SOAP: names of the operation element's children, in the order the spec gives (omitted ones left out). */
export function expectedSoapOrder(
  op: OperationDescriptor,
  params: Record<string, unknown>,
): string[] {
  return op.params
    .filter(
      (p) =>
        p.credential !== null ||
        (params[p.prop] !== undefined && params[p.prop] !== null),
    )
    .map((p) => p.wire);
}

/** HTTP: query/form keys in order; list parameters once per item, byte arrays once per byte. */
export function expectedHttpKeys(
  op: OperationDescriptor,
  params: Record<string, unknown>,
): string[] {
  const keys: string[] = [];
  for (const p of op.params) {
    const v = p.credential !== null ? "x" : params[p.prop];
    const n =
      v === undefined || v === null
        ? 1
        : p.item !== null
          ? (v as unknown[]).length
          : p.type.kind === "scalar" && p.type.name === "base64Binary"
            ? (v as Uint8Array).length
            : 1;
    for (let i = 0; i < n; i++) keys.push(p.wire);
  }
  return keys;
}

// ---------------------------------------------------------------------------------------------
// Comparable forms

/** A .NET "R" double text (as logged) → number. */
export function dotnetDouble(text: string): number {
  if (text === "NaN") return NaN;
  if (text === "Infinity" || text === "INF") return Infinity;
  if (text === "-Infinity" || text === "-INF") return -Infinity;
  if (text === "-0") return -0;
  const n = Number(text);
  if (Number.isNaN(n)) throw new Error(`not a .NET double: ${text}`);
  return n;
}

/**
 * Strings in responses go through XML end-of-line normalisation: the server writes CR raw, so
 * "\r\n" and "\r" arrive as "\n" (NOTES.md §3, a server-side limitation). Applied to expected
 * response strings only, never to parameters.
 */
export const xmlLineEnds = (s: string): string => s.replace(/\r\n?/g, "\n");

function comparableLogValue(
  t: ValueType,
  v: Canonical,
  inResponse: boolean,
): unknown {
  if (v === null) return null;
  if (t.kind !== "scalar") {
    if (t.kind === "enum") return v;
    return comparableLogRecord(t, v as Record<string, Canonical>, inResponse);
  }
  if (t.name === "double") return dotnetDouble(v as string);
  if (t.name === "string" && inResponse) return xmlLineEnds(v as string);
  return v;
}

function comparableLogRecord(
  r: RecordDescriptor,
  v: Record<string, Canonical>,
  inResponse: boolean,
): unknown {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    const f = r.fields.find((ff) => ff.wire === k);
    out[k] = f === undefined ? x : comparableLogValue(f.type, x, inResponse);
  }
  return out;
}

/** Log `params` → comparable form (doubles as numbers). */
export function comparableParams(
  op: OperationDescriptor,
  params: Record<string, Canonical>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    const p = op.params.find((pp) => pp.wire === k);
    if (p === undefined) out[k] = v;
    else if (p.item !== null && Array.isArray(v))
      out[k] = v.map((x) => comparableLogValue(p.type, x, false));
    else out[k] = comparableLogValue(p.type, v, false);
  }
  return out;
}

/** Log `returned` → comparable form. */
export function comparableReturned(
  op: OperationDescriptor,
  returned: Canonical,
): unknown {
  if (returned === null) return null;
  if (op.result.kind === "list")
    return (returned as Canonical[]).map((x) =>
      comparableLogValue(op.result.type, x, true),
    );
  return comparableLogValue(op.result.type, returned, true);
}

function comparableDecodedValue(t: ValueType, v: unknown): unknown {
  if (v === null) return null;
  if (v === undefined) return "(undefined)";
  if (t.kind !== "scalar") {
    if (t.kind === "enum") return v;
    const rec = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const f of t.fields)
      out[f.wire] = comparableDecodedValue(f.type, rec[f.prop]);
    const extra = Object.keys(rec).filter(
      (k) => !t.fields.some((f) => f.prop === k),
    );
    if (extra.length > 0) out["(extra properties)"] = extra;
    return out;
  }
  switch (t.name) {
    case "long":
      return typeof v === "bigint"
        ? v.toString()
        : `(not a bigint: ${typeof v} ${String(v)})`;
    case "dateTime": {
      if (!(v instanceof XsdDateTime))
        return `(not an XsdDateTime: ${String(v)})`;
      const kind =
        v.offset === "" ? "Unspecified" : v.offset === "Z" ? "Utc" : "Local";
      return { value: v.toString(), kind };
    }
    case "base64Binary":
      return v instanceof Uint8Array
        ? bytesToBase64(v)
        : `(not a Uint8Array: ${String(v)})`;
    default:
      return v;
  }
}

/** A decoded result → comparable form (records keyed by wire name, in descriptor field order). */
export function comparableDecoded(
  op: OperationDescriptor,
  value: unknown,
): unknown {
  if (value === null) return null;
  if (op.result.kind === "list") {
    if (!Array.isArray(value)) return `(not an array: ${String(value)})`;
    return value.map((x) => comparableDecodedValue(op.result.type, x));
  }
  return comparableDecodedValue(op.result.type, value);
}

/** Field names of each record in `returned`, for checking the server's field order against the descriptor. */
export function recordFieldOrders(
  op: OperationDescriptor,
  returned: Canonical,
): string[][] {
  if (returned === null || op.result.type.kind !== "record") return [];
  const items =
    op.result.kind === "list" ? (returned as Canonical[]) : [returned];
  return items.filter((x) => x !== null).map((x) => Object.keys(x as object));
}

/** JSON with bigints, Dates, XsdDateTimes and bytes made readable (for fixtures and messages). */
export function readableJson(v: unknown, indent?: number): string {
  return JSON.stringify(
    v,
    (_k, x: unknown) =>
      typeof x === "bigint"
        ? `${x}n`
        : x instanceof Uint8Array
          ? `bytes(base64:${bytesToBase64(x)})`
          : typeof x === "number" && !Number.isFinite(x)
            ? String(x)
            : x,
    indent,
  );
}
