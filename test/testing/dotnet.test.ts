/** .NET's XmlConvert text for doubles and dateTimes, as the test kit writes it (checked against the texts Mono writes, NOTES.md §4, §6). */
import { describe, expect, test } from "vitest";
import { XsdDateTime } from "../../generated/src/index.ts";
import { dotnetDateTime, dotnetDouble } from "../../generated/src/testing/dotnet.ts";

describe("dotnetDouble: XmlConvert.ToString(double)", () => {
  test.each([
    [0.1, "0.1"],
    [5e-324, "4.94065645841247E-324"],
    [Number.MAX_VALUE, "1.7976931348623157E+308"],
    [-Number.MAX_VALUE, "-1.7976931348623157E+308"],
    [1 / 3, "0.33333333333333331"],
    [1e21, "1E+21"],
    [1e-7, "1E-07"],
    [1e-5, "1E-05"],
    [0.0001, "0.0001"],
    [12345, "12345"],
    [1e15, "1E+15"],
    [1e14, "100000000000000"],
    [2 ** 53 + 2, "9007199254740994"],
    [123456789012345680, "1.2345678901234568E+17"],
    [-2.5, "-2.5"],
    [NaN, "NaN"],
    [Infinity, "INF"],
    [-Infinity, "-INF"],
    [-0, "-0"],
    [0, "0"],
  ])("%s → %s", (value, text) => {
    expect(dotnetDouble(value)).toBe(text);
    if (Number.isFinite(value)) expect(Object.is(Number(text), value)).toBe(true);
  });
});

describe("dotnetDateTime: XmlConvert round-trip kind", () => {
  test.each([
    ["2024-01-02T03:04:05.1234567", "2024-01-02T03:04:05.1234567"],
    ["2024-01-02T03:04:05.500Z", "2024-01-02T03:04:05.5Z"],
    ["2024-01-02T03:04:05.0+03:30", "2024-01-02T03:04:05+03:30"],
    ["2024-01-02T03:04:05.12345678", "2024-01-02T03:04:05.1234568"],
    ["2024-12-31T23:59:59.99999999+03:30", "2025-01-01T00:00:00+03:30"],
    ["0001-01-01T00:00:00", "0001-01-01T00:00:00"],
    ["9999-12-31T23:59:59.9999999", "9999-12-31T23:59:59.9999999"],
  ])("%s → %s", (text, written) => {
    expect(dotnetDateTime(XsdDateTime.parse(text))).toBe(written);
  });
});
