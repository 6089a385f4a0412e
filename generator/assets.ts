/**
 * The generator's own input files besides the spec: the hand-written runtime and the handlebars
 * templates. Read here, once, so that emitters stay pure functions of (model, assets).
 */
import { readdirSync, readFileSync } from "node:fs";

export interface Assets {
  /** templates/runtime/*.ts, sorted by name. */
  readonly runtime: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** templates/testing/*.ts (the test kit), sorted by name. */
  readonly testing: ReadonlyArray<{ readonly name: string; readonly text: string }>;
  /** Declarations of optional peer modules (templates/testing/peers/<module>.d.ts), for type-checking in memory only. */
  readonly peerTypes: ReadonlyArray<{ readonly module: string; readonly text: string }>;
  /** templates/*.hbs by file name (e.g. `README.md.hbs`). */
  readonly templates: Readonly<Record<string, string>>;
}

const templateDir = new URL("../templates/", import.meta.url);
const runtimeDir = new URL("runtime/", templateDir);
const testingDir = new URL("testing/", templateDir);
const peersDir = new URL("peers/", testingDir);

const tsFiles = (dir: URL, ext: string): Array<{ name: string; text: string }> =>
  readdirSync(dir)
    .filter((f) => f.endsWith(ext))
    .sort()
    .map((name) => ({ name, text: readFileSync(new URL(name, dir), "utf8") }));

export function loadAssets(): Assets {
  const runtime = tsFiles(runtimeDir, ".ts");
  const testing = tsFiles(testingDir, ".ts");
  const peerTypes = tsFiles(peersDir, ".d.ts").map(({ name, text }) => ({ module: name.replace(/\.d\.ts$/, ""), text }));
  const templates = Object.fromEntries(
    readdirSync(templateDir)
      .filter((f) => f.endsWith(".hbs"))
      .sort()
      .map((name) => [name, readFileSync(new URL(name, templateDir), "utf8")]),
  );
  return { runtime, testing, peerTypes, templates };
}
