/**
 * Emits `src/descriptors.ts`: frozen, data-only descriptors of enums and records that drive
 * the runtime's encoder and decoder. Records come after the records they contain.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import { names } from "../model/naming.ts";
import type { RecordModel, ServiceModel, TypeRef } from "../model/types.ts";
import { RT, RT_TYPES } from "../runtime-symbols.ts";
import { header, tsdoc } from "./doc.ts";
import type { EmittedSource } from "./file.ts";
import { propertyName } from "./typescript-types.ts";

/** The descriptor expression of a type: a scalar name, or the name of an enum/record descriptor. */
export function typeExpression(type: TypeRef, model: ServiceModel): string {
  if (type.kind === "scalar") return JSON.stringify(type.name);
  if (type.kind === "enum") {
    const e = model.enums.find((x) => x.name === type.name);
    return e ? names.enumDescriptor(e) : type.name;
  }
  const r = model.records.find((x) => x.name === type.name);
  return r ? names.recordDescriptor(r) : type.name;
}

/** Records ordered so that a record comes after every record it contains. */
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
  const statements: Array<string | StatementStructures> = [header(model.specFile, "Descriptors of enums and records, read by the runtime's encoder and decoder.")];
  statements.push({
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: "./runtime/index.js",
    namedImports: [RT.defineEnum, RT.defineRecord, { name: RT_TYPES.EnumDescriptor, isTypeOnly: true }, { name: RT_TYPES.RecordDescriptor, isTypeOnly: true }],
  });
  if (model.enums.length > 0) {
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: "./types.js", namedImports: model.enums.map((e) => names.enumValues(e)).sort() });
  }
  for (const e of model.enums) {
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [tsdoc("", [], e.pos, `Descriptor of the enumeration {@link ${names.enumType(e)}}.`)],
      declarations: [
        {
          name: names.enumDescriptor(e),
          type: RT_TYPES.EnumDescriptor,
          initializer: `/* @__PURE__ */ ${RT.defineEnum}({ kind: "enum", name: ${JSON.stringify(e.wireName)}, values: ${names.enumValues(e)} })`,
        },
      ],
    });
  }
  for (const r of dependencyOrder(model.records)) {
    const fields = r.fields
      .map((f) => `{ wire: ${JSON.stringify(f.wireName)}, prop: ${JSON.stringify(f.tsName)}, type: ${typeExpression(f.type, model)}, nullable: ${f.nullable} }`)
      .join(",\n");
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [tsdoc("", [], r.pos, `Descriptor of the record {@link ${names.recordType(r)}} (wire element \`${r.wireName}\`).`)],
      declarations: [
        {
          name: names.recordDescriptor(r),
          type: RT_TYPES.RecordDescriptor,
          initializer:
            `/* @__PURE__ */ ${RT.defineRecord}({ kind: "record", name: ${JSON.stringify(r.name)}, wire: ${JSON.stringify(r.wireName)}, fields: [\n${fields}\n],\n` +
            `create: () => ({ ${r.fields.map((f) => `${propertyName(f.tsName)}: undefined`).join(", ")} }) })`,
        },
      ],
    });
  }
  return { path: "src/descriptors.ts", structure: { statements } };
}
