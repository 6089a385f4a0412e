/** Copies the hand-written runtime (templates/runtime/*.ts) into `src/runtime/`, each with the generated-file header. */
import { readdirSync, readFileSync } from "node:fs";
import type { ServiceModel } from "../model/types.ts";
import { header } from "./doc.ts";
import type { EmittedText } from "./file.ts";

const runtimeDir = new URL("../../templates/runtime/", import.meta.url);

/** Reads the runtime sources once per process (they are part of the generator). */
export function runtimeSources(): ReadonlyArray<{ name: string; text: string }> {
  return readdirSync(runtimeDir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort()
    .map((name) => ({ name, text: readFileSync(new URL(name, runtimeDir), "utf8") }));
}

export function emitRuntime(model: ServiceModel, sources = runtimeSources()): EmittedText[] {
  return sources.map(({ name, text }) => ({
    path: `src/runtime/${name}`,
    text: header(model.specFile, `Runtime copied verbatim from templates/runtime/${name}.`) + text,
  }));
}
