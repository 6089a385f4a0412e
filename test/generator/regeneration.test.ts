/**
 * Quiet, reviewable regeneration: adding one operation to the spec changes only the files that
 * must change (its endpoint file and its dist outputs, the client, the README's table, the
 * golden test), and editing a spec without changing its meaning (a comment, blank lines) changes
 * nothing, because generated files carry no spec positions.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { ServiceTarget } from "../../generator/config.ts";
import { generateTarget } from "../../generator/target.ts";

const root = new URL("../../", import.meta.url).pathname;
const original = readFileSync(join(root, "spec/service.yaml"), "utf8");
const work = mkdtempSync(join(tmpdir(), "asmx-regen-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Generates a spec text laid out as in this repo (spec/, generated/, test/golden/requests). */
async function generateText(name: string, text: string): Promise<Map<string, string>> {
  const dir = join(work, name);
  mkdirSync(join(dir, "spec"), { recursive: true });
  writeFileSync(join(dir, "spec/service.yaml"), text);
  const target: ServiceTarget = { name, spec: join(dir, "spec/service.yaml"), out: join(dir, "generated"), goldens: join(dir, "test/golden/requests"), shipSource: true };
  return generateTarget(target, { typeCheck: false, cache: false });
}

function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => a.get(p) !== b.get(p)).sort();
}

const ADDED = `      - name: RemoveCodes
        description: Removes several codes.
        params:
          - { name: username, type: string, optional: true, credential: username }
          - { name: password, type: string, optional: true, credential: password }
          - { name: CodeIds, type: int, list: true, item: int }
        result: { kind: scalar, type: int, soapElement: RemoveCodesResult, httpRoot: int }
`;

describe("regeneration", () => {
  it("adding one operation changes only its endpoint file, the client, the test kit's entry, the README and the golden test", async () => {
    const anchor = "        result: { kind: scalar, type: int, soapElement: RemoveCodeResult, httpRoot: int }\n";
    expect(original).toContain(anchor);
    const before = await generateText("before", original);
    const after = await generateText("after", original.replace(anchor, anchor + ADDED));
    expect(changed(before, after)).toEqual([
      "README.md",
      // dist/: the linked JavaScript (the endpoint's chunk, the main entry holding the client, the
      // test kit's chunk) and the declarations of the changed files; no chunk is renamed.
      "dist/chunks/endpoints-codes.js",
      "dist/chunks/endpoints-codes.js.map",
      "dist/chunks/testing.js",
      "dist/chunks/testing.js.map",
      "dist/client.d.ts",
      "dist/client.d.ts.map",
      "dist/endpoints/codes.d.ts",
      "dist/endpoints/codes.d.ts.map",
      "dist/endpoints/codes.js",
      "dist/index.js",
      "dist/index.js.map",
      "dist/testing/index.d.ts",
      "dist/testing/index.d.ts.map",
      "src/client.ts",
      "src/endpoints/codes.ts",
      "src/testing/index.ts",
      "test/requests.test.ts",
    ]);
    expect(after.get("src/endpoints/codes.ts")).toContain("export function RemoveCodes(");
  }, 240_000);

  it("moving things around in the spec without changing its meaning changes no generated file", async () => {
    const before = await generateText("plain", original);
    const shifted = await generateText("shifted", `# A comment that moves every line down.\n\n\n${original.replace("records:\n", "records:\n\n  # Another comment.\n")}`);
    expect(changed(before, shifted)).toEqual([]);
  }, 240_000);
});
