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
