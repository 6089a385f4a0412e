/**
 * The only module that touches the output folder. `writeOutput` stages the complete new tree
 * in a sibling folder (unchanged files hard-linked, so they are not rewritten) and swaps it in
 * with two renames; `checkOutput` compares and writes nothing.
 */
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, copyFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";

/** Folders inside the output that belong to the user, not to the generator. */
const IGNORED = new Set(["node_modules"]);

/** Files currently in `dir`, relative with forward slashes, sorted. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) {
        if (!(d === dir && IGNORED.has(entry.name))) walk(full);
      } else out.push(relative(dir, full).split(sep).join("/"));
    }
  };
  walk(dir);
  return out.sort();
}

export interface CheckReport {
  readonly stale: string[];
  readonly missing: string[];
  readonly extra: string[];
}

export function checkOutput(outDir: string, files: ReadonlyMap<string, string>): CheckReport {
  const existing = new Set(listFiles(outDir));
  const stale: string[] = [];
  const missing: string[] = [];
  for (const [path, text] of files) {
    if (!existing.has(path)) missing.push(path);
    else if (readFileSync(join(outDir, path), "utf8") !== text) stale.push(path);
  }
  const extra = [...existing].filter((p) => !files.has(p));
  return { stale, missing, extra };
}

export interface WriteReport extends CheckReport {
  readonly unchanged: number;
}

/** Writes `files` as the whole content of `outDir`, atomically. Returns what changed. */
export function writeOutput(outDir: string, files: ReadonlyMap<string, string>): WriteReport {
  const report = checkOutput(outDir, files);
  const changed = report.stale.length + report.missing.length + report.extra.length;
  const unchanged = files.size - report.stale.length - report.missing.length;
  if (changed === 0) return { ...report, unchanged };
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = `${outDir}.tmp-${stamp}`;
  const backup = `${outDir}.old-${stamp}`;
  const changedSet = new Set([...report.stale, ...report.missing]);
  try {
    for (const [path, text] of files) {
      const target = join(staging, path);
      mkdirSync(dirname(target), { recursive: true });
      if (changedSet.has(path)) writeFileSync(target, text);
      else {
        try {
          linkSync(join(outDir, path), target);
        } catch {
          copyFileSync(join(outDir, path), target);
        }
      }
    }
    for (const name of IGNORED) {
      const kept = join(outDir, name);
      if (existsSync(kept) && statSync(kept).isDirectory()) renameSync(kept, join(staging, name));
    }
    if (existsSync(outDir)) renameSync(outDir, backup);
    try {
      renameSync(staging, outDir);
    } catch (err) {
      if (existsSync(backup)) renameSync(backup, outDir);
      throw err;
    }
    rmSync(backup, { recursive: true, force: true });
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return { ...report, unchanged };
}
