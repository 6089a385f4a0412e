/**
 * The generator's own input files besides the spec: the hand-written runtime and the handlebars
 * templates. Read here, once, so that emitters stay pure functions of (model, assets).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "./paths.ts";

export interface Assets {
  /** templates/runtime/*.ts, sorted by name. */
  readonly runtime: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** templates/node/*.ts (the `/node` entry: Node transport), sorted by name. */
  readonly node: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** templates/testing/*.ts (the test kit), sorted by name. */
  readonly testing: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** Declarations of optional peer modules (templates/testing/peers/<module>.d.ts), for type-checking in memory only. */
  readonly peerTypes: ReadonlyArray<{ readonly module: string; readonly text: string }>;
  /** templates/*.hbs by file name (e.g. `README.md.hbs`). */
  readonly templates: Readonly<Record<string, string>>;
}

/** The folder the assets are read from (watch mode watches it too). */
export const templatesDir = (): string => join(packageRoot(), "templates");

/** `dir`'s files ending in `ext` (tests left out), sorted by name. */
const filesOf = (dir: string, ext: string): Array<{ name: string; text: string }> =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext) && !f.endsWith(".test.ts"))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), "utf8") }));

export function loadAssets(): Assets {
  const templateDir = templatesDir();
  const runtime = filesOf(join(templateDir, "runtime"), ".ts");
  const node = filesOf(join(templateDir, "node"), ".ts");
  const testing = filesOf(join(templateDir, "testing"), ".ts").filter(({ name }) => !name.endsWith(".d.ts"));
  const peerTypes = filesOf(join(templateDir, "testing", "peers"), ".d.ts").map(({ name, text }) => ({ module: name.replace(/\.d\.ts$/, ""), text }));
  const templates = Object.fromEntries(
    readdirSync(templateDir)
      .filter((f) => f.endsWith(".hbs"))
      .sort()
      .map((name) => [name, readFileSync(join(templateDir, name), "utf8")]),
  );
  return { runtime, node, testing, peerTypes, templates };
}
