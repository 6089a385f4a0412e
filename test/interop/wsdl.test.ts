/**
 * The WSDL the real ASMX server publishes (fetched live, `?WSDL`) against spec/service.yaml: a call
 * of `verify` (generator/commands/verify.ts) with every endpoint file's live WSDL — operations,
 * parameter names / order / types / optional, list wrappers and item elements, results (kind,
 * type, SOAP element, HTTP root, nullability), SOAPActions, bindings, records (fields in order)
 * and enums, in both directions; the importer also checks that the HTTP GET/POST message parts
 * and locations agree with the SOAP operations (reported as notes, which must not occur).
 * Besides: alternate path spellings serve the same description, and the recorded WSDL fixtures
 * (test/fixtures/wsdl) are still what the server publishes.
 */
import { readFileSync } from "node:fs";
import { describe, expect, inject, test } from "vitest";
import { parse as parseYaml } from "yaml";
import { runVerify } from "../../generator/commands/verify.ts";
import { importWsdl } from "../../generator/wsdl/import.ts";

const base = inject("asmxBaseUrl");
const specUrl = new URL("../../spec/service.yaml", import.meta.url);

interface Spec {
  records: Record<string, { wireName?: string }>;
  endpoints: { path: string; alternatePaths?: string[]; operations: { name: string; path?: string }[] }[];
}
const spec = parseYaml(readFileSync(specUrl, "utf8")) as Spec;
const normaliseAddress = (text: string): string => text.replace(/location="http:\/\/[^"]*\/post\/[^"]*"/g, 'location="(address)"');

describe.skipIf(inject("monoMissing"))("live WSDL of every endpoint file vs spec/service.yaml", () => {
  test("verify passes: no drift, nothing in the WSDL unmapped, nothing missing from the spec", async () => {
    const urls = spec.endpoints.map((e) => `${base}${e.path}?WSDL`);
    const r = await runVerify({ spec: specUrl.pathname, specName: "spec/service.yaml", against: urls });
    expect(r.stderr, r.stderr).toBe("");
    expect(r.stdout).toBe("spec/service.yaml matches 9 WSDL documents (35 operations, 9 records, 2 enums).\n");
    expect(r.code).toBe(0);
  });

  test("records no operation uses are the only ones no WSDL can check", async () => {
    const imported = await importWsdl(spec.endpoints.map((e) => `${base}${e.path}?WSDL`));
    const published = new Set(Object.keys(imported.spec.records ?? {}));
    const unchecked = Object.entries(spec.records)
      .filter(([name, r]) => !published.has(r.wireName ?? name))
      .map(([name]) => name);
    expect(unchecked.sort()).toEqual(["Contact", "ContactEvent"]);
  });

  test("alternate path spellings serve the same description; operation paths are spellings of their endpoint", async () => {
    const diffs: string[] = [];
    for (const e of spec.endpoints) {
      const text = await (await fetch(`${base}${e.path}?WSDL`)).text();
      for (const alt of e.alternatePaths ?? []) {
        const r2 = await fetch(`${base}${alt}?WSDL`);
        const t2 = await r2.text();
        if (r2.status !== 200) diffs.push(`${alt}: WSDL status ${r2.status}`);
        else if (normaliseAddress(t2) !== normaliseAddress(text)) diffs.push(`${alt}: WSDL differs from ${e.path}`);
      }
      for (const op of e.operations.filter((o) => o.path !== undefined && o.path !== e.path))
        if (![e.path, ...(e.alternatePaths ?? [])].includes(op.path!)) diffs.push(`${op.name}: path ${op.path} is not a spelling of ${e.path}`);
    }
    expect(diffs).toEqual([]);
  });

  test("the recorded WSDL fixtures (test/fixtures/wsdl) are still what the server publishes", async () => {
    const stale: string[] = [];
    for (const e of spec.endpoints) {
      const file = e.path.replace(/^\/post\//, "").replace(/\.asmx$/, "");
      const live = await (await fetch(`${base}${e.path}?WSDL`)).text();
      let recorded: string;
      try {
        recorded = readFileSync(new URL(`../fixtures/wsdl/${file}.wsdl`, import.meta.url), "utf8");
      } catch {
        stale.push(`${file}.wsdl missing`);
        continue;
      }
      if (normaliseAddress(live).trim() !== normaliseAddress(recorded).trim()) stale.push(`${file}.wsdl differs (run npx tsx test/interop/record-wsdl.ts)`);
    }
    expect(stale).toEqual([]);
  });
});
