/**
 * The calls every runtime makes (Node 20 and 22, Deno, Bun, a page in Chromium): per binding, a list of
 * records with longs above 2^53 and dateTimes of every kind, a long list and dateTimes sent, a scalar with
 * Persian and XML-special text, and a service fault. Results are turned into plain JSON (`toPlain`) so that
 * a child process or a page can print them and the test can compare them with the in-process client and
 * with the server's log (`fromPlain` turns them back).
 *
 * Runs everywhere `fetch` exists: no Node built-ins, no runtime-specific globals. The generated package is
 * passed in (`api`), so each runtime imports it its own way (dist entry, or a bundle in the page).
 */
import type * as Api from "../../../generated/src/index.ts";

export type ApiModule = typeof Api;
export type Binding = Api.Binding;

export const PROBE_BINDINGS: readonly Binding[] = ["soap11", "soap12", "httpGet", "httpPost"];

/** One call of the probe: which operation, with what, and how to make it. */
export interface ProbeCall {
  /** what the call shows, e.g. "records" */
  readonly id: string;
  /** wire operation name */
  readonly op: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** true: made as the fixture's fault user (username "fault"), expected to throw */
  readonly fault: boolean;
  readonly run: (config: Api.Config) => Promise<unknown>;
}

/** The probe's calls, the same in every binding. */
export function probeCalls(api: ApiModule): ProbeCall[] {
  const records = { location: 1, from: "3000", count: 5, msgId: 9007199254740993n };
  const scalar = { OperatorACount: 2, OperatorBCount: 3, from: "3000", text: `سلام < & > " ' ]]> runtimes` };
  const longs = { recIds: [9007199254740993n, 9223372036854775807n, -9223372036854775808n] };
  const dates = {
    location: 1,
    from: "3000",
    index: 0,
    count: 2,
    dateFrom: api.XsdDateTime.parse("2024-01-02T03:04:05.1234567"),
    dateTo: api.XsdDateTime.parse("2024-02-29T23:59:59.9999999Z"),
  };
  return [
    { id: "records", op: "GetMessagesAfterID", params: records, fault: false, run: (c) => api.GetMessagesAfterID(c, records) },
    { id: "dates", op: "GetUsersMessagesByDate", params: dates, fault: false, run: (c) => api.GetUsersMessagesByDate(c, dates) },
    { id: "longs", op: "GetDeliveries", params: longs, fault: false, run: (c) => api.GetDeliveries(c, longs) },
    { id: "scalar", op: "GetSmsPrice", params: scalar, fault: false, run: (c) => api.GetSmsPrice(c, scalar) },
    { id: "fault", op: "GetSmsPrice", params: scalar, fault: true, run: (c) => api.GetSmsPrice(c, scalar) },
  ];
}

/** One call's outcome in plain JSON. */
export interface ProbeResult {
  readonly binding: Binding;
  readonly id: string;
  readonly op: string;
  /** the decoded result (toPlain), or undefined when the call threw */
  readonly value?: Plain;
  /** the error (toPlain of the thrown value), or undefined when the call returned */
  readonly error?: Plain;
}

export interface ProbeOptions {
  readonly baseUrl: string;
  readonly username: string;
  readonly password: string;
}

/** Makes every call in every binding, one after the other, and returns the outcomes in plain JSON. */
export async function runProbe(api: ApiModule, options: ProbeOptions): Promise<ProbeResult[]> {
  const out: ProbeResult[] = [];
  for (const binding of PROBE_BINDINGS) {
    for (const call of probeCalls(api)) {
      const username = call.fault ? "fault" : options.username;
      const config = api.createConfig({ baseUrl: options.baseUrl, credentials: { username, password: options.password }, binding });
      try {
        out.push({ binding, id: call.id, op: call.op, value: toPlain(api, await call.run(config)) });
      } catch (err) {
        out.push({ binding, id: call.id, op: call.op, error: toPlain(api, err) });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Plain JSON: every value a decoded result can hold, with its JS type kept in a tag.

export type Plain = null | boolean | number | string | Plain[] | { [key: string]: Plain };

/** The error classes whose `instanceof` the plain form of an error records, most general first. */
const ERROR_CLASSES = [
  "AsmxError",
  "ServiceFaultError",
  "SoapFaultError",
  "HttpFaultError",
  "HttpStatusError",
  "EncodeError",
  "DecodeError",
  "NetworkError",
  "TimeoutError",
] as const;

/** Error fields kept (the message is long and carries the server's stack trace; the service message is its gist). */
const ERROR_FIELDS = ["code", "operation", "binding", "status", "serviceMessage", "soapVersion", "faultCode", "subcodes"] as const;

/**
 * A value in plain JSON: bigint → {"$bigint": "…"}, XsdDateTime → {"$dateTime": text}, Uint8Array →
 * {"$bytes": [...]}, NaN/±Infinity/-0 → {"$number": "…"}, undefined → {"$undefined": true}, an Error →
 * {"$error": {name, is: [classes it is an instance of], fields}}, any other class instance →
 * {"$object": constructor name}; arrays and plain objects recursively, keys in their order.
 */
export function toPlain(api: ApiModule, v: unknown): Plain {
  if (v === null || typeof v === "boolean" || typeof v === "string") return v;
  if (v === undefined) return { $undefined: true };
  if (typeof v === "bigint") return { $bigint: v.toString() };
  if (typeof v === "number") {
    if (Object.is(v, -0)) return { $number: "-0" };
    return Number.isFinite(v) ? v : { $number: String(v) };
  }
  if (Array.isArray(v)) return v.map((x) => toPlain(api, x));
  if (v instanceof api.XsdDateTime) return { $dateTime: v.toString() };
  if (v instanceof Uint8Array) return { $bytes: Array.from(v) };
  if (v instanceof Error) {
    const e = v as Error & Record<string, unknown>;
    const fields: { [key: string]: Plain } = {};
    for (const k of ERROR_FIELDS) if (e[k] !== undefined) fields[k] = toPlain(api, e[k]);
    // what went wrong underneath (e.g. the fetch failure of a NetworkError); its wording is the runtime's own
    if (e.cause !== undefined) fields["cause"] = e.cause instanceof Error ? `${e.cause.name}: ${e.cause.message}` : String(e.cause);
    const is = ERROR_CLASSES.filter((c) => {
      const cls: unknown = (api as Record<string, unknown>)[c];
      return typeof cls === "function" && v instanceof cls;
    });
    return { $error: { name: e.name, is, fields } };
  }
  if (typeof v === "object") {
    const proto: unknown = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) {
      const ctor = (v as { constructor?: { name?: unknown } }).constructor;
      return { $object: typeof ctor?.name === "string" ? ctor.name : "?" };
    }
    const out: { [key: string]: Plain } = {};
    for (const [k, x] of Object.entries(v)) out[k] = toPlain(api, x);
    return out;
  }
  return { $unsupported: typeof v };
}

/**
 * Plain JSON back to values (bigint, XsdDateTime, Uint8Array, numbers), for the comparison helpers of
 * the interop suite. Errors and unknown objects stay in their tagged form.
 */
export function fromPlain(api: ApiModule, p: Plain): unknown {
  if (p === null || typeof p !== "object") return p;
  if (Array.isArray(p)) return p.map((x) => fromPlain(api, x));
  const keys = Object.keys(p);
  if (keys.length === 1) {
    const [k] = keys as [string];
    const x = p[k];
    if (k === "$bigint" && typeof x === "string") return BigInt(x);
    if (k === "$dateTime" && typeof x === "string") return api.XsdDateTime.parse(x);
    if (k === "$bytes" && Array.isArray(x)) return Uint8Array.from(x as number[]);
    if (k === "$number" && typeof x === "string") return x === "-0" ? -0 : Number(x);
    if (k === "$undefined") return undefined;
    if (k.startsWith("$")) return p;
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(p)) out[k] = fromPlain(api, x);
  return out;
}
