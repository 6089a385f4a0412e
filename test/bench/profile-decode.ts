/**
 * Profiling driver for the decoder (not part of `npm run bench`):
 *   npx tsx test/bench/profile-decode.ts [form] [items] [iterations]
 *   node --cpu-prof --import tsx test/bench/profile-decode.ts soap11 10000 30
 * Decodes the bench fixture repeatedly and prints the median time per document next to
 * Buffer.toString (the floor of the bench's decode table), from the same process: wall time,
 * and CPU time of the process (user + system), which a busy machine disturbs less.
 */
import { buildFixtures, fixtureKey, type Form } from "./fixtures.ts";
import { decodeOurs } from "./ours.ts";

const form = (process.argv[2] ?? "soap11") as Form;
const n = Number(process.argv[3] ?? 10_000);
const iterations = Number(process.argv[4] ?? 20);
const bytes = buildFixtures([n]).get(fixtureKey(form, n)) as Buffer;

const med = (xs: number[]): number => xs.sort((a, b) => a - b)[xs.length >> 1] ?? NaN;
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const ours: number[] = [];
const floor: number[] = [];
const oursCpu: number[] = [];
const floorCpu: number[] = [];
for (let i = 0; i < iterations; i++) {
  let t = performance.now();
  let c = cpu();
  decodeOurs(form, bytes);
  ours.push(performance.now() - t);
  oursCpu.push(cpu() - c);
  t = performance.now();
  c = cpu();
  bytes.toString("utf8");
  floor.push(performance.now() - t);
  floorCpu.push(cpu() - c);
}
const o = med(ours.slice(2));
const f = med(floor.slice(2));
const oc = med(oursCpu.slice(2));
const fc = med(floorCpu.slice(2));
process.stdout.write(
  `${form} N=${n}: wall ours ${o.toFixed(2)} ms, toString ${f.toFixed(2)} ms, ours/floor ${(o / f).toFixed(2)}×; ` +
    `cpu ours ${oc.toFixed(2)} ms, toString ${fc.toFixed(2)} ms, ours/floor ${(oc / fc).toFixed(2)}×\n`,
);
