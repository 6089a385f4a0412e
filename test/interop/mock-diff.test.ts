/**
 * Differential test of the test kit against the real ASMX runtime (Mono System.Web.Services): for
 * every operation × binding (35 × 4 = 140 cells) the same client call goes to the Mono fixture and
 * to the mock, whose handler returns what the fixture returned for those inputs (the fixture's log
 * `returned`). Per cell:
 *   (a) the two response bodies are equal as XML infosets (elements by namespace and local name,
 *       attributes other than namespace declarations, text; indentation and prefixes aside), and
 *       the cell also counts whether they are byte-identical;
 *   (b) status and content type are equal, and the client decodes both to deep-equal values;
 *   (c) the mock read the request as sent: its call log holds the parameters the client sent.
 * The same for faults (the web method throws; Mono's stack trace lines removed) and nil / empty
 * results in every binding, and for requests ASMX refuses (wrong SOAPAction, content type,
 * namespace, missing or bad parameters, unknown methods): same status, content type, fault code
 * and message (Mono's unformatted `{0}` placeholders match any text).
 * The afterAll hook prints the matrix.
 */
import { afterAll, describe, expect, inject, onTestFailed, test } from "vitest";
import {
  XsdDateTime,
  createConfig,
  type Binding,
  type OperationDescriptor,
} from "../../generated/src/index.ts";
import {
  createMockService,
  fault,
  type MockCall,
} from "../../generated/src/testing/index.ts";
import {
  fromCanonical,
  handlersFor,
  infoset,
  withoutStackTrace,
} from "../testing/support.ts";
import {
  BINDING_LIST,
  HARD_PASSWORD,
  OPERATIONS,
  OPERATION_BY_NAME,
  casesFor,
  isSoap,
} from "./cases.ts";
import { LogCursor, uniqueName, type Canonical, type LogEntry } from "./log.ts";

const base = inject("asmxBaseUrl");
const logPath = inject("asmxLogPath");
const monoMissing = inject("monoMissing");

interface Captured {
  status: number;
  contentType: string;
  body: string;
}

/** One call through the generated function over `fetchFn`, capturing the response. */
async function call(
  name: string,
  binding: Binding,
  baseUrl: string,
  fetchFn: typeof fetch,
  username: string,
  password: string,
  params: Record<string, unknown>,
) {
  const { fn } = OPERATION_BY_NAME.get(name)!;
  let captured: Captured | undefined;
  const capture: typeof fetch = async (input, init) => {
    const res = await fetchFn(input, init);
    captured = {
      status: res.status,
      contentType: res.headers.get("content-type") ?? "",
      body: await res.clone().text(),
    };
    return res;
  };
  const config = createConfig({
    baseUrl,
    credentials: { username, password },
    binding,
    fetch: capture,
  });
  let result: unknown;
  let error: unknown;
  try {
    result = await fn(config, params);
  } catch (err) {
    error = err;
  }
  return { result, error, captured: captured! };
}

/** Mono first, then the mock answering with what Mono's method returned (or throwing its exception). */
async function differential(
  name: string,
  binding: Binding,
  password: string,
  params = casesFor(name, binding),
  username = uniqueName(`d-${name}`),
) {
  const cursor = new LogCursor(logPath);
  const mono = await call(
    name,
    binding,
    base,
    fetch,
    username,
    password,
    params,
  );
  const entry: LogEntry | undefined = cursor.last(
    name,
    (e) => e.params["username"] === username,
  );
  if (entry === undefined)
    throw new Error(
      `no log entry for ${name} (${binding}); Mono answered ${mono.captured?.status}: ${mono.captured?.body.slice(0, 300)}`,
    );
  const op = OPERATION_BY_NAME.get(name)!.op;
  const mock = createMockService(
    handlersFor(name, () => {
      if (entry.fault !== null)
        throw fault(entry.fault, { type: "System.InvalidOperationException" });
      return fromCanonical(op, entry.returned as Canonical);
    }),
    { revealSecrets: true },
  );
  const mocked = await call(
    name,
    binding,
    "http://mock.test",
    mock.fetch,
    username,
    password,
    params,
  );
  return { mono, mocked, entry, op, calls: mock.calls };
}

/** Asserts (a) and (b); returns whether the bodies are byte-identical. */
function compareResponses(
  mono: Awaited<ReturnType<typeof call>>,
  mocked: Awaited<ReturnType<typeof call>>,
): boolean {
  expect(mocked.captured.status, "status").toBe(mono.captured.status);
  expect(mocked.captured.contentType, "content type").toBe(
    mono.captured.contentType,
  );
  if (mono.captured.contentType.startsWith("text/plain")) {
    expect(withoutStackTrace(mocked.captured.body)).toBe(
      withoutStackTrace(mono.captured.body),
    );
  } else {
    expect(
      infoset(mocked.captured.body, withoutStackTrace),
      "XML infoset",
    ).toEqual(infoset(mono.captured.body, withoutStackTrace));
  }
  if (mono.error === undefined) {
    expect(mocked.error, "the mock's answer decodes").toBeUndefined();
    expect(mocked.result, "decoded values").toEqual(mono.result);
  } else {
    const strip = (e: unknown) => {
      const err = e as Error & {
        serviceMessage?: string;
        faultCode?: string;
        status?: number;
        detail?: string;
        actor?: string;
      };
      return {
        name: err.name,
        status: err.status,
        faultCode: err.faultCode,
        actor: err.actor,
        detail: err.detail,
        message: withoutStackTrace(err.serviceMessage ?? err.message),
      };
    };
    expect(strip(mocked.error), "decoded errors").toEqual(strip(mono.error));
  }
  return mocked.captured.body === mono.captured.body;
}

/** (c): the parameters the mock logged are the ones the client sent (credentials apart). */
function expectReceived(
  op: OperationDescriptor,
  binding: Binding,
  sent: Record<string, unknown>,
  received: unknown,
): void {
  const expected: Record<string, unknown> = {};
  for (const p of op.params) {
    if (p.credential !== null) continue;
    const v = sent[p.prop];
    if (v === undefined || v === null)
      expected[p.prop] = isSoap(binding) ? null : "";
    else if (v instanceof Date) expected[p.prop] = XsdDateTime.fromDate(v);
    else if (Array.isArray(v))
      expected[p.prop] = v.map((x: unknown) =>
        x instanceof Date ? XsdDateTime.fromDate(x) : x,
      );
    else expected[p.prop] = v;
  }
  expect(received, "parameters as the mock read them").toEqual(expected);
}

/** A raw response body without the stack trace lines of the exception text it carries. */
const stripTrace = (body: string): string =>
  body
    .replace(/\n[ \t]+at [^\n]*/g, "")
    .replace(/\n[ \t]*--- End of inner exception stack trace ---/g, "");

// ---------------------------------------------------------------------------------------------

const cells = new Map<string, "=" | "≈" | "✗">();
const key = (op: string, b: Binding): string => `${op}|${b}`;
const extra: string[] = [];

function printMatrix(): void {
  if (cells.size === 0) return;
  const names = OPERATIONS.map((o) => o.name);
  const w = Math.max(...names.map((n) => n.length), "operation".length);
  const cols = BINDING_LIST.map((b) => b.padEnd(8));
  const lines = [
    `${"operation".padEnd(w)} | ${cols.join(" | ")}`,
    `${"-".repeat(w)}-|-${cols.map(() => "-".repeat(8)).join("-|-")}`,
  ];
  let ok = 0;
  let identical = 0;
  for (const n of names) {
    const row = BINDING_LIST.map((b) => {
      const v = cells.get(key(n, b));
      if (v === "=" || v === "≈") ok += 1;
      if (v === "=") identical += 1;
      return (v ?? "·").padEnd(8);
    });
    lines.push(`${n.padEnd(w)} | ${row.join(" | ")}`);
  }
  lines.push(
    `${ok}/${names.length * BINDING_LIST.length} cells equal as XML infosets and decoded values (= byte-identical: ${identical}, ≈ infoset-equal only: ${ok - identical})`,
  );
  console.log(
    `\nDifferential matrix (Mono ASMX vs the generated test kit's mock):\n${lines.join("\n")}\n${extra.join("\n")}\n`,
  );
}

afterAll(printMatrix);

describe.skipIf(monoMissing)(
  "differential: every operation × binding, Mono vs the mock",
  () => {
    for (const { name, op } of OPERATIONS) {
      for (const binding of BINDING_LIST) {
        test(`${name} × ${binding}`, async () => {
          cells.set(key(name, binding), "✗");
          const params = casesFor(name, binding);
          const { mono, mocked, calls } = await differential(
            name,
            binding,
            HARD_PASSWORD,
            params,
          );
          expect(mono.error, "Mono answered the call").toBeUndefined();
          const same = compareResponses(mono, mocked);
          expect(calls).toHaveLength(1);
          const c = calls[0] as MockCall;
          expect(c.binding).toBe(binding);
          expect(c.credentials.password).toBe(HARD_PASSWORD);
          expectReceived(op, binding, params, c.params);
          cells.set(key(name, binding), same ? "=" : "≈");
        });
      }
    }
  },
);

const NULLABLE = OPERATIONS.filter((o) => o.op.result.nullable);
const LISTS = OPERATIONS.filter((o) => o.op.result.kind === "list");
const STRINGS = OPERATIONS.filter(
  (o) =>
    o.op.result.kind === "scalar" &&
    o.op.result.type.kind === "scalar" &&
    o.op.result.type.name === "string",
);

describe.skipIf(monoMissing)(
  "differential: faults, nil and empty results in every binding",
  () => {
    for (const binding of BINDING_LIST) {
      test(`every operation's fault (the web method throws) (${binding})`, async () => {
        let identical = 0;
        for (const { name } of OPERATIONS) {
          const { mono, mocked, entry } = await differential(
            name,
            binding,
            HARD_PASSWORD,
            casesFor(name, binding),
            uniqueName("fault").replace(/^fault-.*$/, "fault"),
          );
          expect(entry.fault, name).toBe(`fixture fault: ${name}`);
          expect(mono.error, name).toBeDefined();
          compareResponses(mono, mocked);
          if (mocked.captured.body === stripTrace(mono.captured.body))
            identical += 1;
        }
        extra.push(
          `faults (${binding}): ${OPERATIONS.length}/${OPERATIONS.length} equal (${identical} byte-identical to Mono's body with its stack trace lines cut out)`,
        );
      });

      test(`nil results of every nullable operation, empty lists and strings (${binding})`, async () => {
        expect(NULLABLE.length).toBeGreaterThanOrEqual(17);
        let n = 0;
        for (const { name } of NULLABLE) {
          const { mono, mocked, entry } = await differential(
            name,
            binding,
            "null",
          );
          expect(entry.returned, name).toBeNull();
          expect(mono.result, name).toBeNull();
          expect(
            compareResponses(mono, mocked),
            `${name}: byte-identical nil`,
          ).toBe(true);
          n += 1;
        }
        for (const { name } of [...LISTS, ...STRINGS]) {
          const { mono, mocked } = await differential(name, binding, "empty");
          expect(
            compareResponses(mono, mocked),
            `${name}: byte-identical empty`,
          ).toBe(true);
          n += 1;
        }
        extra.push(
          `nil and empty results (${binding}): ${n}/${n} byte-identical`,
        );
      });
    }
  },
);

// ---------------------------------------------------------------------------------------------
// Requests ASMX refuses

const NS = "http://tempuri.org/";
const S11 = "http://schemas.xmlsoap.org/soap/envelope/";
const S12 = "http://www.w3.org/2003/05/soap-envelope";
const env = (ns: string, inner: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${ns}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
const opEl = (name: string, ns: string, inner: string): string =>
  `<${name} xmlns="${ns}">${inner}</${name}>`;
const P = `<username>u</username><password>p</password><OperatorACount>1</OperatorACount><OperatorBCount>2</OperatorBCount><from>f</from><text>t</text>`;
const Q =
  "username=u&password=p&OperatorACount=1&OperatorBCount=2&from=f&text=t";
const post = (
  contentType: string | null,
  headers: Record<string, string>,
  body: string,
): RequestInit => ({
  method: "POST",
  headers: {
    ...(contentType === null ? {} : { "Content-Type": contentType }),
    ...headers,
  },
  body,
});
const SOAP11 = "text/xml; charset=utf-8";
const SOAP12 = "application/soap+xml; charset=utf-8";
const action = (op: string): Record<string, string> => ({
  SOAPAction: `"${NS}${op}"`,
});

const REFUSED: Array<[label: string, path: string, init: RequestInit]> = [
  [
    "SOAP 1.1: SOAPAction of an operation the endpoint does not have",
    "/post/Send.asmx",
    post(SOAP11, action("RemoveCode"), env(S11, opEl("GetSmsPrice", NS, P))),
  ],
  [
    "SOAP 1.1: empty SOAPAction",
    "/post/Send.asmx",
    post(SOAP11, { SOAPAction: '""' }, env(S11, opEl("GetSmsPrice", NS, P))),
  ],
  [
    "SOAP 1.1: no SOAPAction, operation element in another namespace",
    "/post/Send.asmx",
    post(SOAP11, {}, env(S11, opEl("GetSmsPrice", "http://other.example/", P))),
  ],
  [
    "SOAP 1.2: operation element in another namespace",
    "/post/Send.asmx",
    post(SOAP12, {}, env(S12, opEl("GetSmsPrice", "http://other.example/", P))),
  ],
  [
    "SOAP 1.2: unknown operation element",
    "/post/Send.asmx",
    post(SOAP12, {}, env(S12, opEl("Nope", NS, P))),
  ],
  [
    "SOAP: content type text/plain",
    "/post/Send.asmx",
    post(
      "text/plain",
      action("GetSmsPrice"),
      env(S11, opEl("GetSmsPrice", NS, P)),
    ),
  ],
  [
    "SOAP: no content type",
    "/post/Send.asmx",
    post(null, action("GetSmsPrice"), env(S11, opEl("GetSmsPrice", NS, P))),
  ],
  [
    "SOAP 1.1 envelope sent as application/soap+xml",
    "/post/Send.asmx",
    post(SOAP12, {}, env(S11, opEl("GetSmsPrice", NS, P))),
  ],
  [
    "SOAP: malformed XML",
    "/post/Send.asmx",
    post(
      SOAP11,
      action("GetSmsPrice"),
      env(S11, opEl("GetSmsPrice", NS, P)).slice(0, -5),
    ),
  ],
  [
    "SOAP 1.1: an int that is not a number",
    "/post/Send.asmx",
    post(
      SOAP11,
      action("GetSmsPrice"),
      env(
        S11,
        opEl(
          "GetSmsPrice",
          NS,
          P.replace("<OperatorACount>1", "<OperatorACount>x"),
        ),
      ),
    ),
  ],
  [
    "SOAP 1.2: an int out of range",
    "/post/Send.asmx",
    post(
      SOAP12,
      {},
      env(
        S12,
        opEl(
          "GetSmsPrice",
          NS,
          P.replace("<OperatorACount>1", "<OperatorACount>99999999999"),
        ),
      ),
    ),
  ],
  [
    "SOAP 1.1: boolean True",
    "/post/Users.asmx",
    post(
      SOAP11,
      action("ChangeUserCredit3"),
      env(
        S11,
        opEl(
          "ChangeUserCredit3",
          NS,
          "<rialAmount>1</rialAmount><getTax>True</getTax>",
        ),
      ),
    ),
  ],
  [
    "SOAP 1.1: unknown enum member",
    "/post/Schedule.asmx",
    post(
      SOAP11,
      action("AddSchedule"),
      env(S11, opEl("AddSchedule", NS, "<period>Nope</period>")),
    ),
  ],
  [
    "HTTP GET: a missing int",
    `/post/Send.asmx/GetSmsPrice?${Q.replace("OperatorACount=1&", "")}`,
    {},
  ],
  [
    "HTTP GET: a missing string",
    `/post/Send.asmx/GetSmsPrice?${Q.replace("&from=f", "")}`,
    {},
  ],
  [
    "HTTP GET: a key without =",
    `/post/Send.asmx/GetSmsPrice?${Q.replace("from=f", "from")}`,
    {},
  ],
  [
    "HTTP GET: an int that is not a number",
    `/post/Send.asmx/GetSmsPrice?${Q.replace("OperatorACount=1", "OperatorACount=x")}`,
    {},
  ],
  [
    "HTTP GET: an int out of range",
    `/post/Send.asmx/GetSmsPrice?${Q.replace("OperatorACount=1", "OperatorACount=99999999999")}`,
    {},
  ],
  [
    "HTTP GET: boolean 1",
    "/post/Users.asmx/ChangeUserCredit3?username=u&password=p&rialAmount=1&description=d&targetUsername=t&getTax=1&getBudget=true",
    {},
  ],
  [
    "HTTP GET: double INF",
    "/post/Users.asmx/DeductUserCredit?username=u&password=p&amount=INF&description=d",
    {},
  ],
  [
    "HTTP GET: unknown enum member",
    "/post/Schedule.asmx/AddSchedule?username=u&password=p&to=a&from=b&text=c&isflash=true&scheduleDateTime=2024-01-01T00:00:00&period=Nope",
    {},
  ],
  ["HTTP GET: unknown method", `/post/Send.asmx/Nope?${Q}`, {}],
  [
    "HTTP GET: method name in another case",
    `/post/Send.asmx/getsmsprice?${Q}`,
    {},
  ],
  [
    "HTTP POST: unknown method",
    "/post/Send.asmx/Nope",
    post("application/x-www-form-urlencoded", {}, Q),
  ],
  [
    "HTTP POST: no content type",
    "/post/Send.asmx/GetSmsPrice",
    post(null, {}, Q),
  ],
  [
    "HTTP POST: content type text/xml",
    "/post/Send.asmx/GetSmsPrice",
    post("text/xml", {}, Q),
  ],
  [
    "HTTP POST: parameters in the query string only",
    `/post/Send.asmx/GetSmsPrice?${Q}`,
    post("application/x-www-form-urlencoded", {}, ""),
  ],
  [
    "HTTP GET: request validation (<b>)",
    `/post/Send.asmx/GetSmsPrice?${Q.replace("from=f", "from=%3Cb%3E")}`,
    {},
  ],
  [
    "HTTP POST: request validation (&#, long value cut short)",
    "/post/Send.asmx/GetSmsPrice",
    post(
      "application/x-www-form-urlencoded",
      {},
      Q.replace("from=f", "from=abcdefghijklmnopqrstuvwxyz%26%2365%3B"),
    ),
  ],
  [
    "HTTP GET: a query string over 2,048 characters (all 256 byte values)",
    `/post/Voice.asmx/UploadVoiceFileByte?username=u&password=p&title=t&${Array.from({ length: 256 }, (_, i) => `file=${i}`).join("&")}`,
    {},
  ],
  [
    "an endpoint file that does not exist",
    `/post/Nope.asmx/GetSmsPrice?${Q}`,
    {},
  ],
  ["PUT to an endpoint file", "/post/Send.asmx", { method: "PUT", body: "x" }],
];

/** Mono's message (placeholders `{0}` unformatted, HTML-encoded quotes, positions) as a pattern for the mock's. */
function messagePattern(text: string): RegExp {
  const t = text.replace(/&#39;/g, "'").replace(/ \(\d+, \d+\)/g, "");
  const parts = t
    .split(/\{\d\}/)
    .map((s) =>
      s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"),
    );
  return new RegExp(`^${parts.join(".*?")}`);
}
const normalizeMock = (text: string): string => text.replace(/&#39;/g, "'");

/** The fault code and first line of the text of a SOAP fault, or the first lines of an HTTP error text. */
function faultOf(r: Captured): { code: string | null; text: string } {
  if (r.contentType.startsWith("text/plain"))
    return { code: null, text: withoutStackTrace(r.body) };
  if (!r.contentType.includes("xml") || r.body === "")
    return { code: null, text: "" };
  const doc = infoset(r.body);
  const find = (el: typeof doc, local: string): string | null => {
    for (const c of el.children) {
      if (typeof c === "string") continue;
      if (c.name.endsWith(`}${local}`))
        return c.children
          .filter((x): x is string => typeof x === "string")
          .join("");
      const inner = find(c, local);
      if (inner !== null) return inner;
    }
    return null;
  };
  return {
    code: find(doc, "faultcode") ?? find(doc, "Value"),
    text: withoutStackTrace(
      find(doc, "faultstring") ?? find(doc, "Text") ?? "",
    ),
  };
}

describe.skipIf(monoMissing)(
  "differential: requests ASMX refuses, refused alike",
  () => {
    const mock = createMockService({
      send: { GetSmsPrice: () => 1 },
      users: { ChangeUserCredit3: () => 1, DeductUserCredit: () => 1 },
      schedule: { AddSchedule: () => 1 },
    });
    let n = 0;
    afterAll(() => {
      if (n > 0)
        extra.push(
          `refused requests: ${n}/${REFUSED.length} answered alike (status, content type, fault code, message)`,
        );
    });
    for (const [label, path, init] of REFUSED) {
      test(label, async () => {
        const get = async (url: string, f: typeof fetch): Promise<Captured> => {
          const r = await f(url, init);
          return {
            status: r.status,
            contentType: r.headers.get("content-type") ?? "",
            body: await r.text(),
          };
        };
        const mono = await get(base + path, fetch);
        const mocked = await get(`http://mock.test${path}`, mock.fetch);
        expect(mono.status, "Mono refuses it").toBeGreaterThanOrEqual(400);
        expect(mocked.status, "status").toBe(mono.status);
        expect(mocked.contentType.split(";")[0], "content type").toBe(
          mono.contentType.split(";")[0],
        );
        const [m, k] = [faultOf(mono), faultOf(mocked)];
        expect(k.code, "fault code").toBe(m.code);
        const firstLines = (s: string) => s.split("\n").slice(0, 2).join("\n");
        expect(
          normalizeMock(firstLines(k.text)),
          `message (Mono: ${firstLines(m.text)})`,
        ).toMatch(messagePattern(firstLines(m.text)));
        n += 1;
      });
    }

    test("SOAP 1.1 routes by SOAPAction: an operation element in another namespace is read as no parameters (200 on both)", async () => {
      const username = "u";
      const body = env(S11, opEl("GetSmsPrice", "http://other.example/", P));
      const cursor = new LogCursor(logPath);
      const mono = await fetch(
        `${base}/post/Send.asmx`,
        post(SOAP11, action("GetSmsPrice"), body),
      );
      await mono.text();
      const entry = cursor.last(
        "GetSmsPrice",
        (e) => e.binding === "soap11" && e.params["username"] === null,
      );
      const local = createMockService({ send: { GetSmsPrice: () => 0.5 } });
      const mocked = await local.fetch(
        "http://mock.test/post/Send.asmx",
        post(SOAP11, action("GetSmsPrice"), body),
      );
      expect(mono.status).toBe(200);
      expect(mocked.status).toBe(200);
      expect(entry?.params).toMatchObject({
        username: null,
        password: null,
        OperatorACount: 0,
        OperatorBCount: 0,
        from: null,
        text: null,
      });
      expect(local.calls[0]?.params).toEqual({
        OperatorACount: 0,
        OperatorBCount: 0,
        from: null,
        text: null,
      });
      expect(local.calls[0]?.credentials).toEqual({
        username: null,
        password: null,
      });
      void username;
    });

    test("SOAP: a missing value-type parameter is read as its default on both (ASMX does not refuse it)", async () => {
      const username = uniqueName("missing");
      const body = env(
        S11,
        opEl(
          "GetSmsPrice",
          NS,
          P.replace(
            "<username>u</username>",
            `<username>${username}</username>`,
          ).replace("<OperatorACount>1</OperatorACount>", ""),
        ),
      );
      const cursor = new LogCursor(logPath);
      const mono = await fetch(
        `${base}/post/Send.asmx`,
        post(SOAP11, action("GetSmsPrice"), body),
      );
      await mono.text();
      const entry = cursor.last(
        "GetSmsPrice",
        (e) => e.params["username"] === username,
      );
      const local = createMockService({ send: { GetSmsPrice: () => 0.5 } });
      const mocked = await local.fetch(
        "http://mock.test/post/Send.asmx",
        post(SOAP11, action("GetSmsPrice"), body),
      );
      expect([mono.status, mocked.status]).toEqual([200, 200]);
      expect(entry?.params["OperatorACount"]).toBe(0);
      expect(local.calls[0]?.params).toMatchObject({
        OperatorACount: 0,
        OperatorBCount: 2,
      });
    });
  },
);
