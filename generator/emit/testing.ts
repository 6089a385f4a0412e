/**
 * The test kit of the generated package: copies the hand-written mock (templates/testing/*.ts)
 * into `src/testing/`, and emits the two thin, typed entries over it:
 * - `src/testing/index.ts` (`<pkg>/testing`): the handler map type (per endpoint, per
 *   operation: parameters and result types of the client), the call log type, and
 *   `createMockService` bound to this service's operation descriptors;
 * - `src/testing/msw.ts` (`<pkg>/testing/msw`): the same `createMockService` with MSW handlers.
 *   A separate entry because msw is an optional peer: only this entry imports it.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import type { Assets } from "../assets.ts";
import { names } from "../model/naming.ts";
import type { ServiceModel } from "../model/types.ts";
import { header } from "./doc.ts";
import type { EmittedSource, EmittedText } from "./file.ts";

const KIT = "./kit.js";

/** The hand-written mock, copied verbatim. */
export function emitTestingKit(model: ServiceModel, assets: Assets): EmittedText[] {
  return assets.testing.map(({ name, text }) => ({
    path: `src/testing/${name}`,
    text: header(model.specFile, `Test kit copied verbatim from templates/testing/${name}.`) + text,
  }));
}

export function emitTesting(model: ServiceModel): EmittedSource[] {
  const endpoints = model.endpoints.filter((ep) => ep.operations.length > 0);
  const index: Array<string | StatementStructures> = [header(model.specFile, "Test kit: a typed mock of the service over all four bindings.")];
  index.push({
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: KIT,
    namedImports: ["createMock", ...["MockCallOf", "MockHandler", "MockOptions", "MockService"].map((name) => ({ name, isTypeOnly: true }))],
  });
  for (const ep of endpoints) {
    index.push({
      kind: StructureKind.ImportDeclaration,
      moduleSpecifier: `../${names.endpointModule(ep)}.js`,
      namedImports: ep.operations.flatMap((o) => [names.opDescriptor(o), { name: names.opParams(o), isTypeOnly: true }, { name: names.opResult(o), isTypeOnly: true }]),
    });
  }
  index.push({
    kind: StructureKind.ExportDeclaration,
    moduleSpecifier: KIT,
    namedExports: ["MockFault", "fault", "httpFault", "soapFault", ...["MockContext", "MockFaultInit", "MockHandler", "MockOptions", "MockServer", "MockService", "ReceivedCredentials", "SoapFaultCode"].map((name) => ({ name, isTypeOnly: true }))],
  });
  const handlerGroups = endpoints
    .map((ep) => {
      const ops = ep.operations.map((o) => `readonly ${names.opFunction(o)}?: MockHandler<${names.opParams(o)}, ${names.opResult(o)}> | undefined;`).join("\n");
      return `readonly ${names.endpointGroup(ep)}?: {\n${ops}\n} | undefined;`;
    })
    .join("\n");
  index.push({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: "MockHandlers",
    docs: [`Handlers of the mock, per endpoint and operation (the client's groups and method names). An operation without a handler answers as the service answers an unknown method.`],
    type: `{\n${handlerGroups}\n}`,
  });
  index.push({
    kind: StructureKind.TypeAlias,
    isExported: true,
    name: "MockCall",
    docs: ["One call received by the mock (`mock.calls`): narrow it by `operation` to get typed `params`."],
    type: endpoints.flatMap((ep) => ep.operations.map((o) => `MockCallOf<${JSON.stringify(names.endpointGroup(ep))}, ${JSON.stringify(names.opFunction(o))}, ${names.opParams(o)}>`)).join(" | ") || "never",
  });
  const table = endpoints.map((ep) => `${names.endpointGroup(ep)}: { ${ep.operations.map((o) => `${names.opFunction(o)}: ${names.opDescriptor(o)}`).join(", ")} }`).join(",\n");
  index.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: "OPERATIONS", initializer: `{\n${table}\n}` }],
  });
  index.push({
    kind: StructureKind.Function,
    isExported: true,
    name: "createMockService",
    docs: [
      [
        `A mock of the ${model.name} service that answers like ASMX in every binding: \`mock.fetch\` for createClient, \`await mock.listen()\` for an HTTP server on 127.0.0.1, \`mock.calls\` for assertions. For MSW use the \`testing/msw\` entry.`,
        "",
        "@param handlers - per endpoint and operation: `(params, ctx) => result`; throw `fault(…)`, `soapFault(…)` or `httpFault(…)` to fail.",
        "@param options - the namespace (when the client overrides it), and whether `mock.calls` shows the password.",
      ].join("\n"),
    ],
    parameters: [
      { name: "handlers", type: "MockHandlers", initializer: "{}" },
      { name: "options", type: "MockOptions", initializer: "{}" },
    ],
    returnType: "MockService<MockCall>",
    statements: ["return createMock<MockCall>(OPERATIONS, handlers, options);"],
  });

  const msw: Array<string | StatementStructures> = [header(model.specFile, "Test kit with MSW handlers (msw is an optional peer dependency: only this entry imports it).")];
  msw.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: "./index.js", namedImports: [{ name: "createMockService", alias: "createBaseMock" }, { name: "MockCall", isTypeOnly: true }, { name: "MockHandlers", isTypeOnly: true }] });
  msw.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: KIT, namedImports: [{ name: "MockOptions", isTypeOnly: true }] });
  msw.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: "./msw-handlers.js", namedImports: ["withMswHandlers", { name: "MswMockService", isTypeOnly: true }] });
  msw.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: "./index.js" });
  msw.push({ kind: StructureKind.ExportDeclaration, moduleSpecifier: "./msw-handlers.js", namedExports: [{ name: "MswMockService", isTypeOnly: true }] });
  msw.push({
    kind: StructureKind.Function,
    isExported: true,
    name: "createMockService",
    docs: [
      [
        "The mock of {@link createBaseMock}, plus `mock.handlers` for MSW: `setupServer(...mock.handlers)`.",
        "",
        "@param options - also `baseUrl`: answer only requests to that origin (default: any origin).",
      ].join("\n"),
    ],
    parameters: [
      { name: "handlers", type: "MockHandlers", initializer: "{}" },
      { name: "options", type: "MockOptions & { readonly baseUrl?: string | undefined }", initializer: "{}" },
    ],
    returnType: "MswMockService<MockCall>",
    statements: ["return withMswHandlers(createBaseMock(handlers, options), options.baseUrl);"],
  });
  return [
    { path: "src/testing/index.ts", structure: { statements: index } },
    { path: "src/testing/msw.ts", structure: { statements: msw } },
  ];
}
