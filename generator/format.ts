/** Formats generated text in memory with pinned prettier options (never reads a user's config). */
import { format } from "prettier";

const OPTIONS = { printWidth: 120, tabWidth: 2, useTabs: false, semi: true, singleQuote: false, trailingComma: "all", bracketSpacing: true, arrowParens: "always", endOfLine: "lf", proseWrap: "preserve" } as const;

const parserFor = (path: string): string | null =>
  /\.(ts|mts|cts)$/.test(path) ? "typescript" : /\.(js|mjs)$/.test(path) ? "babel" : path.endsWith(".json") ? "json" : path.endsWith(".md") ? "markdown" : null;

export async function formatFile(path: string, text: string): Promise<string> {
  const parser = parserFor(path);
  return parser === null ? text : format(text, { ...OPTIONS, parser });
}
