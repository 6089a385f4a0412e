/**
 * Links the package's `dist/` JavaScript: one ES module per entry point of the package's
 * `exports` map (the main entry, each endpoint, `/node`, the test kit), with the code two or more
 * entries share in `dist/chunks/`. esbuild does the linking (bundling with code splitting), from
 * the formatted `src/` files held in memory; nothing is read from disk.
 *
 * Why: Node's ES module loader pays for every file it resolves, reads and links. A package of
 * thirty small modules cost an application ~30 ms of start-up before its first call; a handful
 * of linked files cost a few. Declarations stay one per source file (they are types only).
 *
 * Deterministic: the esbuild version is pinned, and chunks are named by what they hold.
 * Shared code lives once, so a class (e.g. AsmxError) is the same class in every entry.
 */
import type { Plugin } from "esbuild";
import { CompileError } from "./compile-error.ts";

/** Where the in-memory package lives for esbuild (never touched on disk). */
const ROOT = "/asmx-ts-package";

/**
 * The entry points of the package: `src/` files behind the `default` (JavaScript) targets of
 * its package.json `exports` map, e.g. `./dist/endpoints/receive.js` → `src/endpoints/receive.ts`.
 */
export function entryPoints(packageJson: string): string[] {
  const pkg = JSON.parse(packageJson) as { exports?: Record<string, unknown> };
  const out = new Set<string>();
  for (const target of Object.values(pkg.exports ?? {})) {
    const js = typeof target === "string" ? target : (target as { default?: unknown }).default;
    if (typeof js !== "string") continue;
    const m = /^\.\/dist\/(.+)\.js$/.exec(js);
    if (m !== null) out.add(`src/${m[1]}.ts`);
  }
  return [...out].sort();
}

/** Serves `src/` from memory; anything outside it (optional peers, `node:` built-ins) stays an import. */
function memory(sources: ReadonlyMap<string, string>): Plugin {
  return {
    name: "asmx-ts-memory",
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === "entry-point") return { path: `${ROOT}/${args.path}`, namespace: "file" };
        if (!args.path.startsWith(".")) return { path: args.path, external: true };
        // Sources import each other as `./x.js`; the file behind it is `./x.ts`.
        const resolved = new URL(args.path, `file://${args.importer}`).pathname.replace(/\.js$/, ".ts");
        if (!sources.has(resolved.slice(ROOT.length + 1))) {
          return { errors: [{ text: `${args.importer.slice(ROOT.length + 1)} imports ${args.path}, which the package does not have` }] };
        }
        return { path: resolved, namespace: "file" };
      });
      build.onLoad({ filter: /.*/ }, (args) => {
        const text = sources.get(args.path.slice(ROOT.length + 1));
        if (text === undefined) return { errors: [{ text: `no source for ${args.path.slice(ROOT.length + 1)}` }] };
        return { contents: text, loader: "ts" };
      });
    },
  };
}

/**
 * The linked `dist/` JavaScript (and source maps pointing into `src/`, when asked) of the
 * package's `src/` files, keyed by package path (`dist/index.js`, `dist/chunks/…`).
 */
export async function linkDist(
  packageSources: ReadonlyMap<string, string>,
  entries: readonly string[],
  sourceMaps: boolean,
  banner: string,
): Promise<Map<string, string>> {
  const { build } = await import("esbuild");
  for (const e of entries) if (!packageSources.has(e)) throw new CompileError(`dist: the entry ${e} is not a generated file`);
  let result;
  try {
    result = await build({
      absWorkingDir: ROOT,
      entryPoints: entries.map((e) => ({ in: e, out: e.replace(/^src\//, "").replace(/\.ts$/, "") })),
      outdir: `${ROOT}/dist`,
      chunkNames: "chunks/[name]-[hash]", // renamed below, by what they hold
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "neutral",
      target: "es2022",
      write: false,
      sourcemap: sourceMaps ? "linked" : false,
      sourcesContent: false,
      legalComments: "none",
      charset: "utf8",
      banner: { js: banner },
      logLevel: "silent",
      metafile: true,
      plugins: [memory(packageSources)],
    });
  } catch (e) {
    if (e instanceof CompileError) throw e;
    const errors = (e as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors ?? [];
    const first = errors[0];
    const where = first?.location ? ` (at ${first.location.file.replace(`${ROOT}/`, "")}:${first.location.line}:${first.location.column + 1})` : "";
    throw new CompileError(`dist: linking failed: ${first?.text ?? (e as Error).message}${where}`);
  }
  const renames = chunkNames(result.metafile.outputs);
  const out = new Map<string, string>();
  for (const f of result.outputFiles) {
    if (!f.path.startsWith(`${ROOT}/dist/`)) throw new CompileError(`dist: esbuild wrote outside dist/: ${f.path}`);
    let path = f.path.slice(ROOT.length + 1);
    let text = f.text;
    for (const [from, to] of renames) {
      path = path.split(from).join(to);
      text = text.split(from).join(to);
    }
    out.set(path, text);
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Stable names for the shared chunks, from what they hold rather than a hash of their content, so
 * that a regeneration rewrites the chunk a change lands in instead of renaming files: the folder
 * of a chunk's sources (`runtime`, `testing`), or the path of a single source
 * (`endpoints-receive`), or the first source at the top of src/ (`descriptors`). Returns pairs
 * (esbuild's name without `.js` → ours), e.g. `chunk-5STNSNYK` → `runtime`.
 */
export function chunkNames(outputs: Readonly<Record<string, { readonly entryPoint?: string | undefined; readonly inputs: Readonly<Record<string, unknown>> }>>): Array<[string, string]> {
  const taken = new Set<string>();
  const pairs: Array<[string, string]> = [];
  const chunks = Object.entries(outputs)
    .filter(([path, o]) => o.entryPoint === undefined && path.endsWith(".js"))
    .map(([path, o]) => ({ hashed: path.slice(path.lastIndexOf("/") + 1, -".js".length), sources: Object.keys(o.inputs).map((i) => i.replace(/^src\//, "").replace(/\.ts$/, "")).sort() }))
    .sort((a, b) => (a.sources.join("\0") < b.sources.join("\0") ? -1 : 1));
  for (const { hashed, sources } of chunks) {
    const dirs = new Set(sources.map((s) => s.slice(0, Math.max(0, s.lastIndexOf("/")))));
    const [dir] = dirs;
    const base = (sources.length === 1 ? sources[0]! : dirs.size === 1 && dir !== "" ? dir! : sources[0]!).replace(/\//g, "-");
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    pairs.push([hashed, name]);
  }
  return pairs;
}
