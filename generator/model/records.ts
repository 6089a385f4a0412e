/**
 * Records of the spec → RecordModel, fields in wire order. A derived record (`base`) carries
 * its base's fields first, then its own; a record with subtypes (or an abstract one) is typed as
 * the union of its concrete kinds, told apart by their `$type` property (xsi:type on the wire).
 */
import type { RawField } from "../spec/raw.ts";
import type { BuildContext } from "./context.ts";
import { naming, propertyKey, propertyNameProblem } from "./naming.ts";
import { recursiveRecords } from "./record-order.ts";
import { join } from "./symbols.ts";
import type { FieldModel, RecordModel } from "./types.ts";

/** The property that tells the kinds of a record hierarchy apart (never a wire name: those cannot hold `$`). */
export const DISCRIMINATOR = "$type";

function buildField(ctx: BuildContext, f: RawField, path: string, record: string): FieldModel {
  const tsName = f.tsName ?? f.name;
  const type = ctx.resolve(f.type, `${path}/type`);
  const list = f.list === true;
  const repeated = f.repeated === true;
  if (list && f.item === undefined) ctx.report("list-item-missing", path, `list field "${f.name}" of ${record} has no item element (add "item")`);
  if (!list && f.item !== undefined) ctx.report("item-without-list", `${path}/item`, `field "${f.name}" of ${record} has an item element but is not a list (add "list: true")`);
  if (repeated && list) ctx.report("repeated-with-list", `${path}/repeated`, `field "${f.name}" of ${record} is both a wrapped list and repeated: keep one`);
  // A nillable value type (int?) may come as xsi:nil: null, like an absent reference; lists may be absent.
  const nullable = f.nullable ?? (f.nillable === true || list || repeated || ctx.isReference(type));
  const problem = tsName === DISCRIMINATOR ? `"${DISCRIMINATOR}" is the property that names a record's kind: set another tsName` : propertyNameProblem(tsName);
  if (problem !== null) ctx.report("reserved-name", `${path}/name`, problem);
  const one = ctx.valueType(type);
  const value = list || repeated ? join([one.text.includes(" ") ? join(["(", one, ")"]) : one, "[]"]) : one;
  return {
    wireName: f.name,
    tsName,
    propertyKey: propertyKey(tsName),
    type,
    nullable,
    nillable: f.nillable === true && !list && !repeated,
    listItem: list ? (f.item ?? "") : null,
    repeated,
    secret: f.secret === true,
    declaredIn: record,
    description: f.description ?? "",
    pos: ctx.locate(path),
    tsType: nullable ? join([value, " | null"]) : value,
    descriptorType: ctx.descriptorType(type),
    wireType: ctx.wireLabel(type),
  };
}

/** Each record's chain of bases (nearest first); a missing base or a cycle is reported and cut. */
function baseChains(ctx: BuildContext): Map<string, string[]> {
  const records = ctx.raw.records ?? {};
  const chains = new Map<string, string[]>();
  for (const [name, r] of Object.entries(records)) {
    const chain: string[] = [];
    let base = r.base;
    while (base !== undefined) {
      if (records[base] === undefined) {
        if (chain.length === 0) ctx.report("unknown-type", `/records/${name}/base`, `base "${base}" of record ${name} is not a record`);
        break;
      }
      if (base === name || chain.includes(base)) {
        ctx.report("base-cycle", `/records/${name}/base`, `record ${name} extends itself (through ${[...chain, base].join(" → ")})`);
        break;
      }
      chain.push(base);
      base = records[base]?.base;
    }
    chains.set(name, chain);
  }
  return chains;
}

export function buildRecords(ctx: BuildContext): RecordModel[] {
  const wireNames = new Map<string, string>();
  for (const [name, e] of Object.entries(ctx.raw.enums ?? {})) wireNames.set(e.wireName ?? name, name);
  const raw = ctx.raw.records ?? {};
  const chains = baseChains(ctx);
  const own = new Map<string, FieldModel[]>();
  for (const [name, r] of Object.entries(raw)) own.set(name, r.fields.map((f, i) => buildField(ctx, f, `/records/${name}/fields/${i}`, name)));
  const descendants = (name: string): string[] => Object.keys(raw).filter((n) => chains.get(n)?.includes(name));
  const hasSubtypes = (name: string): boolean => descendants(name).length > 0;
  const shapeOf = (name: string) => (hasSubtypes(name) ? naming.recordShape(name) : naming.recordType(name));
  return Object.entries(raw).map(([name, r]) => {
    const path = `/records/${name}`;
    const wireName = r.wireName ?? name;
    const other = wireNames.get(wireName);
    if (other !== undefined) ctx.report("duplicate-name", `${path}/wireName`, `wire name "${wireName}" is also used by ${other}`);
    wireNames.set(wireName, name);
    const chain = chains.get(name) ?? [];
    const inherited = [...chain].reverse().flatMap((b) => own.get(b) ?? []);
    const mine = own.get(name) ?? [];
    const seenWire = new Set(inherited.map((f) => f.wireName));
    const seenTs = new Set(inherited.map((f) => f.tsName));
    mine.forEach((field, i) => {
      if (seenWire.has(field.wireName)) ctx.report("duplicate-name", `${path}/fields/${i}/name`, `duplicate field "${field.wireName}" in record ${name}`);
      else if (seenTs.has(field.tsName)) ctx.report("duplicate-name", `${path}/fields/${i}/name`, `duplicate TypeScript field name "${field.tsName}" in record ${name}`);
      seenWire.add(field.wireName);
      seenTs.add(field.tsName);
    });
    const all = descendants(name);
    const subtypes = all.filter((n) => raw[n]?.abstract !== true);
    const abstract = r.abstract === true;
    const hierarchy = chain.length > 0 || all.length > 0;
    const shapeSymbol = abstract ? null : shapeOf(name);
    const unionMembers = abstract || subtypes.length > 0 ? [...(shapeSymbol ? [shapeSymbol] : []), ...subtypes.map(shapeOf)] : null;
    return {
      name,
      wireName,
      description: r.description ?? "",
      fields: [...inherited, ...mine],
      pos: ctx.locate(path, true),
      typeSymbol: naming.recordType(name),
      shapeSymbol,
      unionMembers,
      descriptorSymbol: naming.recordDescriptor(name),
      base: chain[0] ?? null,
      abstract,
      subtypes,
      subtypeDescriptors: subtypes.map((n) => naming.recordDescriptor(n)),
      discriminator: hierarchy ? name : null,
      recursive: false,
    };
  });
}

/** Marks the recursive records (see record-order.ts). */
export function markRecursive(records: readonly RecordModel[]): RecordModel[] {
  const recursive = recursiveRecords(records);
  return records.map((r) => (recursive.has(r.name) ? { ...r, recursive: true } : r));
}
