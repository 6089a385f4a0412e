/**
 * Adversarial corpus (issue 11): documents built to make a decoder slow or hungry — long digit
 * runs in every numeric type, a huge attribute, many attributes, entity-dense text, nesting at
 * the depth limit, many namespace declarations, long names, multi-byte text, CDATA — each up to
 * the client's default maxResponseBytes (64 MiB). Each document is decoded once in a fresh
 * process (children/adversarial.mjs, lenient so that unknown elements are walked, not refused);
 * the section prints every rate and the worst: ≥ 20 MB/s, peak RSS growth ≤ 4× the input.
 *
 * BENCH_ADV_MB sets the document size in MiB (default 64; 4 in quick mode).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { resultLine, runChild } from "./lib/proc.ts";
import { fmtBytes, fmtMs, fmtRatio, type Table } from "./lib/report.ts";

const HEAD =
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
  `<soap:Body><GetMessagesAfterIDResponse xmlns="http://tempuri.org/"><GetMessagesAfterIDResult>`;
const TAIL = `</GetMessagesAfterIDResult></GetMessagesAfterIDResponse></soap:Body></soap:Envelope>`;
const FIELDS: ReadonlyArray<readonly [string, string]> = [
  ["MsgID", "9007199254740993"], ["UserID", "1"], ["LinkID", "2"], ["NumberID", "3"], ["Tariff", "12.5"], ["MsgType", "1"],
  ["Body", "b"], ["SendDate", "2024-03-01T12:34:56.1234567+03:30"], ["Sender", "3000"], ["Receiver", "09121234567"],
  ["FirstLocation", "1"], ["CurrentLocation", "1"], ["Parts", "1"], ["IsFlash", "false"], ["IsRead", "true"], ["IsUnicode", "true"],
  ["Credit", "1.5"], ["Module", "1"], ["RecCount", "1"], ["RecFailed", "0"], ["RecSuccess", "1"], ["IsMoneyBack", "false"],
  ["UserStepedMaster", "0"], ["UserMaster", "0"], ["MoneyBackCount", "0"], ["MoneyBackLevel", "0"], ["AutoSpeechText", "false"],
  ["ShareServiceBodyID", "0"], ["OperatorABackCount", "0"],
];

/** One MessagesBL with field `name` written as `xml` (the whole element), the rest ordinary. */
function message(name: string, xml: string): string {
  return `<MessagesBL>${FIELDS.map(([k, v]) => (k === name ? xml : `<${k}>${v}</${k}>`)).join("")}</MessagesBL>`;
}
/** `unit` repeated to about `size` bytes. */
const fill = (unit: string, size: number): string => unit.repeat(Math.max(1, Math.floor(size / unit.length)));
/** Messages repeated until the document is about `size` bytes. */
const messages = (one: string, size: number): string => HEAD + fill(one, size - HEAD.length - TAIL.length) + TAIL;
/** One message whose field holds `text` of about `size` bytes. */
const oneField = (name: string, open: string, unit: string, close: string, size: number): string =>
  HEAD + message(name, open + fill(unit, size - 2000) + close) + TAIL;

/** The corpus: name → builder(size). */
export const CORPUS: ReadonlyArray<readonly [string, (size: number) => string]> = [
  ["digits: long (MsgID)", (n) => oneField("MsgID", "<MsgID>", "9", "</MsgID>", n)],
  ["digits: int (UserID)", (n) => oneField("UserID", "<UserID>", "7", "</UserID>", n)],
  ["digits: unsignedByte (MsgType)", (n) => oneField("MsgType", "<MsgType>", "0", "1</MsgType>", n)],
  ["digits: double + 'x' (Tariff)", (n) => oneField("Tariff", "<Tariff>", "1", "x</Tariff>", n)],
  ["digits: valid double 0.111… (Credit)", (n) => oneField("Credit", "<Credit>0.", "1", "</Credit>", n)],
  ["digits: dateTime year (SendDate)", (n) => oneField("SendDate", "<SendDate>2", "0", "24-01-01T00:00:00</SendDate>", n)],
  ["one huge attribute", (n) => oneField("Body", '<Body a="', "x", '">b</Body>', n)],
  ["200 attributes on every field", (n) => messages(message("Body", `<Body ${Array.from({ length: 200 }, (_, i) => `a${i}="${i}"`).join(" ")}>b</Body>`), n)],
  ["entity-dense text", (n) => oneField("Body", "<Body>", "&amp;&lt;&#x10FFFF;&#1575;", "</Body>", n)],
  ["entity-dense attribute", (n) => oneField("Body", '<Body a="', "&amp;&quot;&#10;", '">b</Body>', n)],
  ["nesting at the depth limit (unknown element)", (n) => messages(message("Body", `<Body>b</Body><Deep>${"<d>".repeat(500)}${"</d>".repeat(500)}</Deep>`), n)],
  ["100 namespace declarations per element", (n) => messages(message("Body", `<Body ${Array.from({ length: 100 }, (_, i) => `xmlns:p${i}="urn:p${i}"`).join(" ")}>b</Body>`), n)],
  ["1,000-byte element names (unknown)", (n) => messages(message("Body", `<Body>b</Body><${"N".repeat(1000)}>x</${"N".repeat(1000)}>`), n)],
  ["Persian text (2-byte UTF-8)", (n) => oneField("Body", "<Body>", "سلام دنیا ", "</Body>", n)],
  ["CDATA-dense text", (n) => oneField("Body", "<Body>", "<![CDATA[<&>]]>", "</Body>", n)],
  ["comment-dense text", (n) => oneField("Body", "<Body>", "<!-- - -->x", "</Body>", n)],
  ["ordinary messages (reference)", (n) => messages(message("Body", "<Body>سلام &amp; hello</Body>"), n)],
];

export interface AdversarialRow {
  readonly name: string;
  readonly bytes: number;
  readonly ms: number;
  readonly mbPerS: number;
  readonly peakRatio: number;
  readonly outcome: string;
}

/**
 * Runs the corpus: writes each document under `dir`, decodes it in a fresh child that imports
 * `adapterBundle` (the esbuild bundle of ours.ts), returns the table and the rows.
 */
export async function benchAdversarial(opts: { adapterBundle: string; dir: string; quick: boolean; childDir: string; env: NodeJS.ProcessEnv; log: (s: string) => void }): Promise<{ table: Table; rows: AdversarialRow[]; worstRate: number; worstRatio: number; sizeBytes: number }> {
  const mib = Number(process.env["BENCH_ADV_MB"] ?? (opts.quick ? 4 : 64));
  const size = Math.floor(mib * 1024 * 1024) - 64 * 1024; // stays under maxResponseBytes
  mkdirSync(opts.dir, { recursive: true });
  const warm = join(opts.dir, "warm-up.xml");
  writeFileSync(warm, messages(message("Body", "<Body>سلام &amp; hello</Body>"), 1 << 20));
  const rows: AdversarialRow[] = [];
  for (const [name, build] of CORPUS) {
    const file = join(opts.dir, "doc.xml");
    const doc = Buffer.from(build(size), "utf8");
    writeFileSync(file, doc);
    const run = await runChild(process.execPath, ["--expose-gc", join(opts.childDir, "adversarial.mjs"), opts.adapterBundle, file, warm], { env: opts.env, timeoutMs: 300_000 });
    const r = resultLine<{ ms: number; input: number; peakGrowth: number; outcome: string }>(run.stdout);
    if (r === undefined) {
      opts.log(`!! adversarial ${name}: child failed (${run.code ?? run.signal}): ${run.stderr.split("\n").slice(0, 3).join(" | ")}`);
      rows.push({ name, bytes: doc.length, ms: NaN, mbPerS: 0, peakRatio: NaN, outcome: "child failed" });
      continue;
    }
    const row = { name, bytes: r.input, ms: r.ms, mbPerS: r.input / 1e6 / (r.ms / 1000), peakRatio: r.peakGrowth / r.input, outcome: r.outcome };
    rows.push(row);
    opts.log(`  adversarial ${name}: ${fmtBytes(row.bytes)} in ${fmtMs(row.ms)} = ${row.mbPerS.toFixed(0)} MB/s, peak ${row.peakRatio.toFixed(2)}× — ${row.outcome}`);
  }
  rmSync(opts.dir, { recursive: true, force: true });
  const worstRate = Math.min(...rows.map((r) => r.mbPerS));
  const worstRatio = Math.max(...rows.map((r) => (Number.isNaN(r.peakRatio) ? Infinity : r.peakRatio)));
  const table: Table = {
    title: `Adversarial corpus: one decode per document in a fresh process (${fmtBytes(size)} each${opts.quick ? ", quick" : ""})`,
    headers: ["document", "size", "decode", "MB/s", "peak RSS growth / input", "outcome"],
    rows: [
      ...rows.map((r) => [r.name, fmtBytes(r.bytes), fmtMs(r.ms), r.mbPerS.toFixed(0), fmtRatio(r.peakRatio), r.outcome]),
      ["worst", "", "", worstRate.toFixed(0), fmtRatio(worstRatio), ""],
    ],
    notes: [
      "Decoded with lenient: true, so unknown elements (deep nesting, long names) are walked to the end instead of refused at the first one.",
      "Each child first decodes an ordinary 1 MiB answer 5 times (a running client's JIT state), then the document once.",
      "Peak RSS growth = kernel RSS high-water mark (VmHWM) after the decode minus RSS before it (the bytes already read).",
      `Size: BENCH_ADV_MB (default 64 MiB = maxResponseBytes; ${opts.quick ? "4 MiB in quick mode" : "BENCH_QUICK=1 uses 4 MiB"}).`,
    ],
  };
  return { table, rows, worstRate, worstRatio, sizeBytes: size };
}
