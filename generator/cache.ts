/**
 * A content-addressed cache of the generator's expensive, pure steps (printing, formatting,
 * type-checking, dist emit and linking), like ESLint's or tsc's incremental caches: each entry is keyed by a
 * hash of its exact input and of the versions and options of the tools that produced it, so a
 * hit is byte-for-byte what the step would produce. A regeneration whose inputs did not change
 * loads neither TypeScript nor prettier. One JSON file per output folder; entries not used by a
 * run are dropped when it saves. Disabled with `--no-cache` or ASMX_TS_CACHE=0.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";

export interface StepCache {
  get(step: string, input: string): string | undefined;
  set(step: string, input: string, output: string): void;
  save(): void;
}

const hash = (text: string): string => createHash("sha256").update(text).digest("base64url");

/** A cache that remembers nothing. */
export const noCache: StepCache = { get: () => undefined, set: () => {}, save: () => {} };

/** The cache folder: node_modules/.cache/asmx-ts of the nearest node_modules above `from`, else the OS temp folder. */
export function cacheDir(from: string): string {
  let dir = from;
  for (;;) {
    if (existsSync(join(dir, "node_modules"))) return join(dir, "node_modules", ".cache", "asmx-ts");
    const up = dirname(dir);
    if (up === dir) return join(tmpdir(), "asmx-ts-cache");
    dir = up;
  }
}

/**
 * The cache of one output folder. `fingerprint` names the versions and options of the tools
 * (TypeScript, prettier, the generator); it is part of every key.
 */
export function openCache(outDir: string, fingerprint: string): StepCache {
  if (process.env["ASMX_TS_CACHE"] === "0") return noCache;
  const file = join(cacheDir(dirname(outDir)), `${hash(outDir).slice(0, 16)}.json`);
  let old: Record<string, string> = {};
  try {
    old = JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
  } catch {
    // No cache yet, or an unreadable one: start empty.
  }
  const used = new Map<string, string>();
  const key = (step: string, input: string): string => hash(`${fingerprint}\0${step}\0${input}`);
  let dirty = false;
  return {
    get(step, input) {
      const k = key(step, input);
      const v = Object.prototype.hasOwnProperty.call(old, k) ? old[k] : undefined;
      if (v !== undefined) used.set(k, v);
      return v;
    },
    set(step, input, output) {
      used.set(key(step, input), output);
      dirty = true;
    },
    save() {
      if (!dirty && used.size === Object.keys(old).length) return;
      try {
        mkdirSync(dirname(file), { recursive: true });
        const tmp = `${file}.${process.pid}.tmp`;
        writeFileSync(tmp, JSON.stringify(Object.fromEntries(used)));
        renameSync(tmp, file);
      } catch {
        // A cache that cannot be written only costs time.
      }
    },
  };
}

/** Versions and code of the tools behind the cached steps (TypeScript via ts-morph, prettier, esbuild, and our compile/format/link modules). */
export function toolFingerprint(): string {
  const require = createRequire(import.meta.url);
  const version = (pkg: string): string => (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), "utf8")) as { version: string }).version;
  const here = fileURLToPath(import.meta.url);
  const code = ["compile", "format", "link"].map((m) => readFileSync(here.replace(/cache\.(ts|js)$/, `${m}.$1`), "utf8")).join("\0");
  return JSON.stringify({ tsMorph: version("ts-morph"), prettier: version("prettier"), esbuild: version("esbuild"), code });
}
