/**
 * Text the way an ASMX server writes it: .NET's XmlConvert for doubles ("R" formatting: 15
 * significant digits when they read back exactly, else 17; `E+XX` exponents; `INF`, `-INF`,
 * `NaN`, `-0`) and dateTimes (XmlConvert round-trip kind: up to seven fractional digits with
 * trailing zeros dropped, no fraction when zero). Everything else uses the runtime's codecs.
 */
import { XsdDateTime } from "../runtime/datetime.js";

/** .NET "G<precision>" of a finite, non-zero double: fixed notation unless the exponent is ≥ precision or < -4. */
function general(value: number, precision: number): string {
  const [mantissa = "", exp = "0"] = value.toExponential(precision - 1).split("e");
  const exponent = Number(exp);
  const negative = mantissa.startsWith("-");
  const digits = mantissa.replace("-", "").replace(".", "").replace(/0+$/, "") || "0";
  const sign = negative ? "-" : "";
  if (exponent >= precision || exponent < -4) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exponent);
    return `${sign}${m}E${exponent < 0 ? "-" : "+"}${e < 10 ? `0${e}` : e}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  if (digits.length <= exponent + 1) return `${sign}${digits}${"0".repeat(exponent + 1 - digits.length)}`;
  return `${sign}${digits.slice(0, exponent + 1)}.${digits.slice(exponent + 1)}`;
}

/** `XmlConvert.ToString(double)`: what ASMX writes for an xsd:double. */
export function dotnetDouble(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "INF";
  if (value === -Infinity) return "-INF";
  if (value === 0) return Object.is(value, -0) ? "-0" : "0";
  const short = general(value, 15);
  return Number(short) === value ? short : general(value, 17);
}

/**
 * `XmlConvert.ToString(DateTime, RoundtripKind)` of a value: the fraction trimmed of trailing
 * zeros (a .NET DateTime holds 100 ns ticks, so at most seven digits, rounded half up like the
 * server's parser), the offset kept as given.
 */
export function dotnetDateTime(value: XsdDateTime): string {
  const text = value.toString();
  if (value.fraction === "" || (value.fraction.length <= 7 && !value.fraction.endsWith("0"))) return text;
  let ticks = Number(value.fraction.slice(0, 7).padEnd(7, "0"));
  if (value.fraction.length > 7 && Number(value.fraction[7]) >= 5) ticks += 1;
  let head = text.slice(0, text.indexOf("."));
  if (ticks >= 10_000_000) {
    // The rounding carried into the seconds: add one second to the wall-clock time.
    ticks -= 10_000_000;
    const wall = new Date(Date.UTC(2000, value.month - 1, value.day, value.hour, value.minute, value.second + 1));
    wall.setUTCFullYear(value.year + wall.getUTCFullYear() - 2000);
    head = XsdDateTime.fromDate(wall)
      .toString()
      .replace(/(\.\d+)?Z$/, "");
  }
  const digits = String(ticks).padStart(7, "0").replace(/0+$/, "");
  return `${head}${digits === "" ? "" : `.${digits}`}${value.offset}`;
}
