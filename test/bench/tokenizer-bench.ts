/**
 * Tokenizer micro-benchmark: `npx tsx test/bench/tokenizer-bench.ts`
 *
 * Builds a ~9 MB SOAP 1.1 response (10,000 `<MessagesBL>` records of 30
 * fields) and prints medians (after warm-up) of:
 *   - Buffer.from(str).toString() (the UTF-8 decode every response pays anyway)
 *   - XmlTokenizer with a no-op sink: one write(); 64 KiB string slices of the
 *     document; and the strings a streaming TextDecoder produces from 64 KiB
 *     byte chunks (what a client reading a fetch() body feeds it — decoded
 *     up front, not timed)
 *   - saxes (reference SAX parser) with text/open/close handlers
 */
import { SaxesParser } from "saxes";
import { XmlTokenizer, type XmlSink } from "../../templates/runtime/xml.ts";

const RECORDS = Number(process.env["BENCH_RECORDS"] ?? 10_000);
const ITERATIONS = Number(process.env["BENCH_ITERATIONS"] ?? 15);
const WARMUP = 5;
const CHUNK = 64 * 1024;

const PERSIAN_BODIES = [
  "سلام دوست عزیز، پیام شما با موفقیت ارسال شد. لطفاً برای پیگیری با شماره ۰۲۱۱۲۳۴ تماس بگیرید.",
  "مشترک گرامی، کد تأیید شما ۴۵۸۲۱ است. این کد تا پنج دقیقه معتبر است.",
  "فروشگاه ما از امروز تخفیف ویژه‌ای برای مشتریان وفادار دارد؛ منتظر دیدار شما هستیم!",
];

function record(i: number): string {
  const body = PERSIAN_BODIES[i % PERSIAN_BODIES.length]!;
  const sender = `0912${String(1_234_567 + i).padStart(7, "0")}`;
  return (
    "<MessagesBL>" +
    `<MsgID>${9_007_199_254_740_993n + BigInt(i)}</MsgID>` +
    `<Body>${body} (${i})</Body>` +
    `<Sender>${sender}</Sender>` +
    "<Receiver>09351234567</Receiver>" +
    "<SendDate>2024-03-01T12:34:56.1234567+03:30</SendDate>" +
    "<RecDate>2024-03-01T12:35:01.7654321+03:30</RecDate>" +
    `<Status>${i % 5}</Status>` +
    "<StatusText>Delivered</StatusText>" +
    "<Parts>2</Parts>" +
    "<Cost>1250.75</Cost>" +
    `<IsRead>${i % 2 === 0 ? "true" : "false"}</IsRead>` +
    "<IsFlash>false</IsFlash>" +
    "<LineNumber>3000123456</LineNumber>" +
    '<Udh xsi:nil="true" />' +
    "<Encoding>8</Encoding>" +
    "<Priority>0</Priority>" +
    `<BatchID>${100_000 + i}</BatchID>` +
    "<UserID>42</UserID>" +
    `<Tag>promo-${i % 17}</Tag>` +
    "<Operator>MCI</Operator>" +
    "<Country>IR</Country>" +
    "<Validity>1440</Validity>" +
    "<Retries>0</Retries>" +
    "<DeliveredAt>2024-03-01T12:35:02.5+03:30</DeliveredAt>" +
    "<Checksum>a3f9c2e1b4d5e6f7</Checksum>" +
    "<Flags>5</Flags>" +
    "<Long1>9007199254740993</Long1>" +
    "<Long2>-9007199254740993</Long2>" +
    "<Ratio>0.125</Ratio>" +
    "<Note>R&amp;D &lt;ok&gt;</Note>" +
    "</MessagesBL>"
  );
}

function buildDocument(records: number): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="utf-8"?>\n' +
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
      '<soap:Body><GetMessagesResponse xmlns="http://tempuri.org/"><GetMessagesResult>',
  ];
  for (let i = 0; i < records; i++) parts.push(record(i));
  parts.push("</GetMessagesResult></GetMessagesResponse></soap:Body></soap:Envelope>");
  return parts.join("");
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function measure(fn: () => void): number {
  for (let i = 0; i < WARMUP; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

const doc = buildDocument(RECORDS);
const bytes = Buffer.from(doc);

let events = 0;
const noop: XmlSink = {
  open() {
    events++;
  },
  text() {
    events++;
  },
  close() {
    events++;
  },
};

const chunks: string[] = [];
for (let i = 0; i < doc.length; i += CHUNK) chunks.push(doc.slice(i, i + CHUNK));
const decoded: string[] = [];
{
  const decoder = new TextDecoder("utf-8");
  for (let i = 0; i < bytes.length; i += CHUNK) {
    decoded.push(decoder.decode(bytes.subarray(i, i + CHUNK), { stream: true }));
  }
  decoded.push(decoder.decode());
  if (decoded.join("") !== doc) throw new Error("decode mismatch");
}

const results: Array<[string, number]> = [];
results.push(["Buffer.toString (utf8 decode)", measure(() => void bytes.toString("utf8"))]);
results.push([
  "XmlTokenizer, single write",
  measure(() => {
    const t = new XmlTokenizer(noop);
    t.write(doc);
    t.end();
  }),
]);
results.push([
  "XmlTokenizer, 64 KiB slices",
  measure(() => {
    const t = new XmlTokenizer(noop);
    for (const c of chunks) t.write(c);
    t.end();
  }),
]);
results.push([
  "XmlTokenizer, 64 KiB TextDecoder",
  measure(() => {
    const t = new XmlTokenizer(noop);
    for (const c of decoded) t.write(c);
    t.end();
  }),
]);
results.push([
  "saxes (xmlns: false)",
  measure(() => {
    const p = new SaxesParser({ xmlns: false });
    p.on("opentag", () => void events++);
    p.on("text", () => void events++);
    p.on("closetag", () => void events++);
    p.write(doc).close();
  }),
]);

const ref = results[0]![1];
console.log(
  `document: ${(bytes.length / 1e6).toFixed(2)} MB UTF-8, ${doc.length.toLocaleString("en")} UTF-16 units, ${RECORDS.toLocaleString("en")} records; median of ${ITERATIONS} after ${WARMUP} warm-up; node ${process.version}`,
);
console.log("| measurement                      | median ms | × toString | MB/s   |");
console.log("|----------------------------------|----------:|-----------:|-------:|");
for (const [name, ms] of results) {
  console.log(
    `| ${name.padEnd(32)} | ${ms.toFixed(2).padStart(9)} | ${(ms / ref).toFixed(2).padStart(10)} | ${(bytes.length / 1e6 / (ms / 1000)).toFixed(0).padStart(6)} |`,
  );
}
if (events === 0) console.log("(no events?)");
