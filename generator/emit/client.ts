/**
 * Emits `src/client.ts`: `createClient`, which binds one Config to every operation, grouped by
 * endpoint file (`client.<endpoint>.<Operation>(…)`).
 */
import { Kind } from "../codegen/kinds.ts";
import { header, tsdoc } from "../codegen/doc.ts";
import { GeneratedFile, type EmittedSource } from "../codegen/generated-file.ts";
import type { ServiceModel } from "../model/types.ts";
import { RT, RT_TYPES } from "../runtime-symbols.ts";

export function emitClient(model: ServiceModel): EmittedSource {
  const file = new GeneratedFile({ path: "src/client.ts", header: header(model.specFile, "createClient: every operation bound to one configuration.") });
  for (const ep of model.endpoints) {
    const also = ep.alternatePaths.length > 0 ? ` (also ${ep.alternatePaths.map((p) => `\`${p}\``).join(", ")})` : "";
    file.push({
      kind: Kind.Interface,
      isExported: true,
      name: file.use(ep.groupSymbol),
      docs: [tsdoc(`Operations of \`${ep.path}\`${also}.`, ep.description)],
      methods: ep.operations.map((o) => ({
        name: o.fnSymbol.name,
        docs: [tsdoc("", o.description, [`{@link ${file.use(o.fnSymbol)}} with the client's configuration: result, errors and an example are there.`])],
        parameters: [
          { name: "params", type: file.use(o.paramsSymbol), hasQuestionToken: !o.paramsRequired },
          { name: "options", type: file.type(o.optionsType), hasQuestionToken: true },
        ],
        returnType: `Promise<${file.use(o.resultSymbol)}>`,
      })),
    });
  }
  const config = file.use(RT_TYPES.Config);
  file.push({
    kind: Kind.Interface,
    isExported: true,
    name: file.use(model.clientSymbol),
    docs: [tsdoc(`A client of the ${model.name} service: every operation, grouped by endpoint file.`, "")],
    properties: [
      { name: "config", isReadonly: true, type: config, docs: ["The resolved configuration shared by every call."] },
      ...model.endpoints.map((ep) => ({ name: ep.clientProperty, isReadonly: true, type: ep.groupSymbol.name, docs: [`Operations of \`${ep.path}\`.`] })),
    ],
  });
  const groups = model.endpoints
    .map((ep) => `${ep.clientProperty}: {\n${ep.operations.map((o) => `${o.fnSymbol.name}: (params, options) => ${o.fnSymbol.name}(config, params, options)`).join(",\n")}\n}`)
    .join(",\n");
  const ex = model.example;
  file.push({
    kind: Kind.Function,
    isExported: true,
    name: file.use(model.createClientSymbol),
    docs: [
      tsdoc("Creates a client. Options are validated once (see {@link ClientOptions}); every call can override them.", "", [
        "@example",
        "```ts",
        `const client = createClient({ baseUrl: "https://host"${model.usesCredentials ? ", credentials: { username, password }" : ""} });`,
        ...(ex ? [`const result = await client.${ex.endpoint.clientProperty}.${ex.operation.fnSymbol.name}(${ex.operation.exampleArgs.text});`] : []),
        "```",
      ]),
    ],
    parameters: [{ name: "options", type: file.type(model.clientOptionsType) }],
    returnType: model.clientSymbol.name,
    statements: [`const config = ${file.use(RT.createConfig)}(options);`, `return {\nconfig,\n${groups}\n};`],
  });
  return file.toSource();
}
