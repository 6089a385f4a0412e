/**
 * Representative parameter values for the golden request tests, as TypeScript source. They are
 * deterministic and exercise escaping, Unicode, 64-bit values, offsets and fractional seconds.
 */
import type { EnumModel, ParamModel, ScalarType } from "../model/types.ts";

const scalarSample: { readonly [K in ScalarType]: (name: string, i: number) => string } = {
  string: (name, i) => JSON.stringify(i % 2 === 0 ? `${name} <&> "q" 'a' سلام` : `${name}-${i}`),
  int: (_n, i) => String(i % 2 === 0 ? 2147483647 - i : -(i * 7)),
  long: (_n, i) => `${9007199254740993n + BigInt(i)}n`,
  double: (_n, i) => (i % 2 === 0 ? "0.1" : "-1.5e300"),
  boolean: (_n, i) => String(i % 2 === 0),
  dateTime: (_n, i) => (i % 2 === 0 ? `XsdDateTime.parse("2024-03-01T12:34:56.1234567+03:30")` : `XsdDateTime.parse("2024-12-31T23:59:59")`),
  unsignedByte: (_n, i) => String(255 - i),
  base64Binary: () => "new Uint8Array([0, 1, 127, 128, 255])",
};

/** Source text of a sample value for parameter `p` at position `i`. */
export function sampleValue(p: ParamModel, i: number, enums: readonly EnumModel[]): string {
  const one = (j: number): string => {
    if (p.type.kind === "scalar") return scalarSample[p.type.name](p.wireName, j);
    if (p.type.kind === "enum") {
      const e = enums.find((x) => x.name === p.type.name);
      const values = e?.values ?? [""];
      return JSON.stringify(values[j % values.length]);
    }
    return "{}";
  };
  return p.listItem !== null ? `[${one(i)}, ${one(i + 1)}]` : one(i);
}

const scalarExample: { readonly [K in ScalarType]: string } = {
  string: '""',
  int: "10",
  long: "0n",
  double: "1",
  boolean: "false",
  dateTime: 'XsdDateTime.parse("2024-01-01T00:00:00Z")',
  unsignedByte: "0",
  base64Binary: "new Uint8Array([1, 2, 3])",
};

/** Source text of a plain example value for documentation. */
export function exampleValue(p: ParamModel, enums: readonly EnumModel[]): string {
  const one = p.type.kind === "scalar" ? scalarExample[p.type.name] : JSON.stringify(enums.find((e) => e.name === p.type.name)?.values[0] ?? "");
  return p.listItem !== null ? `[${one}]` : one;
}
