/**
 * Deterministic (seeded) fixture generator for GetMessagesAfterID answers,
 * written the way an ASMX (XmlSerializer) server writes them:
 *   - SOAP 1.1 / SOAP 1.2: one line, `soap:` prefix, xsi/xsd declarations on the envelope;
 *   - HTTP GET: XML declaration, newline, root `ArrayOfMessagesBL`, indented with 2 spaces.
 *
 * Values are realistic: Persian message bodies (some with `&amp;`, `&lt;`, `&gt;`),
 * 11-digit 0912xxxxxxx numbers, dateTimes with and without offset and with 0-7
 * fractional digits, MsgID longs above 2^53, doubles written as .NET does ("150", "12.5").
 * 10,000 items are ~9 MB.
 */

export type Form = "soap11" | "soap12" | "httpGet";
export const FORMS: readonly Form[] = ["soap11", "soap12", "httpGet"];

export const TNS = "http://tempuri.org/";
export const XSI = "http://www.w3.org/2001/XMLSchema-instance";
export const XSD = "http://www.w3.org/2001/XMLSchema";
export const SOAP11_ENV = "http://schemas.xmlsoap.org/soap/envelope/";
export const SOAP12_ENV = "http://www.w3.org/2003/05/soap-envelope";

/** First MsgID: 2^53 + 1, not representable as a JS number. */
export const FIRST_MSG_ID = 9007199254740993n;

/** One MessagesBL record as raw lexical values (what goes into the XML), in schema order. */
export interface RawMessage {
  MsgID: string;
  UserID: string;
  LinkID: string;
  NumberID: string;
  Tariff: string;
  MsgType: string;
  Body: string;
  /** undefined = null string: the element is omitted, as XmlSerializer does. "" = `<Udh />`. */
  Udh: string | undefined;
  SendDate: string;
  Sender: string;
  Receiver: string;
  FirstLocation: string;
  CurrentLocation: string;
  Parts: string;
  IsFlash: string;
  IsRead: string;
  IsUnicode: string;
  Credit: string;
  Module: string;
  RecCount: string;
  RecFailed: string;
  RecSuccess: string;
  IsMoneyBack: string;
  UserStepedMaster: string;
  UserMaster: string;
  MoneyBackCount: string;
  MoneyBackLevel: string;
  AutoSpeechText: string;
  ShareServiceBodyID: string;
  OperatorABackCount: string;
}

/** Field order of MessagesBL (schema sequence). */
export const MESSAGES_BL_FIELDS = [
  "MsgID",
  "UserID",
  "LinkID",
  "NumberID",
  "Tariff",
  "MsgType",
  "Body",
  "Udh",
  "SendDate",
  "Sender",
  "Receiver",
  "FirstLocation",
  "CurrentLocation",
  "Parts",
  "IsFlash",
  "IsRead",
  "IsUnicode",
  "Credit",
  "Module",
  "RecCount",
  "RecFailed",
  "RecSuccess",
  "IsMoneyBack",
  "UserStepedMaster",
  "UserMaster",
  "MoneyBackCount",
  "MoneyBackLevel",
  "AutoSpeechText",
  "ShareServiceBodyID",
  "OperatorABackCount",
] as const satisfies readonly (keyof RawMessage)[];

/** mulberry32: small, fast, deterministic PRNG. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SENTENCES: readonly string[] = [
  "سلام، کد تایید شما ۴۸۲۷۱۹ است. این کد را در اختیار دیگران قرار ندهید.",
  "مشتری گرامی، سفارش شما با موفقیت ثبت شد و تا ۴۸ ساعت آینده ارسال می‌شود.",
  "یادآوری: جلسه هیئت مدیره فردا ساعت ۱۰ صبح در دفتر مرکزی برگزار می‌شود.",
  "تخفیف ویژه ۳۰٪ برای اعضای باشگاه مشتریان & ارسال رایگان برای خریدهای بالای ۵۰۰ هزار تومان.",
  "پرداخت قبض به مبلغ ۱۲۵٬۰۰۰ ریال با موفقیت انجام شد. با تشکر از همراهی شما.",
  "لطفاً برای لغو عضویت در خبرنامه عدد ۱۱ را به همین شماره ارسال کنید.",
  "با سلام، نوبت شما برای روز شنبه ساعت ۱۶:۳۰ تأیید شد. در صورت عدم حضور با ما تماس بگیرید.",
  "شرط شرکت در قرعه‌کشی: سن < ۱۸ سال نباشد و مبلغ خرید > ۲ میلیون ریال باشد.",
  "همکار گرامی، گزارش فروش ماه گذشته در سامانه بارگذاری شد؛ لطفاً تا پایان هفته بررسی کنید.",
  "موجودی حساب شما کمتر از حد مجاز است. برای شارژ به پنل کاربری مراجعه فرمایید.",
  "تولدتان مبارک! به همین مناسبت یک کد تخفیف ۲۰ درصدی برای شما فعال شد.",
  "بسته اینترنت شما تا ۳ روز دیگر منقضی می‌شود & امکان تمدید خودکار فعال است.",
  "کد ورود: ۵۵۱۲۰۳",
  "رمز یکبار مصرف شما: ۹۱۸۴۴۷",
  "باشه، ممنون. فردا تماس می‌گیرم.",
  "نتیجه آزمایش آماده است.",
];

function pick<T>(r: () => number, arr: readonly T[]): T {
  return arr[Math.floor(r() * arr.length)] as T;
}

function int(r: () => number, lo: number, hi: number): number {
  return lo + Math.floor(r() * (hi - lo + 1));
}

function pad(n: number | string, w = 2): string {
  return String(n).padStart(w, "0");
}

function phone(r: () => number): string {
  return "0912" + pad(int(r, 0, 9_999_999), 7);
}

/** .NET-style double lexical form: shortest round-trip, integers without ".0". */
function dbl(v: number): string {
  return String(v);
}

function dateTime(r: () => number, i: number): string {
  // Walk forward in time from 2024-03-01 (Tehran, +03:30), about one message every 37 s.
  const base = Date.UTC(2024, 2, 1, 9, 4, 56, 123);
  const t = new Date(base + i * 37_000 + int(r, 0, 36_999));
  const core = `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}T${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
  // XmlSerializer writes "yyyy-MM-ddTHH:mm:ss.FFFFFFF": 0-7 fraction digits, trailing zeros dropped.
  const ticks = r() < 0.5 ? int(r, 0, 999) * 10_000 : int(r, 0, 9_999_999);
  const frac = ticks === 0 ? "" : "." + String(ticks).padStart(7, "0").replace(/0+$/, "");
  const offset = r() < 0.7 ? "+03:30" : ""; // Local kind vs Unspecified kind
  return core + frac + offset;
}

/** Build N raw records, deterministic for a given seed. */
export function makeMessages(n: number, seed = 20240301): RawMessage[] {
  const r = rng(seed);
  const out: RawMessage[] = [];
  const userId = 48213;
  for (let i = 0; i < n; i++) {
    const nSent = r() < 0.8 ? 1 : 2;
    let body = pick(r, SENTENCES);
    if (nSent === 2) body += " " + pick(r, SENTENCES);
    const parts = Math.max(1, Math.ceil(body.length / 67));
    const recCount = r() < 0.85 ? 1 : int(r, 2, 500);
    const recFailed = r() < 0.9 ? 0 : int(r, 0, recCount);
    const isMoneyBack = recFailed > 0 && r() < 0.5;
    const tariff = pick(r, [150, 165.5, 172, 230.25, 0] as const);
    const udhRoll = r();
    out.push({
      MsgID: String(FIRST_MSG_ID + BigInt(i)),
      UserID: String(userId),
      LinkID: String(r() < 0.8 ? 0 : int(r, 1, 2_000_000_000)),
      NumberID: String(int(r, 1, 40)),
      Tariff: dbl(tariff),
      MsgType: String(pick(r, [1, 1, 1, 2, 3] as const)),
      Body: body,
      Udh:
        udhRoll < 0.75
          ? undefined
          : udhRoll < 0.85
            ? ""
            : "050003" + pad(int(r, 0, 255).toString(16).toUpperCase(), 2) + "0" + String(Math.min(parts, 9)) + "01",
      SendDate: dateTime(r, i),
      Sender: phone(r),
      Receiver: phone(r),
      FirstLocation: String(int(r, 1, 3)),
      CurrentLocation: String(int(r, 1, 4)),
      Parts: String(parts),
      IsFlash: r() < 0.05 ? "true" : "false",
      IsRead: r() < 0.4 ? "true" : "false",
      IsUnicode: "true",
      Credit: dbl(Math.round(tariff * parts * recCount * 100) / 100),
      Module: String(int(r, 0, 12)),
      RecCount: String(recCount),
      RecFailed: String(recFailed),
      RecSuccess: String(recCount - recFailed),
      IsMoneyBack: isMoneyBack ? "true" : "false",
      UserStepedMaster: String(int(r, 0, 90_000)),
      UserMaster: String(int(r, 0, 90_000)),
      MoneyBackCount: String(isMoneyBack ? recFailed : 0),
      MoneyBackLevel: String(isMoneyBack ? int(r, 1, 3) : 0),
      AutoSpeechText: r() < 0.02 ? "true" : "false",
      ShareServiceBodyID: String(r() < 0.9 ? 0 : int(r, 1, 5000)),
      OperatorABackCount: String(r() < 0.95 ? 0 : int(r, 1, 20)),
    });
  }
  return out;
}

/** XmlSerializer text escaping: & < > (quotes are left alone in element content). */
export function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function itemXml(m: RawMessage, indent: string | null): string {
  const nl = indent === null ? "" : "\n";
  const i1 = indent === null ? "" : indent;
  const i2 = indent === null ? "" : indent + "  ";
  let s = `${i1}<MessagesBL>${nl}`;
  for (const f of MESSAGES_BL_FIELDS) {
    const v = m[f];
    if (v === undefined) continue; // null string: omitted
    s += v === "" ? `${i2}<${f} />${nl}` : `${i2}<${f}>${escapeText(v)}</${f}>${nl}`;
  }
  return s + `${i1}</MessagesBL>${nl}`;
}

export function renderSoap11(items: readonly RawMessage[]): string {
  let s = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11_ENV}" xmlns:xsi="${XSI}" xmlns:xsd="${XSD}"><soap:Body><GetMessagesAfterIDResponse xmlns="${TNS}"><GetMessagesAfterIDResult>`;
  for (const m of items) s += itemXml(m, null);
  return s + `</GetMessagesAfterIDResult></GetMessagesAfterIDResponse></soap:Body></soap:Envelope>`;
}

export function renderSoap12(items: readonly RawMessage[]): string {
  let s = `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP12_ENV}" xmlns:xsi="${XSI}" xmlns:xsd="${XSD}"><soap:Body><GetMessagesAfterIDResponse xmlns="${TNS}"><GetMessagesAfterIDResult>`;
  for (const m of items) s += itemXml(m, null);
  return s + `</GetMessagesAfterIDResult></GetMessagesAfterIDResponse></soap:Body></soap:Envelope>`;
}

export function renderHttpGet(items: readonly RawMessage[]): string {
  let s = `<?xml version="1.0" encoding="utf-8"?>\n<ArrayOfMessagesBL xmlns:xsi="${XSI}" xmlns:xsd="${XSD}" xmlns="${TNS}">\n`;
  for (const m of items) s += itemXml(m, "  ");
  return s + `</ArrayOfMessagesBL>`;
}

export function render(form: Form, items: readonly RawMessage[]): string {
  return form === "soap11" ? renderSoap11(items) : form === "soap12" ? renderSoap12(items) : renderHttpGet(items);
}

/** Content-Type an ASMX server sends for each form. */
export function contentType(form: Form): string {
  return form === "soap12" ? "application/soap+xml; charset=utf-8" : "text/xml; charset=utf-8";
}

/** All fixtures as UTF-8 bytes, keyed `${form}:${n}`. */
export function buildFixtures(sizes: readonly number[], seed = 20240301): Map<string, Buffer> {
  const max = Math.max(...sizes);
  const all = makeMessages(max, seed);
  const out = new Map<string, Buffer>();
  for (const n of sizes) {
    const items = all.slice(0, n);
    for (const form of FORMS) out.set(`${form}:${n}`, Buffer.from(render(form, items), "utf8"));
  }
  return out;
}

export function fixtureKey(form: Form, n: number): string {
  return `${form}:${n}`;
}
