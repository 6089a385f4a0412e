/** Emits `src/types.ts`: a string-literal union (and its values) per enum, an interface per record. */
import { Const, Kind } from "../codegen/kinds.ts";
import { header, tsdoc } from "../codegen/doc.ts";
import { GeneratedFile, type EmittedSource } from "../codegen/generated-file.ts";
import type { FieldModel, ServiceModel } from "../model/types.ts";

function fieldDoc(f: FieldModel): string {
  const shape = f.listItem !== null ? `, a list of \`<${f.listItem}>\` items` : f.repeated ? ", one element per item (no wrapper)" : "";
  const lines = [`Wire: \`${f.wireName}\` (${f.wireType}${shape})${f.nullable ? "; `null` when the service omits it" : ""}.`];
  if (f.nillable) lines.push("Sent as `xsi:nil` when `null`.");
  if (f.secret) lines.push("A secret: shown as `***` in errors, hooks and middleware.");
  return tsdoc("", f.description, lines);
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
    const base = r.base === null ? "" : ` Extends \`${r.base}\`: its fields come first.`;
    if (r.unionMembers !== null)
      file.push({
        kind: Kind.TypeAlias,
        isExported: true,
        name: file.use(r.typeSymbol),
        type: r.unionMembers.length === 0 ? "never" : r.unionMembers.map((m) => file.use(m)).join(" | "),
        docs: [
          tsdoc("", r.description, [
            `A \`${r.wireName}\`${r.abstract ? " (abstract: always one of its subtypes)" : " or one of its subtypes"}, told apart by \`$type\` (sent and read as \`xsi:type\`).`,
          ]),
        ],
      });
    if (r.shapeSymbol === null) continue;
    const kind =
      r.discriminator === null
        ? []
        : [{ name: "$type", isReadonly: true, type: JSON.stringify(r.discriminator), docs: [`The kind of record (\`xsi:type="${r.wireName}"\` on the wire when a base type is expected).`] }];
    file.push({
      kind: Kind.Interface,
      isExported: true,
      name: file.use(r.shapeSymbol),
      docs: [tsdoc("", r.unionMembers === null ? r.description : "", [`Wire: element \`${r.wireName}\`; child elements in the order of the properties.${base}`])],
      properties: [...kind, ...r.fields.map((f) => ({ name: f.propertyKey, type: file.type(f.tsType), docs: [fieldDoc(f)] }))],
    });
  }
  if (model.soapHeaders !== null)
    file.push({
      kind: Kind.Interface,
      isExported: true,
      name: file.use(model.soapHeaders.symbol),
      docs: [
        tsdoc("SOAP headers the client can send, by header element name: `soapHeaders` of `createClient` (every call) and of a call's options (that call, header by header). Each operation sends those it declares; HTTP GET/POST send none, as ASMX ignores them there.", ""),
      ],
      properties: model.soapHeaders.headers.map((h) => ({ name: h.propertyKey, isReadonly: true, hasQuestionToken: true, type: `${file.type(h.tsType)} | undefined`, docs: [`Header element \`${h.element}\`.`] })),
    });
  return file.toSource();
}
