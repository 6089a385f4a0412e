/**
 * The core: model → { path → formatted text }. Pure apart from reading the generator's own
 * templates (assets.ts) and the step cache (cache.ts); only write.ts touches the output folder.
 *
 * emit (structures, texts) → print → format (prettier, pinned) → type-check → dist (declarations
 * per file; JavaScript linked per entry point by esbuild, pinned).
 * Print, format, type-check and dist are pure functions of their input; with a cache, each is
 * looked up by a hash of its input first, and TypeScript and prettier are loaded only on a miss.
 */
import { loadAssets, type Assets } from "./assets.ts";
import { noCache, type StepCache } from "./cache.ts";
import type { EmittedSource, EmittedText } from "./codegen/generated-file.ts";
import { emitClient } from "./emit/client.ts";
import { emitDescriptors } from "./emit/descriptors.ts";
import { emitEndpoint } from "./emit/endpoint.ts";
import { emitGoldenTests } from "./emit/golden-tests.ts";
import { emitIndex } from "./emit/index-file.ts";
import { emitRuntime } from "./emit/runtime-files.ts";
import { emitTemplates } from "./emit/templates.ts";
import { emitTesting, emitTestingKit } from "./emit/testing.ts";
import { emitTypes } from "./emit/types.ts";
import type { ServiceModel } from "./model/types.ts";

export interface GenerateOptions {
  /** Type-check the generated package before returning it (default true; `--check` turns it off, see compile.ts). */
  readonly typeCheck?: boolean;
  /** Ship `src/` in the package, with source maps from `dist/` pointing into it (default true). */
  readonly shipSource?: boolean;
  /** Emit the golden request test, with goldens in this folder (relative to the package's `test/` folder). */
  readonly goldenDir?: string | undefined;
  /** Step cache (default: none). */
  readonly cache?: StepCache;
}

/** Phase times on stderr when ASMX_TS_TIMINGS=1 (how the generator was profiled). */
class Timings {
  private last = performance.now();
  private readonly laps: string[] = [];
  lap(name: string): void {
    const now = performance.now();
    this.laps.push(`${name} ${Math.round(now - this.last)} ms`);
    this.last = now;
  }
  report(): void {
    if (process.env["ASMX_TS_TIMINGS"] === "1") process.stderr.write(`asmx-ts timings: ${this.laps.join(", ")}\n`);
  }
}

/** Every emitted TypeScript structure and text file of a model. */
export function emitAll(model: ServiceModel, assets: Assets, options: GenerateOptions = {}): { sources: EmittedSource[]; texts: EmittedText[] } {
  const sources = [emitTypes(model), emitDescriptors(model), ...model.endpoints.map((ep) => emitEndpoint(ep, model)), emitClient(model), emitIndex(model), ...emitTesting(model)];
  if (options.goldenDir !== undefined) sources.push(emitGoldenTests(model, options.goldenDir));
  const texts = [...emitRuntime(model, assets), ...emitTestingKit(model, assets), ...emitTemplates(model, assets, { shipSource: options.shipSource !== false })];
  return { sources, texts };
}

/** Every output file of a model, formatted, keyed by path relative to the output folder (sorted). */
export async function generate(model: ServiceModel, options: GenerateOptions = {}, assets: Assets = loadAssets()): Promise<Map<string, string>> {
  const shipSource = options.shipSource !== false;
  const cache = options.cache ?? noCache;
  const timings = new Timings();
  const { sources, texts } = emitAll(model, assets, options);
  timings.lap("emit");
  const compiler = (() => {
    let loaded: Promise<typeof import("./compile.ts")> | undefined;
    return () => (loaded ??= import("./compile.ts"));
  })();
  const files = new Map<string, string>();

  // Print: structure → TypeScript text.
  const printed = new Map<string, string>();
  const toPrint: EmittedSource[] = [];
  for (const s of sources) {
    const hit = cache.get("print", JSON.stringify(s));
    if (hit !== undefined) printed.set(s.path, hit);
    else toPrint.push(s);
  }
  if (toPrint.length > 0) {
    for (const [path, text] of (await compiler()).printSources(toPrint)) {
      printed.set(path, text);
      const s = toPrint.find((x) => x.path === path);
      if (s) cache.set("print", JSON.stringify(s), text);
    }
  }
  timings.lap("print");

  // Format: generated code, the runtime, the test kit and the package files.
  const toFormat = [...[...printed].map(([path, text]) => ({ path, text })), ...texts];
  await Promise.all(
    toFormat.map(async ({ path, text }) => {
      const input = `${path}\0${text}`;
      let out = cache.get("format", input);
      if (out === undefined) {
        const { formatFile } = await import("./format.ts");
        out = await formatFile(path, text);
        cache.set("format", input, out);
      }
      files.set(path, out);
    }),
  );
  timings.lap("format");

  const packageSources = new Map([...files].filter(([path]) => path.startsWith("src/") && path.endsWith(".ts")).sort(([a], [b]) => (a < b ? -1 : 1)));
  if (options.typeCheck !== false) {
    const input = JSON.stringify([...packageSources]);
    if (cache.get("type-check", input) === undefined) {
      (await compiler()).typeCheck(packageSources, assets.peerTypes);
      cache.set("type-check", input, "ok");
    }
    timings.lap("type-check");
  }

  // dist: declarations per file; JavaScript linked per entry point of package.json's exports.
  // Each step's files are cached as one JSON object under a hash of its input.
  const cachedFiles = async (step: string, input: string, compute: () => Promise<Map<string, string>>): Promise<void> => {
    const hit = cache.get(step, input);
    const out = hit !== undefined ? (JSON.parse(hit) as Record<string, string>) : Object.fromEntries(await compute());
    if (hit === undefined) cache.set(step, input, JSON.stringify(out));
    for (const [p, t] of Object.entries(out)) files.set(p, t);
  };
  for (const [path, text] of packageSources) {
    await cachedFiles("dist", `${path}\0${shipSource}\0${text}`, async () => (await compiler()).emitDeclarations(new Map([[path, text]]), shipSource));
  }
  const { entryPoints, linkDist } = await import("./link.ts");
  const entries = entryPoints(files.get("package.json") ?? "{}");
  const banner = /^\/\/ Code generated [^\n]*/.exec(packageSources.get("src/index.ts") ?? "")?.[0] ?? "";
  await cachedFiles("link", JSON.stringify([shipSource, banner, entries, [...packageSources]]), () => linkDist(packageSources, entries, shipSource, banner));
  timings.lap("dist");
  timings.report();
  cache.save();
  if (!shipSource) for (const path of [...files.keys()]) if (path.startsWith("src/") || path === "tsconfig.json") files.delete(path);
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
