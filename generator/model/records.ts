/** Records of the spec → RecordModel, fields in wire order. */
import type { RawField } from "../spec/raw.ts";
import type { BuildContext } from "./context.ts";
import { naming, propertyKey, propertyNameProblem } from "./naming.ts";
import { recursiveRecords } from "./record-order.ts";
import { join } from "./symbols.ts";
import type { FieldModel, RecordModel } from "./types.ts";

function buildField(ctx: BuildContext, f: RawField, path: string): FieldModel {
  const tsName = f.tsName ?? f.name;
  const type = ctx.resolve(f.type, `${path}/type`);
  // A nillable value type (int?) may come as xsi:nil: null, like an absent reference.
  const nullable = f.nullable ?? (f.nillable === true || ctx.isReference(type));
  const problem = propertyNameProblem(tsName);
  if (problem !== null) ctx.report("reserved-name", `${path}/name`, problem);
  const value = ctx.valueType(type);
  return {
    wireName: f.name,
    tsName,
    propertyKey: propertyKey(tsName),
    type,
    nullable,
    description: f.description ?? "",
    pos: ctx.locate(path),
    tsType: nullable ? join([value, " | null"]) : value,
    descriptorType: ctx.descriptorType(type),
    wireType: ctx.wireLabel(type),
  };
}

export function buildRecords(ctx: BuildContext): RecordModel[] {
  const wireNames = new Map<string, string>();
  for (const [name, e] of Object.entries(ctx.raw.enums ?? {})) wireNames.set(e.wireName ?? name, name);
  return Object.entries(ctx.raw.records ?? {}).map(([name, r]) => {
    const path = `/records/${name}`;
    const wireName = r.wireName ?? name;
    const other = wireNames.get(wireName);
    if (other !== undefined) ctx.report("duplicate-name", `${path}/wireName`, `wire name "${wireName}" is also used by ${other}`);
    wireNames.set(wireName, name);
    const seenWire = new Set<string>();
    const seenTs = new Set<string>();
    const fields = r.fields.map((f, i) => {
      const field = buildField(ctx, f, `${path}/fields/${i}`);
      if (seenWire.has(field.wireName)) ctx.report("duplicate-name", `${path}/fields/${i}/name`, `duplicate field "${field.wireName}" in record ${name}`);
      else if (seenTs.has(field.tsName)) ctx.report("duplicate-name", `${path}/fields/${i}/name`, `duplicate TypeScript field name "${field.tsName}" in record ${name}`);
      seenWire.add(field.wireName);
      seenTs.add(field.tsName);
      return field;
    });
    return {
      name,
      wireName,
      description: r.description ?? "",
      fields,
      pos: ctx.locate(path, true),
      typeSymbol: naming.recordType(name),
      descriptorSymbol: naming.recordDescriptor(name),
      recursive: false,
    };
  });
}

/** Marks the recursive records (see record-order.ts). */
export function markRecursive(records: readonly RecordModel[]): RecordModel[] {
  const recursive = recursiveRecords(records);
  return records.map((r) => (recursive.has(r.name) ? { ...r, recursive: true } : r));
}
