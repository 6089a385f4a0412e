/**
 * Import of the 9 WSDL documents recorded from the Mono fixture (test/fixtures/wsdl):
 * the written spec validates and verifies clean against its sources; the generator builds the
 * same model from it as from the hand-written spec/service.yaml (every operation, parameter,
 * result, record, field and enum, compared by wire name); merging the WSDLs into
 * spec/service.yaml changes nothing, and a merge with --write changes nothing either.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runImport } from "../../generator/commands/import.ts";
import { runVerify } from "../../generator/commands/verify.ts";
import { loadModelText } from "../../generator/load.ts";
import type { ServiceModel } from "../../generator/model/types.ts";
import { fixtureWsdls, repoRoot, specPath, tempDir } from "./support.ts";

process.chdir(repoRoot);
const tmp = tempDir("asmx-import-");
afterAll(() => tmp.remove());

/** Everything of a model that reaches the wire, keyed by wire names (TypeScript names left out). */
function wireFacts(m: ServiceModel): unknown {
  const json = JSON.parse(
    JSON.stringify(m, (k, v: unknown) => (k === "pos" || k === "description" || k === "specFile" || k === "service" ? undefined : typeof v === "bigint" ? String(v) : v)),
  ) as Record<string, unknown>;
  return json;
}

describe("import of the fixture's 9 WSDL documents", () => {
  const out = join(tmp.dir, "imported.yaml");

  test("writes a spec that validates, names its sources, and verifies clean against them", async () => {
    const r = await runImport({ sources: fixtureWsdls, out });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Wrote .*imported\.yaml: 9 WSDL documents: 9 endpoints, 35 operations, 9 records, 2 enums \(\d+ ms\)\.\n$/);
    const text = readFileSync(out, "utf8");
    for (const f of fixtureWsdls) expect(text).toContain(`# Source: ${f}\n`);
    const v = await runVerify({ spec: out, specName: "imported.yaml", against: fixtureWsdls });
    expect(v.stdout).toBe("imported.yaml matches 9 WSDL documents (35 operations, 9 records, 2 enums).\n");
    expect(v.code).toBe(0);
  });

  test("gives the generator the same wire model as spec/service.yaml", () => {
    const hand = loadModelText(readFileSync(specPath, "utf8"), "service.yaml");
    const imported = loadModelText(readFileSync(out, "utf8"), "imported.yaml");
    // Hand-written only: record names chosen for TypeScript (UserDetails for UserGridList), records no
    // operation uses (Contact, ContactEvent), alternate path spellings, the partial operation.
    // The one record named differently by hand: its TypeScript names follow (UserDetails → UserGridList).
    const renamed = (s: string) => s.replace(/"UserDetails(\w*)"/g, '"UserGridList$1"');
    const byWire = <T extends { wireName: string }>(xs: readonly T[]) => new Map(xs.map((x) => [x.wireName, x]));
    const handRecords = byWire(hand.records);
    for (const r of imported.records) {
      const h = handRecords.get(r.wireName);
      expect(h, `record ${r.wireName}`).toBeDefined();
      expect(JSON.stringify(wireFacts(r as never)), `record ${r.wireName}`).toBe(renamed(JSON.stringify(wireFacts(h! as never))));
    }
    const enumFacts = (m: ServiceModel) => m.enums.map((e) => `${e.wireName}: ${e.values.join(" ")}`).sort();
    expect(enumFacts(imported)).toEqual(enumFacts(hand));
    expect(imported.records.length).toBe(9);
    const ops = (m: ServiceModel) =>
      new Map(
        m.endpoints.flatMap((e) =>
          e.operations
            .filter((o) => !("partial" in o && o.partial))
            .map((o) => [`${e.path} ${o.name}`, JSON.stringify(o, (k, v: unknown) => (k === "pos" || k === "description" || k === "path" || k === "tsType" || k === "outputType" ? undefined : typeof v === "bigint" ? String(v) : v))]),
        ),
      );
    const h = ops(hand);
    const i = ops(imported);
    expect(i.size).toBe(35);
    expect([...i.keys()].sort()).toEqual([...h.keys()].sort());
    for (const [k, v] of i) expect(v, k).toBe(renamed(h.get(k)!));
  });

  test("merging them into spec/service.yaml is a no-op, with and without --write", async () => {
    const copy = join(tmp.dir, "service.yaml");
    const original = readFileSync(specPath, "utf8");
    writeFileSync(copy, original);
    for (const write of [false, true]) {
      const r = await runImport({ sources: fixtureWsdls, merge: copy, write });
      expect(r.code).toBe(0);
      expect(r.stderr).toBe("");
      expect(r.stdout).toContain("  nothing to add\n");
      expect(r.stdout).toContain("service.yaml unchanged.\n");
      expect(r.stdout).not.toContain("differs");
      expect(readFileSync(copy, "utf8")).toBe(original);
    }
  });
});
