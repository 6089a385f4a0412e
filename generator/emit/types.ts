/** Emits `src/types.ts`: a string-literal union per enum and an interface per record. */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import { names } from "../model/naming.ts";
import type { ServiceModel, TypeRef } from "../model/types.ts";
import { header, tsdoc } from "./doc.ts";
import type { EmittedSource } from "./file.ts";
import { fieldType, propertyName, usesDateTime } from "./typescript-types.ts";

/** How a type is written on the wire, for TSDoc. */
export function wireTypeName(type: TypeRef, model: ServiceModel): string {
  if (type.kind === "scalar") return `xsd:${type.name}`;
  if (type.kind === "enum") return `enum ${model.enums.find((e) => e.name === type.name)?.wireName ?? type.name}`;
  return `element ${model.records.find((r) => r.name === type.name)?.wireName ?? type.name}`;
}

export function emitTypes(model: ServiceModel): EmittedSource {
  const statements: Array<string | StatementStructures> = [header(model.specFile, "Enumerations and records of the service.")];
  const allTypes = model.records.flatMap((r) => r.fields.map((f) => f.type));
  if (usesDateTime(allTypes)) {
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: "./runtime/index.js", namedImports: ["XsdDateTime"], isTypeOnly: true });
  }
  for (const e of model.enums) {
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [tsdoc("", [], e.pos, `All values of {@link ${names.enumType(e)}}, in spec order.`)],
      declarations: [{ name: names.enumValues(e), initializer: `[${e.values.map((v) => JSON.stringify(v)).join(", ")}] as const` }],
    });
    statements.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: names.enumType(e),
      type: `(typeof ${names.enumValues(e)})[number]`,
      docs: [tsdoc(e.description, [`Wire: enumeration \`${e.wireName}\`; values are sent and received as written.`], e.pos)],
    });
  }
  for (const r of model.records) {
    statements.push({
      kind: StructureKind.Interface,
      isExported: true,
      name: names.recordType(r),
      docs: [tsdoc(r.description, [`Wire: element \`${r.wireName}\`; child elements in the order of the properties.`], r.pos)],
      properties: r.fields.map((f) => ({
        name: propertyName(f.tsName),
        type: fieldType(f),
        docs: [
          tsdoc(
            f.description,
            [
              `Wire: \`${f.wireName}\` (${wireTypeName(f.type, model)})${f.nullable ? "; `null` when the service omits it" : ""}.` +
                (f.type.kind === "scalar" && f.type.name === "long" ? " Decoded as bigint: values can exceed 2^53." : "") +
                (f.type.kind === "scalar" && f.type.name === "dateTime" ? " Kept as written, with or without offset; see XsdDateTime." : ""),
            ],
            f.pos,
          ),
        ],
      })),
    });
  }
  return { path: "src/types.ts", structure: { statements } };
}
