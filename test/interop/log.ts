/**
 * Reads the fixture service's side-channel log: one JSON object per line, appended
 * by the service (server/Fixture.cs) before it answers, so the entry of a call is
 * present once the HTTP response has arrived.
 *
 * Canonical values (params, returned):
 *   long -> decimal string, int/unsignedByte -> number, double -> string of .NET
 *   ToString("R") ("0.1", "4.94065645841247E-324", "NaN", "Infinity", "-Infinity", "-0"), boolean, string/null,
 *   dateTime -> { value: XmlConvert RoundtripKind string, kind: "Unspecified"|"Utc"|"Local" },
 *   base64Binary -> base64 string, lists -> arrays (null for a null list),
 *   enums -> member name, records -> objects with fields in declaration order.
 */
import { readFileSync, statSync } from "node:fs";

export type Binding = "soap11" | "soap12" | "httpGet" | "httpPost" | "unknown";

export interface LogDate {
  value: string;
  kind: "Unspecified" | "Utc" | "Local";
}

export type Canonical = null | string | number | boolean | LogDate | Canonical[] | { [field: string]: Canonical };

export interface LogEntry {
  /** 1-based call counter of the server process */
  seq: number;
  /** operation (C# method) name, e.g. "GetSmsPrice", "getMessages" */
  op: string;
  /** request path as ASP.NET saw it, e.g. "/post/Send.asmx" or "/post/Send.asmx/GetSmsPrice" */
  path: string;
  method: string;
  binding: Binding;
  contentType: string | null;
  /** raw SOAPAction header value including its quotes, or null */
  soapAction: string | null;
  /** only when the request named headers in X-Fixture-Log-Headers: each of them as received (null when absent) */
  headers?: Record<string, string | null>;
  /** every parameter, in declaration order, as the service received it */
  params: Record<string, Canonical>;
  /** SOAP only: local name of the element inside soap:Body */
  soapOperation: string | null;
  /** SOAP only: namespace URI of that element */
  soapNamespace: string | null;
  /** SOAP only: local names of the operation element's children in the raw body, in order */
  soapOrder: string[] | null;
  /** SOAP only: namespace URI of each of those children ("" when unqualified: ASMX then ignores it) */
  soapChildNamespaces: string[] | null;
  /** HTTP GET/POST only: parameter names of the query string / form body in order, repeats kept */
  httpKeys: string[] | null;
  /** what the method returned (canonical), null for null or when it threw */
  returned: Canonical;
  /** "fixture fault: <op>" when the method threw, else null */
  fault: string | null;
}

export function readLog(path: string): LogEntry[] {
  return parseLines(readFileSync(path, "utf8"));
}

function parseLines(text: string): LogEntry[] {
  return text
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as LogEntry);
}

/** Last entry of an operation (optionally also matching `where`). */
export function lastEntryFor(path: string, op: string, where?: (e: LogEntry) => boolean): LogEntry | undefined {
  const all = readLog(path);
  for (let i = all.length - 1; i >= 0; i--) {
    const e = all[i]!;
    if (e.op === op && (where === undefined || where(e))) return e;
  }
  return undefined;
}

/**
 * Marks a position in the log; `entries()` returns only what was appended after the mark.
 * Test files run in parallel against one server, so also filter by something unique
 * to the test (e.g. a unique username, see `uniqueName`).
 */
export class LogCursor {
  private offset = 0;
  constructor(readonly path: string) {
    this.mark();
  }
  mark(): void {
    this.offset = statSync(this.path).size;
  }
  entries(): LogEntry[] {
    const buf = readFileSync(this.path);
    return parseLines(buf.subarray(this.offset).toString("utf8"));
  }
  last(op?: string, where?: (e: LogEntry) => boolean): LogEntry | undefined {
    const all = this.entries().filter((e) => (op === undefined || e.op === op) && (where === undefined || where(e)));
    return all[all.length - 1];
  }
}

let counter = 0;
/** A name unique to this test process, handy as `username` to find one's own log entries. */
export function uniqueName(prefix = "u"): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter}`;
}
