/**
 * The one table of what each XSD scalar means to the generator. Keyed by the runtime's
 * `ScalarName`, so a new scalar fails to compile until every column here (and in the runtime's
 * codec table) is filled.
 */
import type { RT, RT_TYPES } from "../runtime-symbols.ts";
import type { ScalarType } from "./types.ts";

export interface ScalarInfo {
  /** TypeScript type of decoded values. */
  readonly tsType: string;
  /** TypeScript type accepted when encoding (may be wider than the decoded type). */
  readonly tsInputType: string;
  /** Runtime values and types the TypeScript types and examples mention (each imported where its name appears). */
  readonly runtimeTypes: ReadonlyArray<keyof typeof RT | keyof typeof RT_TYPES>;
  /** Whether .NET treats it as a reference type (so the service may send null). */
  readonly reference: boolean;
  /** Root element of HTTP GET/POST answers when it is not the type's name (ASMX ignores DataType there). */
  readonly httpRoot?: string;
  /** The HTTP GET/POST root element is named after the .NET type, not the XSD one (raw XML: `DataSet`, `XmlElement`): any name goes. */
  readonly anyHttpRoot?: true;
  /** A row of the generated README's type table, for a scalar that needs one when the service uses it. */
  readonly readme?: { readonly xsd: string; readonly ts: string; readonly notes: string };
  /** How the type is written on the wire, for docs, when `xsd:<name>` would mislead. */
  readonly wireLabel?: string;
  /** Name used in ASMX `ArrayOf…` root elements for lists of this type. */
  readonly arrayOfName: string;
  /** A plain example value for documentation, as TypeScript source. */
  readonly example: string;
  /**
   * The i-th representative value for golden request tests, as TypeScript source: deterministic,
   * and exercising escaping, Unicode, 64-bit values, offsets and fractional seconds.
   */
  readonly sample: (wireName: string, i: number) => string;
}

export const SCALARS: { readonly [K in ScalarType]: ScalarInfo } = {
  string: {
    tsType: "string",
    tsInputType: "string",
    runtimeTypes: [],
    reference: true,
    arrayOfName: "String",
    example: '""',
    sample: (name, i) => JSON.stringify(i % 2 === 0 ? `${name} <&> "q" 'a' سلام` : `${name}-${i}`),
  },
  int: {
    tsType: "number",
    tsInputType: "number",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Int",
    example: "10",
    sample: (_n, i) => String(i % 2 === 0 ? 2147483647 - i : -(i * 7)),
  },
  long: {
    tsType: "bigint",
    tsInputType: "bigint",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Long",
    example: "0n",
    sample: (_n, i) => `${9007199254740993n + BigInt(i)}n`,
  },
  double: {
    tsType: "number",
    tsInputType: "number",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Double",
    example: "1",
    sample: (_n, i) => (i % 2 === 0 ? "0.1" : "-1.5e300"),
  },
  boolean: {
    tsType: "boolean",
    tsInputType: "boolean",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Boolean",
    example: "false",
    sample: (_n, i) => String(i % 2 === 0),
  },
  dateTime: {
    tsType: "XsdDateTime",
    tsInputType: "XsdDateTime | Date",
    runtimeTypes: ["XsdDateTime"],
    reference: false,
    arrayOfName: "DateTime",
    example: 'XsdDateTime.parse("2024-01-01T00:00:00Z")',
    sample: (_n, i) => (i % 2 === 0 ? `XsdDateTime.parse("2024-03-01T12:34:56.1234567+03:30")` : `XsdDateTime.parse("2024-12-31T23:59:59")`),
  },
  unsignedByte: {
    tsType: "number",
    tsInputType: "number",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "UnsignedByte",
    example: "0",
    sample: (_n, i) => String(255 - i),
  },
  base64Binary: {
    tsType: "Uint8Array",
    tsInputType: "Uint8Array",
    runtimeTypes: [],
    reference: true,
    arrayOfName: "Base64Binary",
    example: "new Uint8Array([1, 2, 3])",
    sample: () => "new Uint8Array([0, 1, 127, 128, 255])",
  },
  byte: {
    tsType: "number",
    tsInputType: "number",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Byte",
    example: "0",
    sample: (_n, i) => String(i % 2 === 0 ? -128 + i : 127 - i),
  },
  short: {
    tsType: "number",
    tsInputType: "number",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Short",
    example: "0",
    sample: (_n, i) => String(i % 2 === 0 ? -32768 + i : 32767 - i),
  },
  unsignedShort: {
    tsType: "number",
    tsInputType: "number",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "UnsignedShort",
    example: "0",
    sample: (_n, i) => String(65535 - i),
  },
  unsignedInt: {
    tsType: "number",
    tsInputType: "number",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "UnsignedInt",
    example: "0",
    sample: (_n, i) => String(4294967295 - i),
  },
  unsignedLong: {
    tsType: "bigint",
    tsInputType: "bigint",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "UnsignedLong",
    example: "0n",
    sample: (_n, i) => `${18446744073709551615n - BigInt(i)}n`,
  },
  float: {
    tsType: "number",
    tsInputType: "number",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Float",
    example: "1",
    sample: (_n, i) => (i % 2 === 0 ? "0.5" : "-3.4e38"),
  },
  decimal: {
    tsType: "string",
    tsInputType: "string",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Decimal",
    example: '"0"',
    sample: (_n, i) => JSON.stringify(i % 2 === 0 ? "79228162514264337593543950335" : `-0.${i}000000000000000000000000001`),
  },
  date: {
    httpRoot: "dateTime",
    tsType: "string",
    tsInputType: "string",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "DateTime",
    example: '"2024-01-31"',
    sample: (_n, i) => JSON.stringify(`2024-02-${String(28 + (i % 2)).padStart(2, "0")}`),
  },
  time: {
    httpRoot: "dateTime",
    tsType: "string",
    tsInputType: "string",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "DateTime",
    example: '"13:45:30"',
    sample: (_n, i) => JSON.stringify(i % 2 === 0 ? "23:59:59.9999999+03:30" : "00:00:00"),
  },
  duration: {
    httpRoot: "string",
    tsType: "string",
    tsInputType: "string",
    runtimeTypes: [],
    reference: true,
    arrayOfName: "String",
    example: '"PT1H"',
    sample: (_n, i) => JSON.stringify(i % 2 === 0 ? "P1Y2M3DT4H5M6.7S" : "-PT0S"),
  },
  anyURI: {
    httpRoot: "string",
    tsType: "string",
    tsInputType: "string",
    runtimeTypes: [],
    reference: true,
    arrayOfName: "String",
    example: '"https://example.com/"',
    sample: (name, i) => JSON.stringify(`https://example.com/${name}?i=${i}&x=<y>`),
  },
  guid: {
    tsType: "string",
    tsInputType: "string",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Guid",
    example: '"00000000-0000-0000-0000-000000000000"',
    sample: (_n, i) => JSON.stringify(`0f8fad5b-d9cb-469f-a165-7086772895${String(10 + i).slice(-2)}`),
  },
  // SOAP: hex text; HTTP GET/POST: one decimal per byte in requests, base64Binary answers.
  hexBinary: {
    readme: { xsd: "`hexBinary`", ts: "`Uint8Array`", notes: "hex text in SOAP; HTTP GET/POST send one decimal value per byte and answer base64 (ASMX ignores the DataType there)" },
    wireLabel: "xsd:hexBinary; HTTP GET/POST send one decimal per byte and answer base64",
    httpRoot: "base64Binary",
    tsType: "Uint8Array",
    tsInputType: "Uint8Array",
    runtimeTypes: [],
    reference: true,
    arrayOfName: "HexBinary",
    example: "new Uint8Array([0xca, 0xfe])",
    sample: (_n, i) => `new Uint8Array([0, 15, 16, ${255 - i}])`,
  },
  // A .NET char: one UTF-16 code unit as a one-character string (its number on the wire).
  char: {
    readme: {
      xsd: "`char` (Microsoft's)",
      ts: "`string` of one UTF-16 code unit",
      notes: "a .NET `char` is one UTF-16 code unit, so a one-character JS string maps to it exactly; the wire carries its number (`233` for `é`), except HTTP GET/POST parameters, which carry the character; a string of another length is an `EncodeError`, and so is a lone surrogate over HTTP GET/POST (UTF-8 cannot carry it)",
    },
    wireLabel: "a .NET char: one UTF-16 code unit, its number in SOAP and in answers, the character itself in HTTP GET/POST parameters",
    tsType: "string",
    tsInputType: "string",
    runtimeTypes: [],
    reference: false,
    arrayOfName: "Char",
    example: '"A"',
    sample: (_n, i) => JSON.stringify(["é", "<", "\u0000", "س"][i % 4]),
  },
  QName: {
    readme: { xsd: "`QName`", ts: "`QName` (`{ namespace, name }`)", notes: "the prefix is declared on the element when sent and resolved in scope when received; `namespace` is `\"\"` for none; parameters are SOAP only (as ASMX offers them)" },
    tsType: "QName",
    tsInputType: "QName",
    runtimeTypes: ["QName"],
    reference: true,
    arrayOfName: "QName",
    example: '{ namespace: "http://example.com/", name: "item" }',
    sample: (name, i) => (i % 2 === 0 ? `{ namespace: "urn:${name}", name: "n${i}" }` : '{ namespace: "", name: "local" }'),
  },
  // Raw XML (DataSet, XmlElement, xs:any): the element's content as an immutable tree.
  xml: {
    anyHttpRoot: true,
    readme: {
      xsd: "raw XML (`DataSet`, `XmlElement`, `xs:any`)",
      ts: "`readonly XmlNode[]` (sent: `XmlNodeInput[]`)",
      notes: "the element's content as an immutable tree: `XmlElementNode` (`name`, `namespace`, `prefix`, `namespaces`, `attributes`, `children`) or text; whitespace-only text between elements (indentation) is dropped; decoded by the same hardened tokenizer (no DOCTYPE, depth ≤ 512); a tree you send is checked and escaped, never spliced in as text; a DataSet is its schema and diffgram elements",
    },
    wireLabel: "raw XML: the element's content as a tree of `XmlNode`s; whitespace-only text between elements is dropped",
    tsType: "readonly XmlNode[]",
    tsInputType: "readonly XmlNodeInput[]",
    runtimeTypes: ["XmlNode", "XmlNodeInput"],
    reference: true,
    arrayOfName: "Any",
    example: '[{ name: "item", children: ["text"] }]',
    sample: (name, i) => `[{ name: "${name}", namespace: "urn:x", attributes: [{ name: "a", value: "<&\\"${i}" }], children: ["t & <", { name: "e" }] }]`,
  },
};

/** Every scalar type name, in the table's order. */
export const SCALAR_TYPES: readonly ScalarType[] = Object.freeze(Object.keys(SCALARS) as ScalarType[]);

/** Whether a spec type name is a scalar. */
export const isScalar = (name: string): name is ScalarType => Object.prototype.hasOwnProperty.call(SCALARS, name);
