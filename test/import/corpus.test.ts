/**
 * The corpus of C# ASMX services (test/import/corpus/Corpus.cs) on Mono: the WSDL that Mono
 * publishes for each endpoint file is imported over HTTP; the spec written is the reviewed golden
 * test/import/corpus/expected.yaml (every construct: all XSD built-ins, guid, char, nested records,
 * arrays in records and as parameters, repeated elements ([XmlElement] arrays), int?, enums, [Flags]
 * enums, inheritance (abstract and concrete bases, two levels), SOAP headers in, out and in/out,
 * DataSet, XmlElement, void, MessageName overloads, SOAP-only operations and endpoint files);
 * `verify` of that golden against the live service passes, and a drifted copy fails. The generated
 * client then calls every operation generate serves over every binding the WSDL offers: records
 * as parameters and results, subtypes, list/repeated fields and SOAP headers are checked by what
 * the service echoes back (or reports in its out header) and what the client decoded.
 * Without Mono the suite is skipped (a failure under CI=true).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runImport } from "../../generator/commands/import.ts";
import { runVerify } from "../../generator/commands/verify.ts";
import { generate } from "../../generator/generate.ts";
import { loadModelText } from "../../generator/load.ts";
import { readSpecDocument } from "../../generator/spec/load.ts";
import { specToYaml } from "../../generator/wsdl/write-yaml.ts";
import { monoAvailable } from "../interop/mono-server.ts";
import { CORPUS_ENDPOINTS, corpusDir, startCorpus, type CorpusServer } from "./corpus-server.ts";
import { combinedSpec, servableSpecs } from "./servable.ts";
import { repoRoot, tempDir } from "./support.ts";

/** A value of each scalar to echo, and how to compare what comes back. */
const VALUES: Record<string, { value: unknown; same?: (sent: unknown, got: unknown) => boolean }> = {
  string: { value: 'héllo <&> "q" 𝄞 سلام' },
  boolean: { value: true },
  byte: { value: -128 },
  unsignedByte: { value: 255 },
  short: { value: -32768 },
  unsignedShort: { value: 65535 },
  int: { value: -2147483648 },
  unsignedInt: { value: 4294967295 },
  long: { value: 9223372036854775807n },
  unsignedLong: { value: 18446744073709551615n },
  float: { value: 0.5 },
  double: { value: 0.1 },
  decimal: { value: "79228162514264337593543950335" },
  dateTime: { value: new Date("2024-02-29T12:34:56.789Z"), same: (s, g) => (g as { toDate(o: number): Date }).toDate(0).getTime() === (s as Date).getTime() },
  date: { value: "2024-02-29" },
  time: { value: "13:45:30", same: (_s, g) => typeof g === "string" && g.startsWith("13:45:30") },
  duration: { value: "P1DT2H3M4.5S" },
  // (no "<" + letter: ASP.NET request validation refuses it in HTTP GET/POST, see test/interop/NOTES.md)
  anyURI: { value: "http://example.com/a b?c=1&d=é#f" },
  guid: { value: "0f8fad5b-d9cb-469f-a165-70867728950e" },
  base64Binary: { value: new Uint8Array([0, 1, 127, 128, 255]) },
  // Leaf types (h-leaves): hex in SOAP, decimals per byte / base64 answers in HTTP GET/POST; a
  // char is its code unit's number in SOAP and in answers, the character itself in HTTP parameters.
  hexBinary: { value: new Uint8Array([0, 1, 127, 128, 255]) },
  char: { value: "é" },
  QName: { value: { namespace: "urn:x", name: "n" } },
};

/** Raw XML content, compared as plain data (the decoded tree has every field; the sent one may omit some). */
const tree = (nodes: unknown): unknown =>
  (nodes as unknown[]).map((n) =>
    typeof n === "string"
      ? n
      : (({ name, namespace, attributes, children }: { name: string; namespace?: string; attributes?: Array<{ name: string; namespace?: string; value: string }>; children?: unknown[] }) => ({
          name,
          namespace: namespace ?? "",
          attributes: (attributes ?? []).map((a) => ({ name: a.name, namespace: a.namespace ?? "", value: a.value })),
          children: tree(children ?? []),
        }))(n as never),
  );
const SENT_XML = [{ name: "in", namespace: "urn:x", prefix: "x", attributes: [{ name: "b", namespace: "urn:x", value: 'two "<&>"' }, { name: "plain", value: "\t1\n" }], children: ["hi & <", { name: "y" }, { name: "z", namespace: "urn:z", children: ["é 𝄞"] }] }];
/** The DataSet of Table(2): its schema and a diffgram of two rows, the same tree from every binding (indentation dropped). */
const isTable = (_s: unknown, got: unknown): boolean => {
  const [schema, diffgram] = got as Array<{ name: string; namespace: string; children: Array<{ name: string; children: Array<{ name: string; attributes: Array<{ name: string; value: string }>; children: Array<{ name: string; children: unknown[] }> }> }> }>;
  if ((got as unknown[]).length !== 2 || schema?.name !== "schema" || schema.namespace !== "http://www.w3.org/2001/XMLSchema") return false;
  if (diffgram?.name !== "diffgram" || diffgram.namespace !== "urn:schemas-microsoft-com:xml-diffgram-v1") return false;
  const rows = diffgram.children[0]?.children ?? [];
  return diffgram.children[0]?.name === "Data" && rows.length === 2 && rows.every((r, i) => r.name === "Row" && r.attributes.some((a) => a.name === "id" && a.value === `Row${i + 1}`) && JSON.stringify(r.children) === JSON.stringify([{ name: "N", namespace: "", prefix: "", namespaces: [], attributes: [], children: [String(i)] }]));
};
const show = (v: unknown): string => (typeof v === "object" && v !== null && !(v instanceof Uint8Array) ? JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : x)) : String(v));

/** A record with nested records, int? (nil), lists of scalars and records, an enum and a [Flags] enum. */
const PERSON = { Name: "Ada <&>", Age: null, Home: { Street: "Main 1", Number: 7 }, Tags: ["a", "", "c"], Others: [{ Street: "x", Number: -1 }, { Street: null, Number: 0 }], Favorite: "Blue", Rights: ["Read", "Admin"] };
/** Every record construct of the Structs service: nil int?, nested and listed records, subtypes in a field and in a list (two levels), repeated elements, a long. */
const DRAWING = {
  Title: "t <&> 𝄞",
  Layer: null,
  Origin: { X: 1, Y: 2 },
  Path: [{ X: 3, Y: 4 }, { X: 5, Y: 6 }],
  Notes: ["n1", ""],
  Main: { $type: "Ring", Label: "r", Radius: 2.5, Inner: 1 },
  Shapes: [{ $type: "Shape", Label: "p" }, { $type: "Square", Label: "s", Side: 3 }, { $type: "Circle", Label: null, Radius: 0.5 }],
  Tag: ["x", "y"],
  Version: 9007199254740993n,
};
/** A record with every scalar generate serves (hexBinary and char aside: see the leaves helper's branch). */
const MIXED = {
  S: 'héllo <&> "q" 𝄞',
  B: true,
  I8: -128,
  U8: 255,
  I16: -32768,
  U16: 65535,
  I32: -2147483648,
  U32: 4294967295,
  I64: -9223372036854775808n,
  U64: 18446744073709551615n,
  F32: 0.5,
  F64: 0.1,
  Dec: "79228162514264337593543950335",
  When: new Date("2024-02-29T12:34:56.789Z"),
  Day: "2024-02-29",
  Clock: "13:45:30",
  Span: "P1DT2H3M4.5S",
  Uri: "http://example.com/a b?c=1&d=é#f",
  Bytes: new Uint8Array([0, 1, 127, 128, 255]),
  Id: "0f8fad5b-d9cb-469f-a165-70867728950e",
  Tint: "Green",
  Rights: ["Read", "Write"],
  Maybe: null,
  MaybeD: -2.5,
};
/** AllScalars of the Scalars service (hexBinary and char need the leaf types' branch). */
const ALL = {
  S: MIXED.S, B: false, I8: 127, U8: 0, I16: 32767, U16: 0, I32: 2147483647, U32: 0, I64: 9223372036854775807n, U64: 0n, F32: -0.25, F64: 1e300,
  Dec: "-12345.6789", When: MIXED.When, Day: "2000-01-01", Span: "PT1S", Bytes: new Uint8Array([1, 2]), Hex: new Uint8Array([0, 171, 255]),
  Id: "00000000-0000-0000-0000-000000000000", Letter: "é",
};
/** Field by field: the dateTime as the same instant, the time from its first 8 characters (Mono adds fraction and offset). */
const sameMixed = (sent: unknown, got: unknown): boolean => {
  const s = sent as Record<string, unknown>;
  const g = got as Record<string, unknown> | null;
  if (g === null || Object.keys(g).join() !== Object.keys(s).join()) return false;
  return Object.keys(s).every((k) =>
    k === "When" ? (g[k] as { toDate(o: number): Date }).toDate(0).getTime() === (s[k] as Date).getTime() : k === "Clock" ? String(g[k]).startsWith("13:45:30") : same(s[k], g[k]),
  );
};

/** What StructsService.Sample("T", 2) builds. */
const SAMPLE = {
  Title: "T",
  Layer: 2,
  Origin: { X: 2, Y: -2 },
  Path: [{ X: 0, Y: 0 }, { X: 1, Y: 1 }],
  Notes: ["a", ""],
  Main: { $type: "Ring", Label: "r", Radius: 2.5, Inner: 1 },
  Shapes: [{ $type: "Shape", Label: "plain" }, { $type: "Square", Label: "sq", Side: 2 }, { $type: "Circle", Label: "c", Radius: 0.5 }],
  Tag: ["x", "y"],
  Version: 9007199254740993n,
};

const same = (a: unknown, b: unknown): boolean =>
  a instanceof Uint8Array && b instanceof Uint8Array ? Buffer.from(a).equals(Buffer.from(b)) : typeof a === "object" && a !== null ? JSON.stringify(a, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v)) === JSON.stringify(b, (_k, v: unknown) => (typeof v === "bigint" ? `${v}n` : v)) : Object.is(a, b);

const mono = monoAvailable();
if (!mono && process.env.CI === "true") throw new Error("corpus suite: Mono not found (install mono-devel); CI=true, so this is a failure");
const expectedFile = join(corpusDir, "expected.yaml");

describe.skipIf(!mono)("corpus of ASMX services on Mono: import and verify", () => {
  let server: CorpusServer;
  let urls: string[];
  const tmp = tempDir("asmx-corpus-");
  beforeAll(async () => {
    server = await startCorpus();
    urls = CORPUS_ENDPOINTS.map((p) => `${server.baseUrl}${p}?WSDL`);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    tmp.remove();
  });

  test("import of the live WSDLs writes the reviewed spec (golden), reporting nothing skipped", async () => {
    const out = join(tmp.dir, "corpus.yaml");
    const r = await runImport({ sources: urls, out, serviceName: "Corpus", packageName: "corpus-client" });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote .*: 5 WSDL documents: 5 endpoints, 56 operations, 18 records, 2 enums \(\d+ ms\)\.\n$/);
    const text = readFileSync(out, "utf8")
      .replaceAll(server.baseUrl, "http://127.0.0.1:PORT")
      .replace(/^# yaml-language-server: .*$/m, "# yaml-language-server: $schema=../../../spec/service.schema.json");
    await expect(text).toMatchFileSnapshot(expectedFile);
  }, 60_000);

  test("verify: the golden matches the live service; a drifted copy fails with the expected lines", async () => {
    process.chdir(repoRoot);
    const ok = await runVerify({ spec: expectedFile, specName: "expected.yaml", against: urls });
    expect(ok.stderr).toBe("");
    expect(ok.stdout).toBe("expected.yaml matches 5 WSDL documents (56 operations, 18 records, 2 enums).\n");
    expect(ok.code).toBe(0);

    // What the WSDL cannot say (a secret header field, a description) is no drift.
    const handFile = join(tmp.dir, "hand.yaml");
    writeFileSync(handFile, readFileSync(expectedFile, "utf8").replace("      - { name: Secret, type: string }", "      - { name: Secret, type: string, secret: true, description: The session's secret. }"));
    const hand = await runVerify({ spec: handFile, specName: "hand.yaml", against: urls });
    expect([hand.code, hand.stderr]).toEqual([0, ""]);

    const drifted = readFileSync(expectedFile, "utf8")
      .replace("    values: [None, Read, Write, Admin]", "    values: [None, Read, Write]")
      .replace("      - { name: Age, type: int, nillable: true }", "      - { name: Age, type: int }")
      .replace("          - { element: TraceHeader, type: TraceHeader, direction: inout }", "          - { element: TraceHeader, type: TraceHeader, direction: in }")
      .replace("        methodName: Add\n        params:\n          - { name: a, type: double }", "        params:\n          - { name: a, type: double }")
      .replace("    namespace: http://corpus.example/soaponly/\n    bindings: [soap11, soap12]\n", "    namespace: http://corpus.example/soaponly/\n")
      // a record parameter of the wrong type, a missing in header, a repeated field read as a plain one, a wrong base
      .replace("          - { name: d, type: Drawing, optional: true }", "          - { name: d, type: Point, optional: true }")
      .replace("          - { element: SessionHeader, type: SessionHeader, direction: in }\n", "")
      .replace("      - { name: Tag, type: string, repeated: true }", "      - { name: Tag, type: string }")
      .replace("  Ring:\n    base: Circle", "  Ring:\n    base: Shape");
    const file = join(tmp.dir, "drifted.yaml");
    writeFileSync(file, drifted);
    const bad = await runVerify({ spec: file, specName: "drifted.yaml", against: urls });
    expect(bad.code).toBe(1);
    expect(bad.stderr.split("\n").map((l) => l.replace(/^  drifted\.yaml:\d+:\d+ /, "  "))).toEqual([
      "drifted.yaml differs from 5 WSDL documents (56 operations, 18 records, 2 enums): 10 differences",
      "  /svc/Shapes.asmx AddDoubles: method name: spec \"AddDoubles\" | WSDL \"Add\"",
      "  /svc/Headers.asmx Traced: SOAP headers: spec (TraceHeader: record TraceHeader (in)) | WSDL (TraceHeader: record TraceHeader (inout))",
      '  /svc/Structs.asmx EchoDrawing: parameter d: spec "d: record Point, optional" | WSDL "d: record Drawing, optional"',
      "  /svc/Structs.asmx EchoDrawing: SOAP headers: spec (ReceiptHeader: record ReceiptHeader (out)) | WSDL (SessionHeader: record SessionHeader (in), ReceiptHeader: record ReceiptHeader (out))",
      "  /soaponly/SoapOnly.asmx: bindings: spec (soap11, soap12, httpGet, httpPost) | WSDL (soap11, soap12)",
      "  /soaponly/SoapOnly.asmx Hello: bindings: spec (soap11, soap12, httpGet, httpPost) | WSDL (soap11, soap12)",
      '  record Person: field Age: spec "Age: int" | WSDL "Age: int, nillable"',
      '  record Drawing: field Tag: spec "Tag: string, may be absent" | WSDL "Tag: string repeated (no wrapper), may be absent"',
      "  record Ring: base: spec record Shape | WSDL record Circle",
      "  enum Access: values: spec (None, Read, Write) | WSDL (None, Read, Write, Admin)",
      "",
    ]);
  }, 60_000);

  test("merge --write keeps what the WSDL cannot say (a secret flag, descriptions) and puts back a dropped repeated field and SOAP header", async () => {
    const hand = readFileSync(expectedFile, "utf8")
      .replaceAll("http://127.0.0.1:PORT", server.baseUrl)
      .replace("      - { name: Secret, type: string }", "      - { name: Secret, type: string, secret: true, description: hand-written }");
    const file = join(tmp.dir, "merge.yaml");
    writeFileSync(file, hand);
    const same = await runImport({ sources: urls, merge: file, write: true });
    expect([same.code, readFileSync(file, "utf8")]).toEqual([0, hand]);
    writeFileSync(file, hand.replace("      - { name: Tag, type: string, repeated: true }\n", "").replace("          - { element: SessionHeader, type: SessionHeader, direction: in }\n", ""));
    const back = await runImport({ sources: urls, merge: file, write: true });
    expect(back.code).toBe(0);
    expect(back.stdout).toContain("added field Drawing.Tag");
    expect(readFileSync(file, "utf8")).toBe(hand);
  }, 60_000);

  test("generated clients call every generated operation over every binding the WSDL offers; the matrix", async () => {
    // The one hand edit the WSDL cannot carry: the session header's secret field.
    const { document } = readSpecDocument(readFileSync(expectedFile, "utf8").replace("      - { name: Secret, type: string }", "      - { name: Secret, type: string, secret: true }"), "expected.yaml");
    const buildRoot = join(dirname(expectedFile), "..", ".build", "clients");
    rmSync(buildRoot, { recursive: true, force: true });
    const rows: string[] = [];
    const failures: string[] = [];
    let cells = 0;
    // One client for every servable endpoint file side by side (each with its own namespace):
    // spec → YAML → model → generated package (type-checked strictly in memory by generate) → disk.
    const parts = servableSpecs(document);
    const combined = combinedSpec(document, parts);
    const model = loadModelText(specToYaml(combined, { sources: combined.endpoints.map((e) => `${e.path}?WSDL`) }), "corpus.yaml");
    const files = await generate(model, { shipSource: true });
    const dir = join(buildRoot, "corpus");
    for (const [path, text] of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const pkg = (await import(pathToFileURL(join(dir, "src", "index.ts")).href)) as { createClient: (o: object) => Record<string, Record<string, (p: object, o: object) => Promise<unknown>>> };
    const client = pkg.createClient({ baseUrl: server.baseUrl });
    for (const endpoint of combined.endpoints) {
      const s = { endpoint: endpoint.path };
      for (const op of endpoint.operations) {
        const cellsOfOp: string[] = [];
        for (const binding of ["soap11", "soap12", "httpGet", "httpPost"]) {
          if (!(op.bindings ?? endpoint.bindings ?? ["soap11", "soap12", "httpGet", "httpPost"]).includes(binding as never)) {
            // Not offered by the WSDL: the client refuses before sending anything.
            const refused = await client[endpoint.name]![op.name]!({}, { binding }).then(
              () => "sent",
              (e: Error) => e.message,
            );
            if (!/is not offered over/.test(refused)) failures.push(`${op.name} ${binding}: not offered, but the client did not refuse (${refused})`);
            cellsOfOp.push("—");
            continue;
          }
          // Operations that are not a plain echo of one scalar: their inputs (and call options) and
          // the answer the C# code gives, which may depend on the binding (SOAP headers travel only in SOAP).
          const soap = binding === "soap11" || binding === "soap12";
          const special: Record<string, { params: Record<string, unknown>; options?: Record<string, unknown>; expected: unknown; same?: (sent: unknown, got: unknown) => boolean }> = {
            // Every scalar generate serves, inside a record (extremes of each range, an enum, [Flags], int? nil and set).
            EchoMixed: { params: { m: MIXED }, expected: MIXED, same: sameMixed },
            // Every scalar, hexBinary and char included: served once this branch meets the leaf types (h-leaves).
            EchoAll: { params: { v: ALL }, expected: ALL, same: sameMixed },
            // Records as parameters: nested records, int? as xsi:nil, wrapped lists of scalars and
            // records, an enum and a [Flags] enum inside, all echoed back.
            EchoPerson: { params: { p: PERSON }, expected: PERSON },
            // An abstract base: the Dog goes out with xsi:type="Dog" and comes back as one ($type).
            EchoAnimal: { params: { a: { $type: "Dog", Name: "rex <&>", Barks: true } }, expected: { $type: "Dog", Name: "rex <&>", Barks: true } },
            // XmlSerializer writes a TimeSpan as an empty element (a record without fields here).
            EchoTimeSpan: { params: { v: {} }, expected: {} },
            // [SoapHeader] In: the service answers what it received in the header; HTTP GET/POST carry none (ASMX ignores headers there).
            WhoAmI: { params: {}, options: { soapHeaders: { AuthHeader: { User: "ünï <&>", Token: "t0k3n" } } }, expected: soap ? "ünï <&>/t0k3n" : null },
            // [SoapHeader] InOut: the service prefixes the header it received; the client hands the out header back.
            Traced: { params: { v: 7 }, options: { soapHeaders: { TraceHeader: { Id: "abc" } } }, expected: { result: 7, headers: { TraceHeader: soap ? { Id: "seen:abc" } : null } } },
            // Record parameter and result with every record construct, an in header (with a secret
            // field) and an out header that says what the service saw (shapes counted, session read).
            EchoDrawing: { params: { d: DRAWING }, options: { soapHeaders: { SessionHeader: { Key: "k1", Secret: "s3cr3t" } } }, expected: { result: DRAWING, headers: { ReceiptHeader: { Count: 3, Note: "k1|s3cr3t" } } } },
            EchoShape: { params: { s: { $type: "Ring", Label: "ring", Radius: 2.5, Inner: 1 } }, expected: { $type: "Ring", Label: "ring", Radius: 2.5, Inner: 1 } },
            EchoPoints: { params: { points: [{ X: 1, Y: -1 }, { X: 2147483647, Y: 0 }] }, expected: [{ X: 1, Y: -1 }, { X: 2147483647, Y: 0 }] },
            // A record result built by the service, over every binding (HTTP GET/POST included).
            Sample: { params: { title: "T", n: 2 }, expected: SAMPLE },
            Reverse: { params: { items: [1, -2, 3] }, expected: [3, -2, 1] },
            NextColor: { params: { c: "Blue" }, expected: "Red" },
            AddInts: { params: { a: 2147483000, b: 647 }, expected: 2147483647 },
            AddDoubles: { params: { a: 0.1, b: 0.2 }, expected: 0.1 + 0.2 },
            Ping: { params: { note: "x" }, expected: undefined },
            // int? both ways: null is sent as xsi:nil and the service's null comes back as xsi:nil
            MaybeDouble: { params: { v: null }, expected: null },
            // [Flags]: lists of names, space-separated on the wire
            Grant: { params: { a: ["Read"], b: ["Write", "Admin"] }, expected: ["Read", "Write", "Admin"] },
            Hello: { params: { name: "wörld <&>" }, expected: "hello wörld <&>" },
            // Leaf types: what the server received, as its own text.
            HexSeen: { params: { v: new Uint8Array([0, 255, 16]) }, expected: "00-FF-10" },
            CharCode: { params: { v: "س" }, expected: 0x633 },
            CharOf: { params: { code: 16 }, expected: "\u0010" },
            // A name in no namespace: sent as <q0:v xmlns:q0="…service…" xmlns="">local</q0:v>.
            QNameSeen: { params: { v: { namespace: "", name: "local" } }, expected: "{}local" },
            QNameOf: { params: { ns: "urn:a", name: "n" }, expected: { namespace: "urn:a", name: "n" } },
            // The leaf types as record fields (hexBinary stays hex in HTTP answers: the member's DataType).
            Leaves: {
              params: { text: "é&x" },
              expected: { Text: "é&x", Hex: [0xc3, 0xa9, 0x26, 0x78], Letter: "é", Name: { namespace: "urn:leaf", name: "n" }, Local: { namespace: "", name: "l" }, Data: [{ name: "d", namespace: "urn:d", attributes: [], children: ["é&x"] }] },
            },
            // XmlSerializer writes a TimeSpan as an empty element: the value never travels.
            SpanOf: { params: { seconds: 5 }, expected: {} },
            // (served once record parameters are: the TimeSpan record has no fields, the server reads 00:00:00)
            SpanSeen: { params: { v: {} }, expected: "00:00:00" },
            // Raw XML: a DataSet; an XmlElement both ways; what the server received as OuterXml.
            Table: { params: { rows: 2 }, expected: null },
            // Mono writes a tab inside an attribute value as itself, which XML reads back as a space (§3.3.3).
            Wrap: { params: { e: SENT_XML }, expected: JSON.parse(JSON.stringify([{ name: "wrapped", namespace: "", attributes: [], children: tree(SENT_XML) }]).replace('"\\t1\\n"', '" 1\\n"')) as unknown },
            // (Mono's OuterXml: declarations first, a tab as itself, a newline as &#xA;)
            // The DataSet a client decoded from Table(3), sent back: the server reads its schema (xs:int
            // still resolves: prefixes and declarations are kept) and its three rows.
            CountRows: { params: { ds: null }, expected: "Data:Row:3:Int32" },
            // XmlElement[]: a list whose items (<XmlElement>) each hold one element.
            Elements: { params: { n: 3 }, expected: [0, 1, 2].map((i) => [{ name: `e${i}`, namespace: i % 2 === 0 ? "urn:even" : "", attributes: [], children: [String(i)] }]) },
            // An XmlElement result: the child of MakeResult in SOAP, the document's root in HTTP GET/POST.
            Make: { params: { name: "n", text: "t & é" }, expected: [{ name: "n", namespace: "urn:made", attributes: [{ name: "at", namespace: "urn:attr", value: "t & é" }], children: ["t & é", { name: "empty", namespace: "", attributes: [], children: [] }] }] },
            XmlSeen: { params: { e: SENT_XML }, expected: '<x:in xmlns:x="urn:x" x:b="two &quot;&lt;&amp;&gt;&quot;" plain="\t1&#xA;">hi &amp; &lt;<y xmlns="" /><z xmlns="urn:z">é 𝄞</z></x:in>' },
          };
          const compareOf: Record<string, (sent: unknown, got: unknown) => boolean> = {
            Table: isTable,
            Wrap: (e, g) => same(JSON.stringify(e), JSON.stringify(tree(g))),
            Make: (e, g) => same(JSON.stringify(e), JSON.stringify(tree(g))),
            Elements: (e, g) => same(JSON.stringify(e), JSON.stringify((g as unknown[]).map(tree))),
            Leaves: (e, g) => {
              const r = g as { Hex: Uint8Array; Data: unknown };
              return same(JSON.stringify(e), JSON.stringify({ ...(g as object), Hex: [...r.Hex], Data: tree(r.Data) }));
            },
          };
          let params: Record<string, unknown> = {};
          let options: Record<string, unknown> = {};
          let expected: unknown;
          let compare = same;
          if (compareOf[op.name]) compare = compareOf[op.name]!;
          if (special[op.name]) ({ params, expected, options = {}, same: compare = compare } = special[op.name]!);
          else
            for (const p of op.params) {
              const v = VALUES[p.type];
              if (!v) throw new Error(`no test value for ${p.type}`);
              params[p.tsName ?? p.name] = v.value;
              expected = v.value;
              if (v.same) compare = v.same;
            }
          if (op.name === "CountRows") params = { ds: await client[endpoint.name]!["Table"]!({ rows: 3 }, { binding: "soap11" }) };
          try {
            const got = await client[endpoint.name]![op.name]!(params, { ...options, binding });
            cells++;
            const ok = compare(expected, got);
            if (!ok) failures.push(`${op.name} ${binding}: sent ${show(expected)}, decoded ${show(got)}`);
            cellsOfOp.push(ok ? "✓" : "✗");
          } catch (err) {
            cells++;
            failures.push(`${op.name} ${binding}: ${(err as Error).message.split("\n")[0]}`);
            cellsOfOp.push("✗");
          }
        }
        rows.push(`| ${s.endpoint} | ${op.name} | ${cellsOfOp.join(" | ")} |`);
        if (op.name === "QNameOf") {
          // No namespace: ASMX answers <q1:QNameOfResult xmlns="" xmlns:q1="…service…">n</q1:QNameOfResult> (SOAP), <q1:QName …> (HTTP).
          for (const binding of ["soap11", "soap12", "httpGet", "httpPost"]) {
            const got = await client[endpoint.name]![op.name]!({ ns: "", name: "n" }, { binding }).catch((e: Error) => e.message);
            if (!same({ namespace: "", name: "n" }, got)) failures.push(`QNameOf ${binding} (no namespace): decoded ${JSON.stringify(got)}`);
          }
        }
        if (op.name === "MaybeDouble") {
          const got = await client[endpoint.name]![op.name]!({ v: 21 }, { binding: "soap12" });
          if (got !== 42) failures.push(`MaybeDouble soap12: sent 21, decoded ${String(got)}`);
        }
        if (op.name === "EchoDrawing") {
          // The header set on the client reaches the service (its receipt says so), and its secret
          // field never shows in what hooks see, while the service received it as sent.
          const bodies: string[] = [];
          const withHeaders = pkg.createClient({ baseUrl: server.baseUrl, soapHeaders: { SessionHeader: { Key: "client", Secret: "pa55-w0rd" } }, hooks: { onRequest: (e: { body: string | null }) => bodies.push(e.body ?? "") } });
          const got = (await withHeaders[endpoint.name]![op.name]!({ d: null }, {})) as { result: unknown; headers: { ReceiptHeader: unknown } };
          if (!same({ result: null, headers: { ReceiptHeader: { Count: -1, Note: "client|pa55-w0rd" } } }, got)) failures.push(`EchoDrawing with the client's header: decoded ${show(got)}`);
          if (!bodies[0]?.includes("<Key>client</Key><Secret>***</Secret>") || bodies.some((b) => b.includes("pa55-w0rd"))) failures.push(`EchoDrawing: the secret header field shows in a hook: ${bodies[0]}`);
        }
      }
    }
    console.log(["| endpoint | operation | soap11 | soap12 | httpGet | httpPost |", "|---|---|---|---|---|---|", ...rows].join("\n"));
    console.log(`${cells} cells called, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(cells).toBeGreaterThan(60);
  }, 300_000);

  test("the generated mock reads the leaf types as Mono does and answers what Mono answers (as the client decodes both)", async () => {
    const dir = join(dirname(expectedFile), "..", ".build", "clients", "corpus");
    const pkg = (await import(pathToFileURL(join(dir, "src", "index.ts")).href)) as { createClient: (o: object) => Record<string, Record<string, (p: object, o: object) => Promise<unknown>>> };
    const kit = (await import(pathToFileURL(join(dir, "src", "testing", "index.ts")).href)) as { createMockService: (h: object, o: object) => { fetch: typeof fetch; calls: Array<{ params: unknown }> } };
    const live = pkg.createClient({ baseUrl: server.baseUrl });
    const cases: Array<[string, string, Record<string, unknown>, readonly string[]]> = [
      ["scalars", "EchoHex", { v: new Uint8Array([0, 1, 255]) }, ["soap11", "soap12", "httpGet", "httpPost"]],
      ["scalars", "EchoChar", { v: "é" }, ["soap11", "soap12", "httpGet", "httpPost"]],
      ["scalars", "CharOf", { code: 16 }, ["soap11", "soap12", "httpGet", "httpPost"]],
      ["scalars", "EchoQName", { v: { namespace: "urn:x", name: "n" } }, ["soap11", "soap12"]],
      ["scalars", "QNameSeen", { v: { namespace: "", name: "local" } }, ["soap11", "soap12"]],
      ["scalars", "QNameOf", { ns: "", name: "n" }, ["soap11", "soap12", "httpGet", "httpPost"]],
      ["shapes", "Table", { rows: 2 }, ["soap11", "soap12", "httpGet", "httpPost"]],
      ["shapes", "Wrap", { e: SENT_XML }, ["soap11", "soap12"]],
      ["scalars", "Leaves", { text: "é&x" }, ["soap11", "soap12", "httpGet", "httpPost"]],
      ["shapes", "Make", { name: "n", text: "t & é" }, ["soap11", "soap12", "httpGet", "httpPost"]],
    ];
    const failures: string[] = [];
    for (const [group, name, params, bindings] of cases)
      for (const binding of bindings) {
        const fromMono = await live[group]![name]!(params, { binding });
        // (one namespace per mock: the endpoint's own, as the mock's option allows)
        const mock = kit.createMockService({ [group]: { [name]: () => fromMono } }, { namespace: group === "shapes" ? "http://corpus.example/shapes/" : "http://corpus.example/scalars/" });
        const viaMock = await pkg.createClient({ baseUrl: "http://mock.test", fetch: mock.fetch })[group]![name]!(params, { binding }).catch((e: Error) => e.message);
        const received = mock.calls[0]?.params as Record<string, unknown> | undefined;
        const sentBack = name === "Wrap" ? { e: tree(SENT_XML) } : params;
        const readBack = name === "Wrap" && received ? { e: tree(received.e) } : received;
        if (!same(fromMono, viaMock)) failures.push(`${name} ${binding}: Mono answered ${JSON.stringify(fromMono)}, the mock ${JSON.stringify(viaMock)}`);
        if (!same(JSON.stringify(sentBack, (_k, v: unknown) => (v instanceof Uint8Array ? [...v] : v)), JSON.stringify(readBack, (_k, v: unknown) => (v instanceof Uint8Array ? [...v] : v)))) failures.push(`${name} ${binding}: sent ${JSON.stringify(sentBack)}, the mock read ${JSON.stringify(readBack)}`);
      }
    expect(failures).toEqual([]);
  }, 120_000);

  test("generate serves every construct of the corpus: the golden spec loads with nothing refused", () => {
    // Records as parameters, list and repeated fields, inheritance, SOAP headers, hexBinary, char,
    // QName and raw XML were refused as `unsupported` before this round; none is now.
    const model = loadModelText(readFileSync(expectedFile, "utf8"), "expected.yaml");
    expect(model.endpoints.reduce((n, e) => n + e.operations.length, 0)).toBe(56);
  });
});
