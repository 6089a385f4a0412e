/**
 * Builds what the runtimes run, with esbuild, in memory or into a scratch folder:
 * - `buildScript(dir)`: main.ts with the probe inlined → `<dir>/main.mjs`; the generated package stays
 *   outside (main.mjs imports its dist entry at run time), so Node, Deno and Bun load the package as shipped.
 * - `buildPage()`: page.ts with the generated package's dist entry bundled in, as an app bundler would,
 *   plus the HTML page that loads it.
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = fileURLToPath(new URL(".", import.meta.url));

/** File URL of the generated package's entry (package.json `exports["."]`). */
export const DIST_ENTRY_URL = new URL("../../../generated/dist/index.js", import.meta.url).href;

export async function buildScript(dir: string): Promise<string> {
  const outfile = join(dir, "main.mjs");
  await build({
    entryPoints: [join(here, "main.ts")],
    outfile,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    logLevel: "silent",
  });
  return outfile;
}

export interface PageFiles {
  readonly html: string;
  readonly js: string;
}

export async function buildPage(): Promise<PageFiles> {
  const r = await build({
    entryPoints: [join(here, "page.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  const js = r.outputFiles[0]?.text;
  if (js === undefined) throw new Error("esbuild produced no page bundle");
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>asmx-ts runtimes probe</title></head><body><script type="module" src="/page.js"></script></body></html>`;
  return { html, js };
}
