/**
 * The only module that touches the output folder. `writeOutput` stages every changed file in a
 * sibling folder, writes a journal, then renames the staged files into place one by one and
 * removes the files that are no longer generated; `checkOutput` compares and writes nothing.
 *
 * Why not swap whole folders: two renames (old away, new in) leave a moment with no output
 * folder at all, and a kill between them loses it. Here every file is renamed over its old
 * version (atomic on one file system), so at every moment each file of the folder holds its
 * complete old or new text and none is missing; the journal, written before the first rename,
 * lets the next run (`recoverOutput`, called first by `writeOutput`) finish an interrupted
 * swap; `checkOutput` writes nothing and so reports a half-done swap as stale files. A kill before the journal exists leaves the old folder untouched.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, sep } from "node:path";

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

/** Test seam: called after each step that changes the disk, with the step's name. */
export interface WriteOptions {
  readonly afterStep?: ((step: string) => void) | undefined;
}

interface Journal {
  readonly version: 1;
  /** Name of the staging folder, a sibling of the output folder. */
  readonly staging: string;
  /** Files to rename from the staging folder into the output folder. */
  readonly moves: string[];
  /** Files to remove from the output folder. */
  readonly deletes: string[];
}

const journalPath = (outDir: string): string => `${outDir}.swap-journal.json`;
const STAGING_MARK = ".staging-";

/** The sibling folders a run of writeOutput may leave behind when killed before its journal exists. */
function strayStagings(outDir: string): string[] {
  const parent = dirname(outDir);
  if (!existsSync(parent)) return [];
  const prefix = basename(outDir) + STAGING_MARK;
  return readdirSync(parent)
    .filter((n) => n.startsWith(prefix))
    .map((n) => join(parent, n));
}

/** Removes `dir` and its empty parents up to (not including) `root`. */
function pruneEmpty(root: string, dir: string): void {
  let d = dir;
  while (d !== root && d.startsWith(root + sep)) {
    try {
      if (readdirSync(d).length > 0) return;
      rmdirSync(d);
    } catch {
      return;
    }
    d = dirname(d);
  }
}

/** Makes room for a file at `target`: an old folder there, or an old file where a parent folder must be, is removed (they are not generated any more). */
function clearWay(outDir: string, path: string): void {
  const parts = path.split("/");
  let d = outDir;
  for (let i = 0; i < parts.length - 1; i++) {
    d = join(d, parts[i] ?? "");
    if (existsSync(d) && !lstatSync(d).isDirectory()) rmSync(d, { force: true });
  }
  const target = join(outDir, path);
  if (existsSync(target) && lstatSync(target).isDirectory()) rmSync(target, { recursive: true, force: true });
}

/** Applies a journal: every step is idempotent, so a journal left by a killed run is applied again from the start. */
function applyJournal(outDir: string, journal: Journal, step: (name: string) => void): void {
  const staging = join(dirname(outDir), journal.staging);
  for (const path of journal.moves) {
    const from = join(staging, path);
    if (!existsSync(from)) continue; // moved before the interruption
    clearWay(outDir, path);
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    renameSync(from, join(outDir, path));
    step(`move ${path}`);
  }
  for (const path of journal.deletes) {
    const target = join(outDir, path);
    // Gone already, or a folder of the new tree took its place (see clearWay).
    if (!existsSync(target) || lstatSync(target).isDirectory()) continue;
    rmSync(target, { force: true });
    step(`delete ${path}`);
    pruneEmpty(outDir, dirname(target));
  }
  rmSync(staging, { recursive: true, force: true });
  step("remove staging");
  rmSync(journalPath(outDir), { force: true });
  step("remove journal");
}

/**
 * Finishes a swap that a killed run left half done (its journal is present), and removes staging
 * folders of runs killed before they wrote a journal. Returns whether there was anything to do.
 */
export function recoverOutput(outDir: string, options: WriteOptions = {}): boolean {
  const step = options.afterStep ?? (() => undefined);
  let did = false;
  const jp = journalPath(outDir);
  if (existsSync(jp)) {
    let journal: Journal | undefined;
    try {
      journal = JSON.parse(readFileSync(jp, "utf8")) as Journal;
    } catch {
      journal = undefined; // torn journal: it is written by rename, so this is not ours; drop it
    }
    if (journal?.version === 1) applyJournal(outDir, journal, step);
    else rmSync(jp, { force: true });
    did = true;
  }
  if (existsSync(`${jp}.tmp`)) {
    rmSync(`${jp}.tmp`, { force: true });
    did = true;
  }
  for (const stray of strayStagings(outDir)) {
    rmSync(stray, { recursive: true, force: true });
    did = true;
  }
  return did;
}

/** Writes `files` as the whole content of `outDir` (see the module comment for how it stays whole). Returns what changed. */
export function writeOutput(outDir: string, files: ReadonlyMap<string, string>, options: WriteOptions = {}): WriteReport {
  const step = options.afterStep ?? (() => undefined);
  recoverOutput(outDir, options);
  const report = checkOutput(outDir, files);
  const changed = report.stale.length + report.missing.length + report.extra.length;
  const unchanged = files.size - report.stale.length - report.missing.length;
  if (changed === 0) return { ...report, unchanged };
  const stagingName = `${basename(outDir)}${STAGING_MARK}${process.pid}-${Date.now()}`;
  const staging = join(dirname(outDir), stagingName);
  const moves = [...report.stale, ...report.missing].sort();
  // 1. Stage the changed files (a failure here, or a kill, leaves the output folder untouched).
  try {
    mkdirSync(staging, { recursive: true });
    for (const path of moves) {
      const target = join(staging, path);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, files.get(path) ?? "");
      step(`stage ${path}`);
    }
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }
  // 2. The journal, written whole by a rename: from here on the swap is finished by this run or the next.
  mkdirSync(dirname(outDir), { recursive: true });
  const journal: Journal = { version: 1, staging: stagingName, moves, deletes: [...report.extra].sort() };
  const jp = journalPath(outDir);
  writeFileSync(`${jp}.tmp`, JSON.stringify(journal));
  step("write journal");
  renameSync(`${jp}.tmp`, jp);
  step("commit journal");
  // 3. Rename the staged files into place, remove what is no longer generated, clean up.
  mkdirSync(outDir, { recursive: true });
  applyJournal(outDir, journal, step);
  return { ...report, unchanged };
}
