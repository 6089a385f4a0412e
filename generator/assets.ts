/**
 * The generator's own input files besides the spec: the hand-written runtime and the handlebars
 * templates. Read here, once, so that emitters stay pure functions of (model, assets).
 */
import { readdirSync, readFileSync } from "node:fs";

export interface Assets {
  /** templates/runtime/*.ts, sorted by name. */
  readonly runtime: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** templates/*.hbs by file name (e.g. `README.md.hbs`). */
  readonly templates: Readonly<Record<string, string>>;
}

const templateDir = new URL("../templates/", import.meta.url);
const runtimeDir = new URL("runtime/", templateDir);

export function loadAssets(): Assets {
  const runtime = readdirSync(runtimeDir)
    .filter((f) => f.endsWith(".ts"))
    .sort()
    .map((name) => ({ name, text: readFileSync(new URL(name, runtimeDir), "utf8") }));
  const templates = Object.fromEntries(
    readdirSync(templateDir)
      .filter((f) => f.endsWith(".hbs"))
      .sort()
      .map((name) => [name, readFileSync(new URL(name, templateDir), "utf8")]),
  );
  return { runtime, templates };
}
