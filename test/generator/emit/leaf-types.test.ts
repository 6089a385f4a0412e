/**
 * hexBinary, char, QName and raw XML in generated code: the TypeScript types and runtime
 * imports the scalar table gives them, the descriptors, and a whole package that type-checks
 * under the strict settings (generate() runs the check).
 */
import { describe, expect, it } from "vitest";
import { emitEndpoint } from "../../../generator/emit/endpoint.ts";
import { emitTypes } from "../../../generator/emit/types.ts";
import { generate } from "../../../generator/generate.ts";
import { miniModel, op, print } from "../../support/mini.ts";

const records = `records:
  Leaves:
    fields:
      - { name: Hex, type: hexBinary }
      - { name: Letter, type: char }
      - { name: Name, type: QName }
      - { name: Extra, type: xml }
`;
const ops =
  op("EchoHex", "{ name: v, type: hexBinary, optional: true }", "{ kind: scalar, type: hexBinary, soapElement: EchoHexResult, httpRoot: base64Binary }") +
  op("EchoChar", "{ name: v, type: char }", "{ kind: scalar, type: char, soapElement: EchoCharResult, httpRoot: char }") +
  op("QNameOf", "{ name: ns, type: string, optional: true }", "{ kind: scalar, type: QName, soapElement: QNameOfResult, httpRoot: QName }") +
  op("Table", "{ name: rows, type: int }", "{ kind: scalar, type: xml, soapElement: TableResult, httpRoot: DataSet }") +
  op("GetLeaves", "", "{ kind: record, type: Leaves, soapElement: GetLeavesResult, httpRoot: Leaves }") +
  `      - name: Wrap
        bindings: [soap11, soap12]
        params: [{ name: e, type: xml, optional: true }, { name: q, type: QName, optional: true }]
        result: { kind: scalar, type: xml, soapElement: WrapResult }
`;
const model = miniModel(ops, records);
const endpoint = print(emitEndpoint(model.endpoints[0]!, model));

describe("leaf types in generated code", () => {
  it("types: Uint8Array, a one-character string, QName, and raw XML trees (decoded) / inputs (sent)", () => {
    expect(endpoint).toContain("export type EchoHexResult = Uint8Array | null;");
    expect(endpoint).toContain("export type EchoCharResult = string;");
    expect(endpoint).toContain("export type QNameOfResult = QName | null;");
    expect(endpoint).toContain("export type TableResult = readonly XmlNode[] | null;");
    expect(endpoint).toMatch(/readonly e\?: readonly XmlNodeInput\[\] \| null \| undefined;/);
    expect(endpoint).toMatch(/readonly q\?: QName \| null \| undefined;/);
  });

  it("imports the runtime's types as types, only where they are used", () => {
    expect(endpoint).toMatch(/import \{[^}]*\btype QName,[^}]*\btype XmlNode, type XmlNodeInput\b[^}]*\} from "\.\.\/runtime\/index\.js";/);
    const types = print(emitTypes(model));
    expect(types).toMatch(/Extra: readonly XmlNode\[\] \| null;/);
    expect(types).toMatch(/Name: QName \| null;/);
    expect(types).toMatch(/Letter: string;/);
    expect(types).not.toContain("XmlNodeInput");
  });

  it("descriptors reference the runtime's codecs (imported, so an app bundles only those); docs give the wire type", () => {
    expect(endpoint).toContain("type: hexBinaryCodec");
    expect(endpoint).toContain("type: charCodec");
    expect(endpoint).toContain("type: QNameCodec");
    expect(endpoint).toContain("type: xmlCodec");
    expect(endpoint).toMatch(/import \{[^}]*\bQNameCodec,[^}]*\bhexBinaryCodec,[^}]*\bxmlCodec\b[^}]*\} from "\.\.\/runtime\/index\.js";/);
    expect(endpoint).toContain("Wire: `v` (xsd:hexBinary; HTTP GET/POST send one decimal per byte and answer base64)");
    expect(endpoint).toContain("Wire: `e` (raw XML: the element's content as a tree of `XmlNode`s; whitespace-only text between elements is dropped)");
  });

  it("the whole package type-checks strictly (generate fails otherwise); its README documents the leaf types", async () => {
    const files = await generate(model, { shipSource: true });
    expect([...files.keys()].some((p) => p.endsWith("runtime/raw-xml.ts"))).toBe(true);
    expect([...files.keys()].some((p) => p.endsWith("runtime/leaf-codecs.ts"))).toBe(true);
    // The README's type table gains a row for each leaf type the service uses, in table order.
    const readme = files.get("README.md") ?? "";
    const rows = readme.split("\n").filter((l) => /^\| (`hexBinary`|`char`|`QName`|raw XML)/.test(l));
    expect(rows.map((r) => r.split(" | ")[0]!.slice(2).trim())).toEqual(["`hexBinary`", "`char` (Microsoft's)", "`QName`", "raw XML (`DataSet`, `XmlElement`, `xs:any`)"]);
    expect(readme).toContain("a tree you send is checked and escaped, never spliced in as text");
  }, 120_000);
});
