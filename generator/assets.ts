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
  /** templates/*.hbs by file name (e.g. `README.md.hbs`). */
  readonly templates: Readonly<Record<string, string>>;
}

/** The folder the assets are read from (watch mode watches it too). */
export const templatesDir = (): string => join(packageRoot(), "templates");

export function loadAssets(): Assets {
  const templateDir = templatesDir();
  const runtimeDir = join(templateDir, "runtime");
  const runtime = readdirSync(runtimeDir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(runtimeDir, name), "utf8") }));
  const templates = Object.fromEntries(
    readdirSync(templateDir)
      .filter((f) => f.endsWith(".hbs"))
      .sort()
      .map((name) => [name, readFileSync(join(templateDir, name), "utf8")]),
  );
  return { runtime, templates };
}
