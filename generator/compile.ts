/**
 * Builds the package in memory with ts-morph: type-checks every generated TypeScript file under
 * strict settings (a failure is a generator bug and stops generation before anything is
 * written) and emits `dist/` JavaScript and declarations.
 */
import { ModuleKind, ModuleResolutionKind, Project, ScriptTarget, type OptionalKind, type SourceFileStructure } from "ts-morph";

export class CompileError extends Error {
  override readonly name = "CompileError";
}

export interface CompileInput {
  readonly sources: ReadonlyArray<{ readonly path: string; readonly structure: OptionalKind<SourceFileStructure> }>;
  readonly texts: ReadonlyArray<{ readonly path: string; readonly text: string }>;
  /** Declarations of optional peer modules, visible to the type check only (never emitted or written). */
  readonly peerTypes?: ReadonlyArray<{ readonly module: string; readonly text: string }>;
}

/** Creates the TypeScript files, checks them and returns their text plus the emitted dist files. */
export function compile(input: CompileInput): { sources: Map<string, string>; dist: Map<string, string> } {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: {
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
      declaration: true,
      rootDir: "/pkg/src",
      outDir: "/pkg/dist",
      newLine: 1,
      removeComments: false,
      skipLibCheck: true,
      skipDefaultLibCheck: true,
    },
  });
  const sources = new Map<string, string>();
  for (const s of input.sources) {
    if (!s.path.startsWith("src/")) continue;
    const file = project.createSourceFile(`/pkg/${s.path}`, s.structure);
    sources.set(s.path, file.getFullText());
  }
  for (const t of input.texts) {
    if (t.path.startsWith("src/") && t.path.endsWith(".ts")) {
      project.createSourceFile(`/pkg/${t.path}`, t.text);
      sources.set(t.path, t.text);
    }
  }
  for (const peer of input.peerTypes ?? []) project.createSourceFile(`/pkg/node_modules/${peer.module}/index.d.ts`, peer.text);
  const diagnostics = project.getPreEmitDiagnostics();
  if (diagnostics.length > 0) {
    throw new CompileError(`generated code does not type-check:\n${project.formatDiagnosticsWithColorAndContext(diagnostics.slice(0, 20))}`);
  }
  const dist = new Map<string, string>();
  for (const f of project.emitToMemory().getFiles()) dist.set(f.filePath.replace(/^\/pkg\//, ""), f.text);
  // Files outside src/ (tests) are created from structures too, without being compiled into dist.
  const tests = new Project({ useInMemoryFileSystem: true });
  for (const s of input.sources) {
    if (s.path.startsWith("src/")) continue;
    sources.set(s.path, tests.createSourceFile(`/pkg/${s.path}`, s.structure).getFullText());
  }
  return { sources, dist };
}
