/** Shared helpers of the import suites: the recorded fixture WSDLs and temp folders. */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
export const fixtureWsdlDir = join(repoRoot, "test/fixtures/wsdl");
export const specPath = join(repoRoot, "spec/service.yaml");

/** The 9 WSDL documents recorded from the Mono fixture, as paths relative to the repo root. */
export const fixtureWsdls: string[] = readdirSync(fixtureWsdlDir)
  .filter((f) => f.endsWith(".wsdl"))
  .sort()
  .map((f) => `test/fixtures/wsdl/${f}`);

/** A temporary folder, removed by the returned function. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
