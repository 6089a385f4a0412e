/**
 * The file builder every emitter writes through (in the spirit of protobuf-es's GeneratedFile):
 * an emitter asks for a symbol and gets the name to print; the builder records the import and
 * prints all imports at the top, sorted, type-only where nothing but types is used.
 */
import type { ImportDeclarationStructure, OptionalKind, SourceFileStructure, StatementStructures, StructureKind } from "ts-morph";
import { Kind } from "./kinds.ts";
import type { GenSymbol, TypeText } from "../model/symbols.ts";

/** What every TypeScript emitter returns: a path inside the output folder and its structure. */
export interface EmittedSource {
  /** Path relative to the output folder, with forward slashes. */
  readonly path: string;
  readonly structure: OptionalKind<SourceFileStructure>;
}

/** An emitted non-TypeScript file (from a template, or copied). */
export interface EmittedText {
  readonly path: string;
  readonly text: string;
}

export interface GeneratedFileOptions {
  /** Path relative to the output folder, e.g. `src/endpoints/receive.ts`. */
  readonly path: string;
  /** The header comment (first lines of the file). */
  readonly header: string;
  /**
   * Import every symbol from this module instead of the declaring one (relative to `src/`,
   * without extension): files outside the package's sources, such as tests, use the entry point.
   */
  readonly importAllFrom?: string;
}

/** Relative module specifier from the folder of `fromPath` to `src/<module>.js`. */
function specifier(fromPath: string, module: string): string {
  const from = fromPath.split("/").slice(0, -1);
  const to = `src/${module}.js`.split("/");
  let common = 0;
  while (common < from.length && common < to.length - 1 && from[common] === to[common]) common++;
  const up = from.length - common;
  const rest = to.slice(common).join("/");
  return up === 0 ? `./${rest}` : `${"../".repeat(up)}${rest}`;
}

export class GeneratedFile {
  readonly path: string;
  private readonly header: string;
  private readonly importAllFrom: string | undefined;
  private readonly ownModule: string | null;
  /** module → name → imported as type only. */
  private readonly imports = new Map<string, Map<string, boolean>>();
  /** Imports of packages other than the generated one (e.g. `vitest`). */
  private readonly external = new Map<string, Set<string>>();
  private readonly statements: Array<string | StatementStructures> = [];

  constructor(options: GeneratedFileOptions) {
    this.path = options.path;
    this.header = options.header;
    this.importAllFrom = options.importAllFrom;
    this.ownModule = options.path.startsWith("src/") ? options.path.slice(4).replace(/\.ts$/, "") : null;
  }

  /** The name of a symbol, imported into this file unless declared here. */
  use(s: GenSymbol): string {
    this.add(s, s.typeOnly);
    return s.name;
  }

  /** The name of a symbol used in a type position only (imported with `type`). */
  useType(s: GenSymbol): string {
    this.add(s, true);
    return s.name;
  }

  /** The text of a type expression, importing (type-only) every symbol it mentions. */
  type(t: TypeText): string {
    for (const s of t.refs) this.add(s, true);
    return t.text;
  }

  /** The text of a value expression, importing every symbol it mentions as it is (values as values). */
  value(t: TypeText): string {
    for (const s of t.refs) this.add(s, s.typeOnly);
    return t.text;
  }

  /** A named import from another package. */
  useExternal(module: string, name: string): string {
    const names = this.external.get(module) ?? new Set<string>();
    names.add(name);
    this.external.set(module, names);
    return name;
  }

  /** Appends statements (ts-morph structures, or raw statement text). */
  push(...statements: Array<string | StatementStructures>): void {
    this.statements.push(...statements);
  }

  private add(s: GenSymbol, typeOnly: boolean): void {
    const module = this.importAllFrom ?? s.module;
    if (module === this.ownModule) return;
    const names = this.imports.get(module) ?? new Map<string, boolean>();
    names.set(s.name, (names.get(s.name) ?? true) && typeOnly);
    this.imports.set(module, names);
  }

  private importStructures(): Array<OptionalKind<ImportDeclarationStructure> & { kind: StructureKind.ImportDeclaration }> {
    const out: Array<OptionalKind<ImportDeclarationStructure> & { kind: StructureKind.ImportDeclaration }> = [];
    for (const [module, names] of [...this.external].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      out.push({ kind: Kind.ImportDeclaration, moduleSpecifier: module, namedImports: [...names].sort() });
    }
    const local = [...this.imports].map(([module, names]) => ({ spec: specifier(this.path, module), names })).sort((a, b) => (a.spec < b.spec ? -1 : a.spec > b.spec ? 1 : 0));
    for (const { spec, names } of local) {
      const sorted = [...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      const allTypes = sorted.every(([, t]) => t);
      out.push({
        kind: Kind.ImportDeclaration,
        moduleSpecifier: spec,
        isTypeOnly: allTypes,
        namedImports: sorted.map(([name, t]) => (t && !allTypes ? { name, isTypeOnly: true } : name)),
      });
    }
    return out;
  }

  /** The finished file: header, imports, statements. */
  toSource(): EmittedSource {
    const imports = this.importStructures();
    // A file that declares and imports nothing is still a module (e.g. types of a service without records).
    const body = imports.length === 0 && this.statements.length === 0 ? ["export {};"] : this.statements;
    return { path: this.path, structure: { statements: [this.header, ...imports, ...body] } };
  }
}
