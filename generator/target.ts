/**
 * Generates one service target: spec → model → files, then writes them or compares them with
 * the output folder. Names in generated files never depend on the current folder: the header
 * names the spec relative to the output folder.
 */
import { relative } from "node:path";
import type { Assets } from "./assets.ts";
import type { ServiceTarget } from "./config.ts";
import { noCache, openCache, toolFingerprint } from "./cache.ts";
import { generate } from "./generate.ts";
import { loadModel } from "./load.ts";
import { checkOutput, writeOutput, type WriteReport } from "./write.ts";

import { display, posix } from "./paths.ts";

export interface TargetResult {
  readonly target: ServiceTarget;
  readonly files: number;
  readonly ms: number;
  /** What differs between the output folder and the generated files (after writing: what was changed). */
  readonly report: WriteReport;
}

/** Generates the files of a target in memory. Throws SpecError / CompileError. */
export async function generateTarget(target: ServiceTarget, options: { typeCheck: boolean; cache?: boolean }, assets?: Assets): Promise<Map<string, string>> {
  const model = loadModel(target.spec, display(target.spec), {
    namespace: target.namespace,
    sourceLabel: posix(relative(target.out, target.spec)),
    license: target.license,
    version: target.version,
    packageName: target.packageName,
  });
  return generate(
    model,
    {
      typeCheck: options.typeCheck,
      shipSource: target.shipSource,
      goldenDir: target.goldens === undefined ? undefined : posix(relative(`${target.out}/test`, target.goldens)),
      cache: options.cache === false ? noCache : openCache(target.out, toolFingerprint()),
    },
    assets,
  );
}

function withUnchanged(r: Omit<WriteReport, "unchanged">, total: number): WriteReport {
  return { ...r, unchanged: total - r.stale.length - r.missing.length };
}

/** Generates and writes (or, with `check`, only compares). */
export async function runTarget(target: ServiceTarget, options: { check: boolean; cache?: boolean }, assets?: Assets): Promise<TargetResult> {
  const started = performance.now();
  // --check compares with files that were type-checked when written (see compile.ts).
  const files = await generateTarget(target, { typeCheck: !options.check, cache: options.cache !== false }, assets);
  const report = options.check ? withUnchanged(checkOutput(target.out, files), files.size) : writeOutput(target.out, files);
  return { target, files: files.size, ms: Math.round(performance.now() - started), report };
}

/** One line (or a list) saying what happened to a target. */
export function describeResult(r: TargetResult, check: boolean): string {
  const out = display(r.target.out);
  const spec = display(r.target.spec);
  const { stale, missing, extra } = r.report;
  const changed = stale.length + missing.length + extra.length;
  if (check) {
    if (changed === 0) return `${out} is up to date with ${spec} (${r.files} files, ${r.ms} ms).`;
    const lines = [...stale.map((p) => `stale    ${p}`), ...missing.map((p) => `missing  ${p}`), ...extra.map((p) => `extra    ${p}`)];
    return `${out} is out of date with ${spec} (${changed} file${changed === 1 ? "" : "s"}):\n${lines.map((l) => `  ${l}`).join("\n")}\nRun \`asmx-ts generate\` and commit the result.`;
  }
  if (changed === 0) return `${out} already up to date (${r.files} files, ${r.ms} ms).`;
  return `Wrote ${out}: ${missing.length} added, ${stale.length} updated, ${extra.length} removed, ${r.report.unchanged} unchanged (${r.ms} ms).`;
}
