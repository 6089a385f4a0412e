/**
 * Spec file → model: the spec reader (YAML, schema) and then the model builder (semantic checks,
 * names). Throws SpecError with every problem found.
 */
import { buildModel, type BuildOptions } from "./model/build.ts";
import type { ServiceModel } from "./model/types.ts";
import { SpecError } from "./spec/errors.ts";
import { loadSpecFile, loadSpecText, type LoadedSpec } from "./spec/load.ts";

function toModel(spec: LoadedSpec, options: BuildOptions): ServiceModel {
  const result = buildModel(spec, options);
  if (result.issues.length > 0) throw new SpecError(result.issues);
  return result.model;
}

/** Loads and checks spec text; `file` names it in messages. */
export function loadModelText(text: string, file: string, options: BuildOptions = {}): ServiceModel {
  return toModel(loadSpecText(text, file), options);
}

/** Loads and checks a spec file; `displayName` names it in messages. */
export function loadModel(path: string, displayName: string, options: BuildOptions = {}): ServiceModel {
  return toModel(loadSpecFile(path, displayName), options);
}
