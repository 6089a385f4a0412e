/**
 * Emits `src/descriptors.ts`: frozen, data-only descriptors of enums and records that drive the
 * runtime's encoder and decoder. Records come after the records they contain.
 */
import { Const, Kind } from "../codegen/kinds.ts";
import { header } from "../codegen/doc.ts";
import { GeneratedFile, type EmittedSource } from "../codegen/generated-file.ts";
import type { RecordModel, ServiceModel } from "../model/types.ts";
import { RT, RT_TYPES } from "../runtime-symbols.ts";

/** Names of the records that contain themselves, directly or through other records. */
function recursiveRecords(records: readonly RecordModel[]): Set<string> {
  const byName = new Map(records.map((r) => [r.name, r]));
  const contains = (r: RecordModel): string[] => r.fields.flatMap((f) => (f.type.kind === "record" && byName.has(f.type.name) ? [f.type.name] : []));
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

/** Records ordered so that a record comes after every record it contains (records in a cycle give their fields late). */
function dependencyOrder(records: readonly RecordModel[]): RecordModel[] {
  const byName = new Map(records.map((r) => [r.name, r]));
  const out: RecordModel[] = [];
  const seen = new Set<string>();
  const visit = (r: RecordModel): void => {
    if (seen.has(r.name)) return;
    seen.add(r.name);
    for (const f of r.fields) {
      const dep = f.type.kind === "record" ? byName.get(f.type.name) : undefined;
      if (dep) visit(dep);
    }
    out.push(r);
  };
  records.forEach(visit);
  return out;
}

export function emitDescriptors(model: ServiceModel): EmittedSource {
  const file = new GeneratedFile({ path: "src/descriptors.ts", header: header(model.specFile, "Descriptors of enums and records, read by the runtime's encoder and decoder.") });
  for (const e of model.enums) {
    file.push({
      kind: Kind.VariableStatement,
      isExported: true,
      declarationKind: Const,
      docs: [`Descriptor of the enumeration \`${e.typeSymbol.name}\`.`],
      declarations: [
        {
          name: file.use(e.descriptorSymbol),
          type: file.use(RT_TYPES.EnumDescriptor),
          initializer: `/* @__PURE__ */ ${file.use(RT.defineEnum)}({ kind: "enum", name: ${JSON.stringify(e.wireName)}, values: ${file.use(e.valuesSymbol)}${e.flags ? ", flags: true" : ""} })`,
        },
      ],
    });
  }
  const recursive = recursiveRecords(model.records);
  for (const r of dependencyOrder(model.records)) {
    const fields = r.fields.map((f) => `{ wire: ${JSON.stringify(f.wireName)}, prop: ${JSON.stringify(f.tsName)}, type: ${file.value(f.descriptorType)}, nullable: ${f.nullable} }`).join(",\n");
    file.push({
      kind: Kind.VariableStatement,
      isExported: true,
      declarationKind: Const,
      docs: [`Descriptor of the record \`${r.typeSymbol.name}\`.`],
      declarations: [
        {
          name: file.use(r.descriptorSymbol),
          type: file.use(RT_TYPES.RecordDescriptor),
          initializer:
            `/* @__PURE__ */ ${file.use(RT.defineRecord)}({ kind: "record", name: ${JSON.stringify(r.name)}, wire: ${JSON.stringify(r.wireName)}, fields: ${recursive.has(r.name) ? "() => " : ""}[\n${fields}\n],\n` +
            `create: () => ({ ${r.fields.map((f) => `${f.propertyKey}: undefined`).join(", ")} }) })`,
        },
      ],
    });
  }
  return file.toSource();
}
