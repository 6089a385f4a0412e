/**
 * Emits `src/endpoints/<endpoint>.ts`: per operation its parameter and result types, a frozen
 * descriptor, and a thin typed function over the runtime's `invoke`.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import { names } from "../model/naming.ts";
import type { CompleteOperationModel, EndpointModel, ParamModel, ServiceModel, TypeRef } from "../model/types.ts";
import { RT, RT_TYPES } from "../runtime-symbols.ts";
import { typeExpression } from "./descriptors.ts";
import { header, tsdoc } from "./doc.ts";
import type { EmittedSource } from "./file.ts";
import { wireTypeName } from "./types.ts";
import { paramType, propertyName, resultType, usesDateTime } from "./typescript-types.ts";

/** Parameters the caller passes (credentials come from the client). */
export const callerParams = (op: CompleteOperationModel): readonly ParamModel[] => op.params.filter((p) => p.credential === null);

function paramDoc(p: ParamModel, model: ServiceModel): string {
  const remarks = [`Wire: \`${p.wireName}\` (${wireTypeName(p.type, model)}${p.optional ? ", may be omitted" : ""}).`];
  if (p.listItem !== null) remarks.push(`SOAP: one \`<${p.wireName}>\` element with a \`<${p.listItem}>\` child per item. HTTP GET/POST: \`${p.wireName}\` repeated once per item; an empty list cannot be sent there.`);
  if (p.type.kind === "scalar" && p.type.name === "base64Binary") remarks.push(`SOAP: base64 text. HTTP GET/POST: \`${p.wireName}\` repeated once per byte, as a decimal value.`);
  if (p.optional) remarks.push(`Leave it out (or pass null) to omit the element in SOAP; HTTP GET/POST then send it empty.`);
  return tsdoc(p.description, remarks, p.pos);
}

function opDoc(op: CompleteOperationModel, endpoint: EndpointModel): string {
  const wireParams = op.params.map((p) => p.wireName).join(", ");
  const r = op.result;
  const resultWhere =
    r.kind === "list"
      ? `SOAP \`<${op.name}Response><${r.soapElement}>\` with one \`<${r.item}>\` per item; HTTP root \`<${r.httpRoot}>\` with \`<${r.item}>\` items.`
      : `SOAP \`<${op.name}Response><${r.soapElement}>\`; HTTP root \`<${r.httpRoot}>\`.`;
  return tsdoc(
    op.description,
    [
      `SOAP 1.1: POST \`{baseUrl}${op.path}\`, SOAPAction \`"${op.soapAction}"\`. SOAP 1.2: POST \`{baseUrl}${op.path}\`.`,
      `HTTP GET: \`{baseUrl}${op.path}/${op.name}?…\`. HTTP POST: \`{baseUrl}${op.path}/${op.name}\` (form).`,
      `Wire parameters, in order: ${wireParams}.`,
      `Result: ${resultWhere}${r.nullable ? " `null` when the service answers null." : ""}`,
      ...(endpoint.alternatePaths.length > 0 ? [`The endpoint file also answers at ${endpoint.alternatePaths.map((p) => `\`${p}\``).join(", ")}.`] : []),
      "",
      "@param config - from createConfig (or use createClient).",
      "@param params - the operation's parameters; username and password come from the credentials.",
      "@param options - per-call binding, credentials, signal, timeout and headers.",
      "@throws EncodeError before any I/O when a parameter is invalid; ServiceFaultError, HttpStatusError, DecodeError, TimeoutError, AbortError, NetworkError otherwise (all AsmxError).",
    ],
    op.pos,
  );
}

function referencedTypes(op: CompleteOperationModel): TypeRef[] {
  return [...op.params.map((p) => p.type), op.result.type];
}

export function emitEndpoint(endpoint: EndpointModel, model: ServiceModel): EmittedSource {
  const statements: Array<string | StatementStructures> = [header(model.specFile, `Operations of ${endpoint.path}: ${endpoint.description}`)];
  const types = endpoint.operations.flatMap(referencedTypes);
  const paramTypes = endpoint.operations.flatMap((o) => o.params.map((p) => p.type));
  const typeImports = new Set<string>();
  const descriptorImports = new Set<string>();
  for (const t of types) {
    if (t.kind !== "scalar") descriptorImports.add(typeExpression(t, model));
  }
  for (const o of endpoint.operations) {
    for (const p of o.params) if (p.type.kind === "enum") typeImports.add(p.type.name);
    if (o.result.type.kind !== "scalar") typeImports.add(o.result.type.name);
  }
  const runtimeImports: Array<string | { name: string; isTypeOnly: true }> = [
    RT.defineOperation,
    RT.invoke,
    { name: RT_TYPES.CallOptions, isTypeOnly: true },
    { name: RT_TYPES.Config, isTypeOnly: true },
    { name: RT_TYPES.OperationDescriptor, isTypeOnly: true },
  ];
  if (usesDateTime(paramTypes) || usesDateTime(endpoint.operations.map((o) => o.result.type))) runtimeImports.push({ name: RT.XsdDateTime, isTypeOnly: true });
  statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: "../runtime/index.js", namedImports: runtimeImports });
  if (descriptorImports.size > 0) statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: "../descriptors.js", namedImports: [...descriptorImports].sort() });
  if (typeImports.size > 0) statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: "../types.js", isTypeOnly: true, namedImports: [...typeImports].sort() });

  for (const op of endpoint.operations) {
    const caller = callerParams(op);
    statements.push({
      kind: StructureKind.Interface,
      isExported: true,
      name: names.opParams(op),
      docs: [tsdoc("", op.params.some((p) => p.credential) ? ["username and password are not here: they come from the client's or the call's credentials."] : [], op.pos, `Parameters of {@link ${names.opFunction(op)}}.`)],
      properties: caller.map((p) => ({
        name: propertyName(p.tsName),
        isReadonly: true,
        hasQuestionToken: p.optional,
        type: paramType(p),
        docs: [paramDoc(p, model)],
      })),
    });
    statements.push({
      kind: StructureKind.TypeAlias,
      isExported: true,
      name: names.opResult(op),
      type: resultType(op.result),
      docs: [tsdoc("", [], op.result.pos, `Result of {@link ${names.opFunction(op)}}.`)],
    });
    const params = op.params
      .map(
        (p) =>
          `{ wire: ${JSON.stringify(p.wireName)}, prop: ${JSON.stringify(p.tsName)}, type: ${typeExpression(p.type, model)}, item: ${p.listItem === null ? "null" : JSON.stringify(p.listItem)}, optional: ${p.optional}, credential: ${p.credential === null ? "null" : JSON.stringify(p.credential)} }`,
      )
      .join(",\n");
    const r = op.result;
    const result = `{ kind: ${JSON.stringify(r.kind)}, type: ${typeExpression(r.type, model)}, item: ${r.item === null ? "null" : JSON.stringify(r.item)}, soapElement: ${JSON.stringify(r.soapElement)}, httpRoot: ${JSON.stringify(r.httpRoot)}, nullable: ${r.nullable} }`;
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [tsdoc("", [], op.pos, `Descriptor of {@link ${names.opFunction(op)}}: wire names, order and types.`)],
      declarations: [
        {
          name: names.opDescriptor(op),
          type: `${RT_TYPES.OperationDescriptor}<${names.opParams(op)}, ${names.opResult(op)}>`,
          initializer:
            `/* @__PURE__ */ ${RT.defineOperation}<${names.opParams(op)}, ${names.opResult(op)}>({\n` +
            `name: ${JSON.stringify(op.name)},\npath: ${JSON.stringify(op.path)},\nnamespace: ${JSON.stringify(model.namespace)},\nsoapAction: ${JSON.stringify(op.soapAction)},\n` +
            `params: [\n${params}\n],\nresult: ${result},\n})`,
        },
      ],
    });
    const required = caller.some((p) => !p.optional);
    statements.push({
      kind: StructureKind.Function,
      isExported: true,
      name: names.opFunction(op),
      docs: [opDoc(op, endpoint)],
      parameters: [
        { name: "config", type: RT_TYPES.Config },
        required ? { name: "params", type: names.opParams(op) } : { name: "params", type: names.opParams(op), initializer: "{}" },
        { name: "options", type: RT_TYPES.CallOptions, hasQuestionToken: true },
      ],
      returnType: `Promise<${names.opResult(op)}>`,
      statements: [`return ${RT.invoke}(config, ${names.opDescriptor(op)}, params, options);`],
    });
  }
  return { path: `src/${names.endpointModule(endpoint)}.ts`, structure: { statements } };
}
