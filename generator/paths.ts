/**
 * Where the generator's own files are, whether it runs from its sources (tsx, this repo) or as
 * compiled JavaScript from an installed package (lib/generator/…): the package root is the
 * nearest folder above this module that holds `templates/runtime/index.ts` (the sources, not compiled copies).
 */
import { existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

/** The generator package's root folder (holds templates/ and spec/*.schema.json). */
export function packageRoot(): string {
  if (root !== undefined) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "templates", "runtime", "index.ts"))) return (root = dir);
    const up = dirname(dir);
    if (up === dir) throw new Error("asmx-ts: cannot find its templates/ folder");
    dir = up;
  }
}

export const posix = (p: string): string => p.split("\\").join("/");

/** How a path is shown in messages: relative to the current folder when below it. */
export function display(path: string, cwd: string = process.cwd()): string {
  const rel = posix(relative(cwd, path));
  return rel === "" ? "." : rel.startsWith("../../") ? posix(path) : rel;
}
