/** Emits `src/types.ts`: a string-literal union (and its values) per enum, an interface per record. */
import { Const, Kind } from "../codegen/kinds.ts";
import { header, tsdoc } from "../codegen/doc.ts";
import { GeneratedFile, type EmittedSource } from "../codegen/generated-file.ts";
import type { FieldModel, ServiceModel } from "../model/types.ts";

function fieldDoc(f: FieldModel): string {
  return tsdoc("", f.description, [`Wire: \`${f.wireName}\` (${f.wireType})${f.nullable ? "; `null` when the service omits it" : ""}.`]);
}

export function emitTypes(model: ServiceModel): EmittedSource {
  const file = new GeneratedFile({ path: "src/types.ts", header: header(model.specFile, "Enumerations and records of the service.") });
  for (const e of model.enums) {
    const values = file.use(e.valuesSymbol);
    const type = file.use(e.typeSymbol);
    file.push(
      {
        kind: Kind.VariableStatement,
        isExported: true,
        declarationKind: Const,
        docs: [`All values of {@link ${type}}, in spec order.`],
        declarations: [{ name: values, initializer: `[${e.values.map((v) => JSON.stringify(v)).join(", ")}] as const` }],
      },
      {
        kind: Kind.TypeAlias,
        isExported: true,
        name: type,
        type: `(typeof ${values})[number]`,
        docs: [tsdoc("", e.description, [`Wire: enumeration \`${e.wireName}\`; values are sent and received as written.`])],
      },
    );
  }
  for (const r of model.records) {
    file.push({
      kind: Kind.Interface,
      isExported: true,
      name: file.use(r.typeSymbol),
      docs: [tsdoc("", r.description, [`Wire: element \`${r.wireName}\`; child elements in the order of the properties.`])],
      properties: r.fields.map((f) => ({ name: f.propertyKey, type: file.type(f.tsType), docs: [fieldDoc(f)] })),
    });
  }
  return file.toSource();
}
