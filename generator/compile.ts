/**
 * Builds the package in memory with ts-morph. Prints every emitted structure as TypeScript; emits
 * `dist/` declarations file by file (the generated code and the runtime satisfy
 * `isolatedDeclarations`, so no type checker is needed for that; the JavaScript is linked per
 * entry point by link.ts); and, when asked, type-checks
 * the whole package under strict settings — a failure is a generator bug and stops generation
 * before anything is written.
 *
 * `generate` always type-checks. `generate --check` does not: it compares with files that were
 * type-checked when they were written, and any difference (including one that would not
 * type-check) is reported as stale.
 */
import { ModuleKind, ModuleResolutionKind, Project, ScriptTarget, ts, type CompilerOptions } from "ts-morph";
import type { EmittedSource } from "./codegen/generated-file.ts";
import { CompileError } from "./compile-error.ts";

const COMPILER_OPTIONS: CompilerOptions = {
  target: ScriptTarget.ES2022,
  module: ModuleKind.ESNext,
  moduleResolution: ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
  types: [],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noImplicitOverride: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  verbatimModuleSyntax: true,
  isolatedDeclarations: true,
  declaration: true,
  rootDir: "/pkg/src",
  outDir: "/pkg/dist",
  newLine: 1,
  removeComments: false,
  skipLibCheck: true,
  skipDefaultLibCheck: true,
};

/** Points a source map at `../src/<file>.ts` (relative to dist/) and drops the absolute paths the transpiler knows. */
function fixMap(mapText: string, srcPath: string, shift = ""): string {
  const map = JSON.parse(mapText) as { sources: string[]; sourceRoot?: string; file?: string; mappings: string };
  map.mappings = shift + map.mappings;
  const depth = srcPath.split("/").length - 1; // src/a/b.ts → 2 folders below the package root
  map.sources = [`${"../".repeat(depth)}${srcPath}`];
  delete map.sourceRoot;
  return JSON.stringify(map);
}

/** Declarations of one file (and their map, when asked), without a type checker. */
function emitFile(srcPath: string, text: string, sourceMaps: boolean, out: Map<string, string>): void {
  const base = srcPath.replace(/^src\//, "dist/").replace(/\.ts$/, "");
  const fileName = `/pkg/${srcPath}`;
  const options = { ...COMPILER_OPTIONS, sourceMap: sourceMaps, declarationMap: sourceMaps, inlineSources: false } as ts.CompilerOptions;
  const dts = ts.transpileDeclaration(text, { compilerOptions: options, fileName, reportDiagnostics: true });
  if (dts.diagnostics !== undefined && dts.diagnostics.length > 0) {
    throw new CompileError(`declarations of ${srcPath} need a type checker:\n${ts.formatDiagnostics(dts.diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => "/pkg", getNewLine: () => "\n" })}`);
  }
  const strip = (t: string): string => t.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
  // Declarations lose the file's leading comment: put the generated-file header back, and shift
  // the map by its lines.
  const head = /^(\/\/ Code generated [^\n]*\n(?:\/\/ [^\n]*\n)?)/.exec(text)?.[1] ?? "";
  const dtsHead = dts.outputText.startsWith("// Code generated") ? "" : head;
  out.set(`${base}.d.ts`, dtsHead + (sourceMaps ? dts.outputText : strip(dts.outputText)));
  if (sourceMaps && dts.sourceMapText !== undefined) out.set(`${base}.d.ts.map`, fixMap(dts.sourceMapText, srcPath, ";".repeat(dtsHead.split("\n").length - 1)));
}

/**
 * Type-checks the package's `src/` files; throws CompileError with the first diagnostics.
 * `peerTypes` declare optional peer modules (e.g. msw for the test kit), for this check only.
 */
export function typeCheck(files: ReadonlyMap<string, string>, peerTypes: ReadonlyArray<{ readonly module: string; readonly text: string }> = []): void {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: COMPILER_OPTIONS });
  for (const [path, text] of files) project.createSourceFile(`/pkg/${path}`, text);
  for (const peer of peerTypes) project.createSourceFile(`/pkg/node_modules/${peer.module}/index.d.ts`, peer.text);
  const diagnostics = project.getPreEmitDiagnostics();
  if (diagnostics.length > 0) {
    throw new CompileError(`generated code does not type-check:\n${project.formatDiagnosticsWithColorAndContext(diagnostics.slice(0, 20))}`);
  }
}

/** Prints emitted structures as TypeScript text, keyed by path. */
export function printSources(sources: readonly EmittedSource[]): Map<string, string> {
  const printer = new Project({ useInMemoryFileSystem: true, compilerOptions: COMPILER_OPTIONS });
  const out = new Map<string, string>();
  for (const s of sources) out.set(s.path, printer.createSourceFile(`/pkg/${s.path}`, s.structure).getFullText());
  return out;
}

/** dist/ declarations (and their maps, when asked) of the package's `src/` files. */
export function emitDeclarations(packageSources: ReadonlyMap<string, string>, sourceMaps: boolean): Map<string, string> {
  const dist = new Map<string, string>();
  for (const [path, text] of packageSources) emitFile(path, text, sourceMaps, dist);
  return dist;
}
