/**
 * The generator's own input files besides the spec: the hand-written runtime and the handlebars
 * templates. Read here, once, so that emitters stay pure functions of (model, assets).
 */
import { readdirSync, readFileSync } from "node:fs";

export interface Assets {
  /** templates/runtime/*.ts, sorted by name. */
  readonly runtime: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** templates/node/*.ts (the `/node` entry: Node transport), sorted by name. */
  readonly node: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** templates/*.hbs by file name (e.g. `README.md.hbs`). */
  readonly templates: Readonly<Record<string, string>>;
}

const templateDir = new URL("../templates/", import.meta.url);
const runtimeDir = new URL("runtime/", templateDir);
const nodeDir = new URL("node/", templateDir);

const readTs = (dir: URL): Array<{ name: string; text: string }> =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .sort()
    .map((name) => ({ name, text: readFileSync(new URL(name, dir), "utf8") }));

export function loadAssets(): Assets {
  const runtime = readTs(runtimeDir);
  const node = readTs(nodeDir);
  const templates = Object.fromEntries(
    readdirSync(templateDir)
      .filter((f) => f.endsWith(".hbs"))
      .sort()
      .map((name) => [name, readFileSync(new URL(name, templateDir), "utf8")]),
  );
  return { runtime, node, templates };
}
