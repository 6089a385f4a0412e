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

const PATTERN = /^(-?\d{4,})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$/;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

const pad = (n: number, width: number): string => String(n).padStart(width, "0");

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

  /** Parses XSD dateTime text. Throws RangeError with the reason when the text is not a valid dateTime. */
  static parse(text: string): XsdDateTime {
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
