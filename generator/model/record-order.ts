/**
 * How records depend on each other: the order in which their descriptors can be declared (a
 * record after every record it contains) and which records contain themselves, directly or
 * through others (their descriptors give their fields late).
 */
import type { RecordModel } from "./types.ts";

/** The records a record's descriptor names: the types of its fields and its subtypes. */
function dependencies(r: RecordModel): string[] {
  return [...r.fields.flatMap((f) => (f.type.kind === "record" ? [f.type.name] : [])), ...r.subtypes];
}

/** Names of the records that contain themselves, directly or through other records. */
export function recursiveRecords(records: readonly RecordModel[]): ReadonlySet<string> {
  const byName = new Map(records.map((r) => [r.name, r]));
  const contains = (r: RecordModel): string[] => dependencies(r).filter((n) => byName.has(n));
  const out = new Set<string>();
  for (const start of records) {
    const seen = new Set<string>();
    const stack = contains(start);
    while (stack.length > 0) {
      const n = stack.pop() as string;
      if (n === start.name) {
        out.add(start.name);
        break;
      }
      if (seen.has(n)) continue;
      seen.add(n);
      stack.push(...contains(byName.get(n) as RecordModel));
    }
  }
  return out;
}

/** Records ordered so that a record comes after every record it contains (cycles broken where they close). */
export function dependencyOrder(records: readonly RecordModel[]): RecordModel[] {
  const byName = new Map(records.map((r) => [r.name, r]));
  const out: RecordModel[] = [];
  const seen = new Set<string>();
  const visit = (r: RecordModel): void => {
    if (seen.has(r.name)) return;
    seen.add(r.name);
    for (const n of dependencies(r)) {
      const dep = byName.get(n);
      if (dep) visit(dep);
    }
    out.push(r);
  };
  records.forEach(visit);
  return out;
}
