/**
 * Emits `src/descriptors.ts`: frozen, data-only descriptors of enums and records that drive the
 * runtime's encoder and decoder, records in the model's declaration order (recursive ones give
 * their fields late).
 */
import { Const, Kind } from "../codegen/kinds.ts";
import { header } from "../codegen/doc.ts";
import { GeneratedFile, type EmittedSource } from "../codegen/generated-file.ts";
import type { ServiceModel } from "../model/types.ts";
import { RT, RT_TYPES } from "../runtime-symbols.ts";

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
  for (const r of model.recordsInDeclarationOrder) {
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
            `/* @__PURE__ */ ${file.use(RT.defineRecord)}({ kind: "record", name: ${JSON.stringify(r.name)}, wire: ${JSON.stringify(r.wireName)}, fields: ${r.recursive ? "() => " : ""}[\n${fields}\n],\n` +
            `create: () => ({ ${r.fields.map((f) => `${f.propertyKey}: undefined`).join(", ")} })` +
            // A record without fields (System.TimeSpan) has nothing to set (and unused parameters would not compile).
            (r.fields.length === 0 ? "" : `,\nset: (o, i, v) => { switch (i) { ${r.fields.map((f, i) => `case ${i}: o${f.propertyKey.startsWith('"') ? `[${f.propertyKey}]` : `.${f.propertyKey}`} = v; break;`).join(" ")} } }`) +
            ` })`,
        },
      ],
    });
  }
  return file.toSource();
}
