/**
 * The core: spec model → { path → formatted text }. Pure apart from reading the generator's own
 * templates; only write.ts touches the output folder.
 */
import { loadAssets, type Assets } from "./assets.ts";
import { loadSpecFile } from "./spec/load.ts";
import type { ServiceModel } from "./model/types.ts";
import { compile } from "./compile.ts";
import { emitClient, emitIndex } from "./emit/client.ts";
import { emitDescriptors } from "./emit/descriptors.ts";
import { emitEndpoint } from "./emit/endpoint.ts";
import { emitGoldenTests } from "./emit/golden-tests.ts";
import { emitRuntime } from "./emit/runtime-files.ts";
import { emitTemplates } from "./emit/templates.ts";
import { emitTesting, emitTestingKit } from "./emit/testing.ts";
import { emitTypes } from "./emit/types.ts";
import { formatFile } from "./format.ts";
import { header } from "./emit/doc.ts";

export interface GenerateOptions {
  /** Namespace override (default: the spec's). */
  readonly namespace?: string | undefined;
}

/** Every output file of a model, formatted, keyed by path relative to the output folder. */
export async function generate(model: ServiceModel, assets: Assets = loadAssets()): Promise<Map<string, string>> {
  const sources = [emitTypes(model), emitDescriptors(model), ...model.endpoints.map((ep) => emitEndpoint(ep, model)), emitClient(model), emitIndex(model), ...emitTesting(model), emitGoldenTests(model)];
  const texts = [...emitRuntime(model, assets), ...emitTestingKit(model, assets), ...emitTemplates(model, assets)];
  const compiled = compile({ sources, texts, peerTypes: assets.peerTypes });
  const files = new Map<string, string>();
  for (const [path, text] of compiled.sources) files.set(path, text);
  for (const t of texts) if (!files.has(t.path)) files.set(t.path, t.text);
  for (const [path, text] of compiled.dist) {
    const marked = path.endsWith(".js") || path.endsWith(".d.ts") ? (text.startsWith("// Code generated") ? text : header(model.specFile, `Compiled from ${path.replace(/^dist\//, "src/").replace(/\.d\.ts$|\.js$/, ".ts")}.`) + text) : text;
    files.set(path, marked);
  }
  // dist/ is compiler output, already deterministic and consistently printed: not reformatted.
  const out = new Map<string, string>();
  for (const path of [...files.keys()].sort()) {
    const text = files.get(path) ?? "";
    out.set(path, path.startsWith("dist/") ? text : await formatFile(path, text));
  }
  return out;
}

/** Loads a spec file and generates. `displayName` is the spec's name in messages and headers. */
export async function generateFromSpec(specPath: string, displayName: string, options: GenerateOptions = {}): Promise<Map<string, string>> {
  const model = loadSpecFile(specPath, displayName, options.namespace === undefined ? {} : { namespace: options.namespace });
  return generate(model);
}
