/**
 * Recursive records (legal XSD; WSDL import meets them): a record that contains itself and two
 * records that contain each other generate, type-check under the strict settings, and decode
 * through the generated package.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.ts";
import { writeOutput } from "../../generator/write.ts";
import { miniModel, op } from "../support/mini.ts";

const extra = `records:
  Node:
    fields:
      - { name: Value, type: int }
      - { name: Next, type: Node }
  Left:
    fields:
      - { name: Name, type: string }
      - { name: Right, type: Right }
  Right:
    fields:
      - { name: Left, type: Left }
`;
const ops =
  op("GetChain", "", "{ kind: record, type: Node, soapElement: GetChainResult, httpRoot: Node }") +
  op("GetPair", "", "{ kind: record, type: Left, soapElement: GetPairResult, httpRoot: Left }");
const dir = mkdtempSync(join(tmpdir(), "asmx-recursive-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Pkg {
  decodeResponse(op: unknown, binding: string, body: string): unknown;
  GetChainOperation: unknown;
  GetPairOperation: unknown;
  NodeRecord: { fields: ReadonlyArray<{ type: unknown }> };
}

describe("recursive records", () => {
  it("generate (with the strict type-check), and decode nested values through the package", async () => {
    const files = await generate(miniModel(ops, extra), { typeCheck: true });
    expect(files.get("src/descriptors.ts")).toContain("fields: () => [");
    writeOutput(dir, files);
    const pkg = (await import(join(dir, "dist/index.js"))) as Pkg;
    expect(pkg.NodeRecord.fields[1]?.type).toBe(pkg.NodeRecord);
    const chain = `<Node xmlns="http://tempuri.org/"><Value>1</Value><Next><Value>2</Value><Next><Value>3</Value></Next></Next></Node>`;
    expect(pkg.decodeResponse(pkg.GetChainOperation, "httpGet", chain)).toEqual({ Value: 1, Next: { Value: 2, Next: { Value: 3, Next: null } } });
    const pair = `<Left xmlns="http://tempuri.org/"><Name>a</Name><Right><Left><Name>b</Name></Left></Right></Left>`;
    expect(pkg.decodeResponse(pkg.GetPairOperation, "httpGet", pair)).toEqual({ Name: "a", Right: { Left: { Name: "b", Right: null } } });
  }, 120_000);
});

describe("recursive record hierarchies", () => {
  const tree = `records:
  Tree:
    fields:
      - { name: Kids, type: Tree, list: true, item: Tree }
  Leaf:
    base: Tree
    fields:
      - { name: Value, type: int }
      - { name: Parent, type: Tree }
`;
  const dir2 = mkdtempSync(join(tmpdir(), "asmx-recursive-tree-"));
  afterAll(() => rmSync(dir2, { recursive: true, force: true }));

  it("a base whose subtype contains the base gives fields and subtypes late, and decodes xsi:type at every level", async () => {
    const files = await generate(miniModel(op("GetTree", "", "{ kind: record, type: Tree, soapElement: GetTreeResult, httpRoot: Tree }"), tree), { typeCheck: true });
    expect(files.get("src/descriptors.ts")).toMatch(/subtypes: \(\) => \[LeafRecord\]/);
    writeOutput(dir2, files);
    const pkg = (await import(join(dir2, "dist/index.js"))) as { decodeResponse(op: unknown, binding: string, body: string): unknown; GetTreeOperation: unknown };
    const xml = `<Tree xmlns="http://tempuri.org/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Kids><Tree xsi:type="Leaf"><Value>1</Value><Parent><Kids /></Parent></Tree><Tree /></Kids></Tree>`;
    expect(pkg.decodeResponse(pkg.GetTreeOperation, "httpGet", xml)).toEqual({
      $type: "Tree",
      Kids: [
        { $type: "Leaf", Kids: null, Value: 1, Parent: { $type: "Tree", Kids: [] } },
        { $type: "Tree", Kids: null },
      ],
    });
  }, 120_000);
});
