/**
 * XSD `dateTime` values, kept exactly as the service wrote them.
 *
 * ASMX sends dateTime values with an offset (`2024-03-01T12:34:56+03:30`, `…Z`) and without one
 * (`2024-03-01T12:34:56.1234567`, a .NET `DateTime` of kind Unspecified), with up to seven
 * fractional digits. `new Date(text)` reads an offset-less value in the host's time zone and
 * drops digits past milliseconds, so the same response would decode differently on two
 * machines. XsdDateTime keeps every lexical part, never consults the host's time zone, prints
 * back the same text it parsed, and converts to a `Date` only when told which offset to assume
 * for offset-less values.
 */
import { latin1OrUtf8 } from "./xml.js";

const PATTERN = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

/** Two digits at `i`, or -1. */
function two(t: string, i: number): number {
  const a = t.charCodeAt(i) - 48;
  const b = t.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/**
 * Fast path for the common shape `YYYY-MM-DDThh:mm:ss[.f+][Z|±hh:mm]` with a four-digit year
 * (every value .NET writes). Returns null for anything else, which the full parser then handles.
 */
function parseCommon(t: string): XsdDateTime | null {
  const len = t.length;
  if (len < 19 || t.charCodeAt(4) !== 45 || t.charCodeAt(7) !== 45 || t.charCodeAt(10) !== 84 || t.charCodeAt(13) !== 58 || t.charCodeAt(16) !== 58) return null;
  const y1 = two(t, 0);
  const y2 = two(t, 2);
  const month = two(t, 5);
  const day = two(t, 8);
  const hour = two(t, 11);
  const minute = two(t, 14);
  const second = two(t, 17);
  if (y1 < 0 || y2 < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return null;
  const year = y1 * 100 + y2;
  if (year === 0 || day > daysInMonth(year, month)) return null;
  let i = 19;
  let fraction = "";
  if (i < len && t.charCodeAt(i) === 46) {
    const start = ++i;
    while (i < len) {
      const c = t.charCodeAt(i);
      if (c < 48 || c > 57) break;
      i++;
    }
    if (i === start) return null;
    fraction = t.slice(start, i);
  }
  let offset = "";
  if (i < len) {
    const c = t.charCodeAt(i);
    if (c === 90 && i + 1 === len) offset = "Z";
    else if ((c === 43 || c === 45) && i + 6 === len && t.charCodeAt(i + 3) === 58) {
      const oh = two(t, i + 1);
      const om = two(t, i + 4);
      if (oh < 0 || om < 0 || oh > 14 || om > 59 || (oh === 14 && om !== 0)) return null;
      offset = t.slice(i);
    } else return null;
  }
  return new XsdDateTimeCtor({ year, month, day, hour, minute, second, fraction, offset });
}

/** Two ASCII digits at `i` of `b`, or -1. */
function twoBytes(b: Uint8Array, i: number): number {
  const x = b[i]! - 48;
  const y = b[i + 1]! - 48;
  return x >= 0 && x <= 9 && y >= 0 && y <= 9 ? x * 10 + y : -1;
}

/** Offsets seen so far ("+03:30", …): a response repeats a handful of them. */
const offsets = new Map<number, string>();

/**
 * The fast path of {@link XsdDateTime.parse} on UTF-8 bytes `b[s..e)` (already trimmed): the
 * common shape `YYYY-MM-DDThh:mm:ss[.f+][Z|±hh:mm]` without building the text first. Returns
 * null for anything else (the caller then parses the text).
 */
export function parseDateTimeBytes(b: Uint8Array, s: number, e: number): XsdDateTime | null {
  const len = e - s;
  if (len < 19 || b[s + 4] !== 45 || b[s + 7] !== 45 || b[s + 10] !== 84 || b[s + 13] !== 58 || b[s + 16] !== 58) return null;
  const y1 = twoBytes(b, s);
  const y2 = twoBytes(b, s + 2);
  const month = twoBytes(b, s + 5);
  const day = twoBytes(b, s + 8);
  const hour = twoBytes(b, s + 11);
  const minute = twoBytes(b, s + 14);
  const second = twoBytes(b, s + 17);
  if (y1 < 0 || y2 < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return null;
  const year = y1 * 100 + y2;
  if (year === 0 || day > daysInMonth(year, month)) return null;
  let i = s + 19;
  let fraction = "";
  if (i < e && b[i] === 46) {
    const start = ++i;
    while (i < e && b[i]! >= 48 && b[i]! <= 57) i++;
    if (i === start) return null;
    fraction = latin1OrUtf8(b, start, i);
  }
  let offset = "";
  if (i < e) {
    const c = b[i];
    if (c === 90 && i + 1 === e) offset = "Z";
    else if ((c === 43 || c === 45) && i + 6 === e && b[i + 3] === 58) {
      const oh = twoBytes(b, i + 1);
      const om = twoBytes(b, i + 4);
      if (oh < 0 || om < 0 || oh > 14 || om > 59 || (oh === 14 && om !== 0)) return null;
      const key = (c === 45 ? -1 : 1) * (oh * 60 + om) + (c === 45 && oh === 0 && om === 0 ? -10_000 : 0);
      let text = offsets.get(key);
      if (text === undefined) {
        text = `${c === 45 ? "-" : "+"}${pad(oh, 2)}:${pad(om, 2)}`;
        if (offsets.size < 64) offsets.set(key, text);
      }
      offset = text;
    } else return null;
  }
  return new XsdDateTimeCtor({ year, month, day, hour, minute, second, fraction, offset });
}

/** The private constructor, for the fast path above (assigned once the class is defined). */
let XsdDateTimeCtor: new (parts: { year: number; month: number; day: number; hour: number; minute: number; second: number; fraction: string; offset: string }) => XsdDateTime;

/** An immutable XSD dateTime, independent of the host's time zone. */
export class XsdDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** Fractional-second digits exactly as written ("" when none), e.g. "1234567". */
  readonly fraction: string;
  /** The offset as written: "" (none, a local/unspecified time), "Z", or "+03:30" / "-05:00". */
  readonly offset: string;

  private constructor(parts: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
    fraction: string;
    offset: string;
  }) {
    this.year = parts.year;
    this.month = parts.month;
    this.day = parts.day;
    this.hour = parts.hour;
    this.minute = parts.minute;
    this.second = parts.second;
    this.fraction = parts.fraction;
    this.offset = parts.offset;
    Object.freeze(this);
  }

  static {
    XsdDateTimeCtor = XsdDateTime as unknown as typeof XsdDateTimeCtor;
  }

  /** Parses XSD dateTime text. Throws RangeError with the reason when the text is not a valid dateTime. */
  static parse(text: string): XsdDateTime {
    const fast = parseCommon(text);
    if (fast !== null) return fast;
    const m = PATTERN.exec(text);
    if (!m) throw new RangeError(`not an XSD dateTime: ${JSON.stringify(text.slice(0, 64))}`);
    const [, y, mo, d, h, mi, s, frac, off] = m as unknown as [string, string, string, string, string, string, string, string | undefined, string | undefined];
    const year = Number(y);
    const month = Number(mo);
    const day = Number(d);
    const hour = Number(h);
    const minute = Number(mi);
    const second = Number(s);
    if (year === 0) throw new RangeError(`year 0000 is not allowed: ${JSON.stringify(text)}`);
    if (y.length > 4 && y.startsWith("0")) throw new RangeError(`year with leading zeros: ${JSON.stringify(text)}`);
    if (month < 1 || month > 12) throw new RangeError(`month out of range: ${JSON.stringify(text)}`);
    if (day < 1 || day > daysInMonth(year, month)) throw new RangeError(`day out of range: ${JSON.stringify(text)}`);
    if (hour > 23 || minute > 59 || second > 59) throw new RangeError(`time out of range: ${JSON.stringify(text)}`);
    if (off !== undefined && off !== "Z") {
      const oh = Number(off.slice(1, 3));
      const om = Number(off.slice(4, 6));
      if (oh > 14 || om > 59 || (oh === 14 && om !== 0)) throw new RangeError(`offset out of range: ${JSON.stringify(text)}`);
    }
    return new XsdDateTime({ year, month, day, hour, minute, second, fraction: frac ?? "", offset: off ?? "" });
  }

  /** The UTC instant of a Date, written with "Z" and millisecond digits when non-zero. */
  static fromDate(date: Date): XsdDateTime {
    const ms = date.getTime();
    if (Number.isNaN(ms)) throw new RangeError("invalid Date");
    return new XsdDateTime({
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      hour: date.getUTCHours(),
      minute: date.getUTCMinutes(),
      second: date.getUTCSeconds(),
      fraction: date.getUTCMilliseconds() === 0 ? "" : pad(date.getUTCMilliseconds(), 3),
      offset: "Z",
    });
  }

  /** Whether the value carries an offset ("Z" or ±hh:mm). */
  get hasOffset(): boolean {
    return this.offset !== "";
  }

  /** The offset in minutes east of UTC, or null when the value has none. */
  get offsetMinutes(): number | null {
    if (this.offset === "") return null;
    if (this.offset === "Z") return 0;
    const sign = this.offset.startsWith("-") ? -1 : 1;
    return sign * (Number(this.offset.slice(1, 3)) * 60 + Number(this.offset.slice(4, 6)));
  }

  /**
   * Milliseconds since the epoch. For a value without an offset, `assumeOffsetMinutes` says
   * which offset to assume (e.g. 0 for UTC, 210 for Asia/Tehran standard time); without it a
   * RangeError is thrown rather than silently guessing. Digits past milliseconds are truncated.
   */
  epochMilliseconds(assumeOffsetMinutes?: number): number {
    const offset = this.offsetMinutes ?? assumeOffsetMinutes;
    if (offset === undefined)
      throw new RangeError(`${this.toString()} has no offset: pass the offset to assume, e.g. toDate(0) for UTC`);
    const ms = Number((this.fraction + "000").slice(0, 3));
    const utc = Date.UTC(this.year, this.month - 1, this.day, this.hour, this.minute, this.second, ms);
    // Date.UTC maps years 0-99 to 1900-1999; correct for them.
    const fixed = this.year >= 0 && this.year < 100 ? new Date(utc).setUTCFullYear(this.year) : utc;
    return fixed - offset * 60_000;
  }

  /** A Date for this instant; see epochMilliseconds for `assumeOffsetMinutes`. */
  toDate(assumeOffsetMinutes?: number): Date {
    return new Date(this.epochMilliseconds(assumeOffsetMinutes));
  }

  /** The XSD lexical form, byte for byte as parsed. */
  toString(): string {
    const y = this.year < 0 ? `-${pad(-this.year, 4)}` : pad(this.year, 4);
    const frac = this.fraction === "" ? "" : `.${this.fraction}`;
    return `${y}-${pad(this.month, 2)}-${pad(this.day, 2)}T${pad(this.hour, 2)}:${pad(this.minute, 2)}:${pad(this.second, 2)}${frac}${this.offset}`;
  }

  /** JSON form: the lexical text. */
  toJSON(): string {
    return this.toString();
  }

  /** Same lexical value (same text), not merely the same instant. */
  equals(other: XsdDateTime): boolean {
    return this.toString() === other.toString();
  }
}
