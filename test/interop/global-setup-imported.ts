/**
 * Vitest global setup of the "interop-imported" project: the same Mono fixture server as the
 * "interop" project, and a client generated from what `asmx-ts import` reads from that server.
 *
 * The live `?WSDL` of every endpoint file is imported (the command's own code path, over HTTP),
 * the written spec is generated into test/interop/.build/imported-client/ (type-checked strictly
 * by the generator, as `asmx-ts generate` does), and the project's alias points the matrix suite's
 * `generated/src/index.ts` at that client. So the 140-cell matrix runs, unchanged, on a client
 * that no hand-written spec went into.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { parse as parseYaml } from "yaml";
import { runImport } from "../../generator/commands/import.ts";
import { generate } from "../../generator/generate.ts";
import { loadModelText } from "../../generator/load.ts";
import setupServer from "./global-setup.ts";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
/** Where the imported spec and its client are written (the alias in test/vitest.config.ts points here). */
export const importedClientDir = join(repoRoot, "test/interop/.build/imported-client");

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const stop = await setupServer(project);
  project.provide("clientUnderTest", "imported");
  if (project.getProvidedContext().monoMissing) return stop;
  try {
    const base = project.getProvidedContext().asmxBaseUrl;
    // The endpoint files a user would list: one URL per file, as in the README's import example.
    const spec = parseYaml(readFileSync(join(repoRoot, "spec/service.yaml"), "utf8")) as { endpoints: { path: string }[] };
    const urls = spec.endpoints.map((e) => `${base}${e.path}?WSDL`);
    rmSync(importedClientDir, { recursive: true, force: true });
    mkdirSync(importedClientDir, { recursive: true });
    const specFile = join(importedClientDir, "imported.yaml");
    const r = await runImport({ sources: urls, out: specFile });
    if (r.code !== 0 || r.stderr !== "") throw new Error(`import of the live WSDLs failed (exit ${r.code}):\n${r.stderr}`);
    const model = loadModelText(readFileSync(specFile, "utf8"), "imported.yaml");
    const files = await generate(model, { shipSource: true });
    for (const [path, text] of files) {
      if (!path.startsWith("src/")) continue;
      mkdirSync(dirname(join(importedClientDir, path)), { recursive: true });
      writeFileSync(join(importedClientDir, path), text);
    }
    console.log(`interop-imported: ${r.stdout.trim()} Generated ${[...files.keys()].filter((p) => p.startsWith("src/")).length} source files into test/interop/.build/imported-client/src.`);
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}
