/**
 * Emits `src/client.ts`: `createClient`, which binds one Config to every operation, grouped
 * by endpoint file (`client.<endpoint>.<Operation>(…)`).
 */
import { StructureKind, type StatementStructures } from "ts-morph";
import { names } from "../model/naming.ts";
import type { ServiceModel } from "../model/types.ts";
import { RT, RT_TYPES } from "../runtime-symbols.ts";
import { header, tsdoc } from "./doc.ts";
import { callerParams } from "./endpoint.ts";
import type { EmittedSource } from "./file.ts";
import { exampleCall } from "./templates.ts";

export function emitClient(model: ServiceModel): EmittedSource {
  const example = exampleCall(model);
  const statements: Array<string | StatementStructures> = [header(model.specFile, "createClient: every operation bound to one configuration.")];
  statements.push({
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: "./runtime/index.js",
    namedImports: [RT.createConfig, { name: RT_TYPES.CallOptions, isTypeOnly: true }, { name: RT_TYPES.ClientOptions, isTypeOnly: true }, { name: RT_TYPES.Config, isTypeOnly: true }],
  });
  for (const ep of model.endpoints) {
    if (ep.operations.length === 0) continue;
    statements.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `./${names.endpointModule(ep)}.js`,
      namedImports: ep.operations.flatMap((o) => [names.opFunction(o), { name: names.opParams(o), isTypeOnly: true }, { name: names.opResult(o), isTypeOnly: true }]),
    });
  }
  for (const ep of model.endpoints) {
    statements.push({
      kind: StructureKind.Interface,
      isExported: true,
      name: names.endpointGroupType(ep),
      docs: [tsdoc(ep.description, [`Endpoint file \`${ep.path}\`${ep.alternatePaths.length > 0 ? ` (also ${ep.alternatePaths.map((p) => `\`${p}\``).join(", ")})` : ""}.`], ep.pos)],
      methods: ep.operations.map((o) => ({
        name: names.opFunction(o),
        docs: [tsdoc("", [], o.pos, `${o.description} Same as {@link ${names.opFunction(o)}} with the client's configuration.`)],
        parameters: [
          { name: "params", type: names.opParams(o), hasQuestionToken: !callerParams(o).some((p) => !p.optional) },
          { name: "options", type: RT_TYPES.CallOptions, hasQuestionToken: true },
        ],
        returnType: `Promise<${names.opResult(o)}>`,
      })),
    });
  }
  statements.push({
    kind: StructureKind.Interface,
    isExported: true,
    name: "Client",
    docs: [tsdoc(`A client of the ${model.name} service: every operation, grouped by endpoint file.`, [], model.endpoints[0]?.pos ?? { file: model.specFile, line: 1, column: 1, path: "" })],
    properties: [
      { name: "config", isReadonly: true, type: RT_TYPES.Config, docs: ["The resolved configuration shared by every call."] },
      ...model.endpoints.map((ep) => ({ name: names.endpointGroup(ep), isReadonly: true, type: names.endpointGroupType(ep), docs: [`Operations of \`${ep.path}\`.`] })),
    ],
  });
  const groups = model.endpoints
    .map((ep) => {
      const methods = ep.operations.map((o) => `${names.opFunction(o)}: (params, options) => ${names.opFunction(o)}(config, params, options)`).join(",\n");
      return `${names.endpointGroup(ep)}: {\n${methods}\n}`;
    })
    .join(",\n");
  statements.push({
    kind: StructureKind.Function,
    isExported: true,
    name: "createClient",
    docs: [
      tsdoc(
        `Creates a client. Options are validated once; every call can override binding, credentials, signal, timeout and headers.`,
        [
          "@example",
          "```ts",
          `const client = createClient({ baseUrl: "https://host", credentials: { username, password }, binding: "soap12" });`,
          ...(example ? [`const result = await client.${example.group}.${example.fn}(${example.args});`] : []),
          "```",
        ],
        model.endpoints[0]?.pos ?? { file: model.specFile, line: 1, column: 1, path: "" },
      ),
    ],
    parameters: [{ name: "options", type: RT_TYPES.ClientOptions }],
    returnType: "Client",
    statements: [`const config = ${RT.createConfig}(options);`, `return {\nconfig,\n${groups}\n};`],
  });
  return { path: "src/client.ts", structure: { statements } };
}

export function emitIndex(model: ServiceModel): EmittedSource {
  const statements: Array<string | StatementStructures> = [header(model.specFile, "Entry point of the package.")];
  statements.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: "./runtime/index.js" });
  statements.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: "./types.js" });
  statements.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: "./descriptors.js" });
  for (const ep of model.endpoints) statements.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: `./${names.endpointModule(ep)}.js` });
  statements.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: "./client.js" });
  return { path: "src/index.ts", structure: { statements } };
}
