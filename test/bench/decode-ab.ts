/**
 * A/B driver for the decoder (not part of `npm run bench`): the generated package of another
 * git revision against the working tree's, in one process, interleaved round by round, with
 * Buffer.toString as the floor. Ratios from the same rounds hold up on a busy machine far
 * better than two separate runs.
 *
 *   npx tsx test/bench/decode-ab.ts [ref=main] [form=soap11] [items=10000] [rounds=25]
 *
 * The other revision's `generated/src` is exported with `git archive` into a temporary folder.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildFixtures, fixtureKey, type Form } from "./fixtures.ts";

type Pkg = typeof import("../../generated/src/index.ts");

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ref = process.argv[2] ?? "main";
const form = (process.argv[3] ?? "soap11") as Form;
const n = Number(process.argv[4] ?? 10_000);
const rounds = Number(process.argv[5] ?? 25);

const dir = mkdtempSync(join(os.tmpdir(), "asmx-ab-"));
try {
  const tar = execFileSync("git", ["archive", ref, "generated/src"], { cwd: ROOT, maxBuffer: 1 << 28 });
  execFileSync("tar", ["-x", "-C", dir], { input: tar });
  const other = (await import(pathToFileURL(join(dir, "generated", "src", "index.ts")).href)) as Pkg;
  const ours = (await import("../../generated/src/index.ts")) as Pkg;
  const bytes = buildFixtures([n]).get(fixtureKey(form, n)) as Buffer;
  const reps = n >= 10_000 ? 1 : n >= 100 ? 50 : 2000;
  const time = (f: () => unknown): number => {
    const t = performance.now();
    for (let i = 0; i < reps; i++) f();
    return (performance.now() - t) / reps;
  };
  const a: number[] = [];
  const b: number[] = [];
  const floor: number[] = [];
  const ratio: number[] = [];
  for (let r = 0; r < rounds + 3; r++) {
    const ta = time(() => other.decodeResponse(other.GetMessagesAfterIDOperation, form, bytes));
    const tb = time(() => ours.decodeResponse(ours.GetMessagesAfterIDOperation, form, bytes));
    const tf = time(() => bytes.toString("utf8"));
    if (r < 3) continue; // warm-up
    a.push(ta);
    b.push(tb);
    floor.push(tf);
    ratio.push(ta / tb);
  }
  const med = (x: number[]): number => [...x].sort((p, q) => p - q)[x.length >> 1] ?? NaN;
  process.stdout.write(
    `${form} N=${n}, ${rounds} rounds: ${ref} ${med(a).toFixed(3)} ms, working tree ${med(b).toFixed(3)} ms, toString ${med(floor).toFixed(3)} ms; ` +
      `${ref} / working tree ${med(ratio).toFixed(2)}× (median of per-round ratios); over the floor: ${ref} ${(med(a) / med(floor)).toFixed(2)}×, working tree ${(med(b) / med(floor)).toFixed(2)}×\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
