/**
 * Timing helpers: warm-up, calibrated batches, interleaved rounds, medians.
 *
 * All candidates of one case run in the same process, round-robin (one timed batch of each
 * candidate per round, rotating the start order), so slow drift of a shared, noisy machine
 * hits every candidate alike.
 *
 * No GC is forced between batches: a forced full GC shrinks the young generation and makes the
 * next batch of an allocation-heavy candidate up to ~3x slower than in a running application
 * (measured: node-soap decode of 100 items, 8 ms steady vs 23 ms right after gc()). Collection
 * happens naturally, as in production; one GC is forced before each case only.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
const gcFn = runInNewContext("gc") as (() => void) | undefined;

export function gc(): void {
  if (gcFn) gcFn();
}

export function now(): number {
  return Number(process.hrtime.bigint()) / 1e6; // ms, sub-µs resolution
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

export function median(xs: readonly number[]): number {
  return quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
}

export interface Summary {
  /** per-operation milliseconds */
  median: number;
  p25: number;
  p75: number;
  min: number;
  max: number;
  /** timed batches */
  samples: number;
  /** operations per timed batch */
  batch: number;
}

export function summarize(perOp: readonly number[], batch: number): Summary {
  const s = [...perOp].sort((a, b) => a - b);
  return {
    median: quantile(s, 0.5),
    p25: quantile(s, 0.25),
    p75: quantile(s, 0.75),
    min: s[0] ?? Number.NaN,
    max: s[s.length - 1] ?? Number.NaN,
    samples: s.length,
    batch,
  };
}

export interface Candidate {
  name: string;
  /** one operation; may be sync or async */
  run: () => unknown;
}

export interface SamplerOptions {
  /** minimum warm-up time per candidate (ms) */
  warmupMs: number;
  /** minimum warm-up operations per candidate */
  warmupOps: number;
  /** a timed batch lasts at least this long (ms); batch size is calibrated from warm-up */
  batchMs: number;
  /** stop after this much wall time for the case, once minRounds are done (ms) */
  budgetMs: number;
  minRounds: number;
  maxRounds: number;
}

async function runOnce(c: Candidate): Promise<void> {
  const r = c.run();
  if (r instanceof Promise) await r;
}

export interface CompareResult {
  summaries: Map<string, Summary>;
  /** candidates that threw (warm-up or timed); they are dropped from the remaining rounds */
  errors: Map<string, string>;
}

/**
 * Warm every candidate, calibrate a batch size per candidate, then run interleaved rounds.
 * Returns per-candidate summaries of per-operation time (ms).
 */
export async function compare(candidates: readonly Candidate[], o: SamplerOptions): Promise<CompareResult> {
  gc(); // start each case from a clean heap (previous case's garbage is not charged to this one)
  const batch = new Map<string, number>();
  const errors = new Map<string, string>();
  for (const c of candidates) {
    // warm-up + calibration
    try {
      let ops = 0;
      const t0 = now();
      let last = 0;
      while (ops < o.warmupOps || now() - t0 < o.warmupMs) {
        const a = now();
        await runOnce(c);
        last = now() - a;
        ops++;
        if (ops >= o.warmupOps && last > o.warmupMs) break; // a single op is already longer than the warm-up
      }
      if (ops === 0) {
        batch.set(c.name, 1); // no warm-up requested (quick mode, big documents)
        continue;
      }
      const perOp = Math.max((now() - t0) / ops, 1e-4);
      batch.set(c.name, Math.max(1, Math.ceil(o.batchMs / Math.min(perOp, last || perOp))));
    } catch (e) {
      errors.set(c.name, (e as Error).message ?? String(e));
    }
  }
  const live = candidates.filter((c) => !errors.has(c.name));
  const perOp = new Map<string, number[]>(live.map((c) => [c.name, []]));
  const start = now();
  for (let round = 0; round < o.maxRounds; round++) {
    if (round >= o.minRounds && now() - start > o.budgetMs) break;
    for (let j = 0; j < live.length; j++) {
      const c = live[(round + j) % live.length] as Candidate;
      if (errors.has(c.name)) continue;
      const k = batch.get(c.name) ?? 1;
      try {
        const t0 = now();
        for (let i = 0; i < k; i++) {
          const r = c.run();
          if (r instanceof Promise) await r;
        }
        (perOp.get(c.name) as number[]).push((now() - t0) / k);
      } catch (e) {
        errors.set(c.name, (e as Error).message ?? String(e));
      }
    }
  }
  const summaries = new Map<string, Summary>();
  for (const c of live)
    if (!errors.has(c.name)) summaries.set(c.name, summarize(perOp.get(c.name) ?? [], batch.get(c.name) ?? 1));
  return { summaries, errors };
}
