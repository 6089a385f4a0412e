/**
 * Symbols and type text. The model decides every exported name once, as a symbol that knows the
 * module declaring it; emitters hand symbols to the file builder, which prints the name and
 * writes the import. A type expression is its text plus the symbols it mentions.
 */

/** Modules of the generated package, relative to `src/` without extension. */
export const MODULES = {
  runtime: "runtime/index",
  types: "types",
  descriptors: "descriptors",
  client: "client",
  index: "index",
  testing: "testing",
  endpoint: (name: string): string => `endpoints/${name}`,
} as const;

/** A declaration of the generated package or of its runtime. */
export interface GenSymbol {
  readonly name: string;
  /** Declaring module, relative to `src/` without extension (see MODULES). */
  readonly module: string;
  /** A type (interface or type alias): imported with `type`. */
  readonly typeOnly: boolean;
}

/** TypeScript source text and the symbols it mentions (imported by whoever prints it). */
export interface TypeText {
  readonly text: string;
  readonly refs: readonly GenSymbol[];
}

export const symbol = (name: string, module: string, typeOnly: boolean): GenSymbol => ({ name, module, typeOnly });

/** Text that mentions no symbol. */
export const plain = (text: string): TypeText => ({ text, refs: [] });

/** Text that is exactly one symbol. */
export const ref = (s: GenSymbol): TypeText => ({ text: s.name, refs: [s] });

/** Joins texts, keeping every symbol they mention. */
export function join(parts: ReadonlyArray<TypeText | string>, separator = ""): TypeText {
  const refs: GenSymbol[] = [];
  const texts: string[] = [];
  for (const p of parts) {
    if (typeof p === "string") texts.push(p);
    else {
      texts.push(p.text);
      refs.push(...p.refs);
    }
  }
  return { text: texts.join(separator), refs };
}

/** Builds text with a template literal: `tt\`Promise<${result}>\``. */
export function tt(strings: TemplateStringsArray, ...values: ReadonlyArray<TypeText | string>): TypeText {
  const parts: Array<TypeText | string> = [];
  strings.forEach((s, i) => {
    parts.push(s);
    const v = values[i];
    if (v !== undefined) parts.push(v);
  });
  return join(parts);
}
