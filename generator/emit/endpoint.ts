/**
 * Emits `src/endpoints/<endpoint>.ts`: per operation its parameter and result types, a frozen
 * descriptor, and a thin typed function over the runtime's `invoke`. Docs carry only what is
 * specific to the operation; what every call shares is documented once, on the runtime.
 */
import { BINDING_INFO } from "../../templates/runtime/binding.ts";
import { Const, Kind } from "../codegen/kinds.ts";
import { header, tsdoc } from "../codegen/doc.ts";
import { GeneratedFile, type EmittedSource } from "../codegen/generated-file.ts";
import type { CompleteOperationModel, EndpointModel, ParamModel, ServiceModel } from "../model/types.ts";
import { RT, RT_TYPES } from "../runtime-symbols.ts";

function paramDoc(p: ParamModel): string {
  const lines = [`Wire: \`${p.wireName}\` (${p.wireType}${p.listItem !== null ? `, a list of \`<${p.listItem}>\` items` : ""}).`];
  if (p.listItem !== null || (p.type.kind === "scalar" && p.type.name === "base64Binary"))
    lines.push(`HTTP GET/POST repeat \`${p.wireName}\` once per ${p.listItem !== null ? "item" : "byte"}; an empty or omitted one cannot be sent there.`);
  if (p.optional) lines.push(p.type.kind === "record" ? "May be omitted (or `null`): SOAP leaves the element out." : "May be omitted (or `null`): SOAP leaves the element out; HTTP GET/POST send it empty.");
  return tsdoc("", p.description, lines);
}

function where(op: CompleteOperationModel): string {
  const base = `SOAP: POST \`${op.path}\`, SOAPAction \`"${op.soapAction}"\`. HTTP GET/POST: \`${op.path}/${op.name}\`.`;
  return op.bindings === null ? base : `${base} Offered over ${op.bindings.map((b) => BINDING_INFO[b].label).join(", ")} only.`;
}

function headersSentence(op: CompleteOperationModel): string[] {
  if (op.headers.length === 0) return [];
  const sent = op.headers.filter((h) => h.sent).map((h) => `\`${h.element}\``);
  const back = op.headers.filter((h) => h.received).map((h) => `\`${h.element}\``);
  return [
    ...(sent.length > 0 ? [`SOAP headers sent: ${sent.join(", ")}, from \`soapHeaders\` of the call's options, else of the client (omitted when neither has it; HTTP GET/POST send no SOAP headers).`] : []),
    ...(back.length > 0 ? [`SOAP headers received: ${back.join(", ")}: the call resolves to \`{ result, headers }\`, each header \`null\` when the answer has none (always so over HTTP GET/POST).`] : []),
  ];
}

function resultSentence(op: CompleteOperationModel, resultType: string): string {
  const r = op.result;
  if (op.headers.some((h) => h.received)) return `@returns {@link ${resultType}}: \`result\` (${r.void ? "undefined: a .NET `void` method" : r.kind === "list" ? `the \`<${r.item}>\` items of \`<${r.soapElement}>\`` : `the content of \`<${r.soapElement}>\``}) and the \`headers\` the service sent back.`;
  if (r.void) return "@returns nothing: the service answers an empty response (a .NET `void` method).";
  const what = r.kind === "list" ? `the \`<${r.item}>\` items of \`<${r.soapElement}>\`` : `the content of \`<${r.soapElement}>\``;
  return `@returns ${what} as {@link ${resultType}}${r.nullable ? "; `null` when the service answers null" : ""}.`;
}

function emitOperation(file: GeneratedFile, op: CompleteOperationModel, endpoint: EndpointModel): void {
  const fn = file.use(op.fnSymbol);
  const paramsType = file.use(op.paramsSymbol);
  const resultType = file.use(op.resultSymbol);
  const credentialsNote = op.params.some((p) => p.credential !== null) ? " `username` and `password` are not here: they come from the credentials." : "";
  file.push({
    kind: Kind.Interface,
    isExported: true,
    name: paramsType,
    docs: [`Parameters of {@link ${fn}}, in wire order.${credentialsNote}`],
    properties: op.callerParams.map((p) => ({ name: p.propertyKey, isReadonly: true, hasQuestionToken: p.optional, type: file.type(p.inputType), docs: [paramDoc(p)] })),
  });
  file.push({
    kind: Kind.TypeAlias,
    isExported: true,
    name: resultType,
    type: file.type(op.outputType),
    docs: [tsdoc(`Result of {@link ${fn}}.`, op.result.description)],
  });
  const params = op.params
    .map(
      (p) =>
        `{ wire: ${JSON.stringify(p.wireName)}, prop: ${JSON.stringify(p.tsName)}, type: ${file.value(p.descriptorType)}${p.type.kind === "record" ? `, writer: ${file.use(RT.writeRecord)}` : ""}, item: ${p.listItem === null ? "null" : JSON.stringify(p.listItem)}, optional: ${p.optional}${p.nillable ? ", nillable: true" : ""}, credential: ${p.credential === null ? "null" : JSON.stringify(p.credential)} }`,
    )
    .join(",\n");
  const r = op.result;
  const result = `{ kind: ${JSON.stringify(r.kind)}, type: ${file.value(r.descriptorType)}, item: ${r.item === null ? "null" : JSON.stringify(r.item)}, soapElement: ${JSON.stringify(r.soapElement)}, httpRoot: ${JSON.stringify(r.httpRoot)}, nullable: ${r.nullable}${r.void ? ", void: true" : ""} }`;
  const headers =
    op.headers.length === 0
      ? ""
      : `headers: [\n${op.headers.map((h) => `{ element: ${JSON.stringify(h.element)}, prop: ${JSON.stringify(h.tsName)}, type: ${file.value(h.descriptorType)}, direction: ${JSON.stringify(h.direction)}${h.sent ? `, writer: ${file.use(RT.writeRecord)}` : ""} }`).join(",\n")}\n],\n`;
  const descriptorType = `${file.use(RT_TYPES.OperationDescriptor)}<${paramsType}, ${resultType}>`;
  file.push({
    kind: Kind.VariableStatement,
    isExported: true,
    declarationKind: Const,
    docs: [`Wire description of {@link ${fn}}, read by the runtime.`],
    declarations: [
      {
        name: file.use(op.descriptorSymbol),
        type: descriptorType,
        initializer:
          `/* @__PURE__ */ ${file.use(RT.defineOperation)}<${paramsType}, ${resultType}>({\n` +
          `name: ${JSON.stringify(op.name)},\npath: ${JSON.stringify(op.path)},\nnamespace: ${JSON.stringify(op.namespace)},\nsoapAction: ${JSON.stringify(op.soapAction)},\n` +
          (op.bindings === null ? "" : `bindings: ${JSON.stringify(op.bindings)},\n`) +
          `params: [\n${params}\n],\nresult: ${result},\n${headers}})`,
      },
    ],
  });
  const invoke = file.use(RT.invoke);
  const example = op.exampleArgs;
  file.push({
    kind: Kind.Function,
    isExported: true,
    name: fn,
    docs: [
      tsdoc("", op.description, [
        where(op),
        ...headersSentence(op),
        ...(endpoint.alternatePaths.length > 0 ? [`The endpoint file also answers at ${endpoint.alternatePaths.map((p) => `\`${p}\``).join(", ")}.`] : []),
        "",
        resultSentence(op, resultType),
        `@throws an \`AsmxError\` subclass: {@link ${invoke}} says which, and when.`,
        "@example",
        "```ts",
        `const result = await ${fn}(config, ${example.text});`,
        "```",
      ]),
    ],
    parameters: [
      { name: "config", type: file.use(RT_TYPES.Config) },
      op.paramsRequired ? { name: "params", type: paramsType } : { name: "params", type: paramsType, initializer: "{}" },
      { name: "options", type: file.type(op.optionsType), hasQuestionToken: true },
    ],
    returnType: `Promise<${resultType}>`,
    statements: [`return ${invoke}(config, ${op.descriptorSymbol.name}, params, options);`],
  });
}

export function emitEndpoint(endpoint: EndpointModel, model: ServiceModel): EmittedSource {
  const file = new GeneratedFile({ path: `src/${endpoint.module}.ts`, header: header(model.specFile, `Operations of ${endpoint.path}${endpoint.description ? `: ${endpoint.description}` : "."}`) });
  for (const op of endpoint.operations) emitOperation(file, op, endpoint);
  return file.toSource();
}
