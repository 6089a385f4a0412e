/**
 * The test kit of the generated package: copies the hand-written mock (templates/testing/*.ts)
 * into `src/testing/`, and emits the two thin, typed entries over it:
 * - `src/testing/index.ts` (`<pkg>/testing`): the handler map type (per endpoint, per
 *   operation: the client's parameter and result types), the call log type, and
 *   `createMockService` bound to this service's operation descriptors;
 * - `src/testing/msw.ts` (`<pkg>/testing/msw`): the same `createMockService` with MSW handlers.
 *   A separate entry because msw is an optional peer: only this entry imports it.
 */
import type { Assets } from "../assets.ts";
import { header } from "../codegen/doc.ts";
import { GeneratedFile, type EmittedSource, type EmittedText } from "../codegen/generated-file.ts";
import { Const, Kind } from "../codegen/kinds.ts";
import type { ServiceModel } from "../model/types.ts";
import { KIT, KIT_TYPES, MSW, TESTING } from "../testing-symbols.ts";

/** The hand-written mock, copied verbatim. */
export function emitTestingKit(model: ServiceModel, assets: Assets): EmittedText[] {
  return assets.testing.map(({ name, text }) => ({
    path: `src/testing/${name}`,
    text: header(model.specFile, `Test kit copied verbatim from the generator's templates/testing/${name}.`) + text,
  }));
}

export function emitTesting(model: ServiceModel): EmittedSource[] {
  const endpoints = model.endpoints.filter((ep) => ep.operations.length > 0);
  const index = new GeneratedFile({ path: "src/testing/index.ts", header: header(model.specFile, "Test kit: a typed mock of the service over all four bindings.") });
  const handler = index.use(KIT_TYPES.MockHandler);
  const callOf = index.use(KIT_TYPES.MockCallOf);
  const groups = endpoints.map((ep) => {
    const ops = ep.operations.map((o) => `readonly ${o.fnSymbol.name}?: ${handler}<${index.use(o.paramsSymbol)}, ${index.use(o.resultSymbol)}> | undefined;`);
    return `readonly ${ep.clientProperty}?: {\n${ops.join("\n")}\n} | undefined;`;
  });
  index.push({
    kind: Kind.ExportDeclaration,
    moduleSpecifier: "./kit.js",
    namedExports: [...["MockFault", "fault", "httpFault", "soapFault"], ...["MockContext", "MockFaultInit", "MockHandler", "MockOptions", "MockServer", "MockService", "ReceivedCredentials", "SoapFaultCode"].map((name) => ({ name, isTypeOnly: true }))],
  });
  index.push({
    kind: Kind.TypeAlias,
    isExported: true,
    name: TESTING.MockHandlers.name,
    docs: ["Handlers of the mock, per endpoint and operation (the client's groups and method names). An operation without a handler answers as the service answers an unknown method."],
    type: `{\n${groups.join("\n")}\n}`,
  });
  const calls = endpoints.flatMap((ep) => ep.operations.map((o) => `${callOf}<${JSON.stringify(ep.clientProperty)}, ${JSON.stringify(o.fnSymbol.name)}, ${o.paramsSymbol.name}>`));
  index.push({
    kind: Kind.TypeAlias,
    isExported: true,
    name: TESTING.MockCall.name,
    docs: ["One call received by the mock (`mock.calls`): narrow it by `operation` to get typed `params`."],
    type: calls.join(" | ") || "never",
  });
  const table = endpoints.map((ep) => `${ep.clientProperty}: { ${ep.operations.map((o) => `${o.fnSymbol.name}: ${index.use(o.descriptorSymbol)}`).join(", ")} }`);
  index.push({ kind: Kind.VariableStatement, declarationKind: Const, declarations: [{ name: "OPERATIONS", initializer: `{\n${table.join(",\n")}\n}` }] });
  const options = index.use(KIT_TYPES.MockOptions);
  const service = index.use(KIT_TYPES.MockService);
  index.push({
    kind: Kind.Function,
    isExported: true,
    name: TESTING.createMockService.name,
    docs: [
      [
        `A mock of the ${model.name} service that answers like ASMX in every binding: \`mock.fetch\` for createClient, \`await mock.listen()\` for an HTTP server on 127.0.0.1, \`mock.calls\` for assertions. For MSW use the \`testing/msw\` entry.`,
        "",
        "@param handlers - per endpoint and operation: `(params, ctx) => result`; throw `fault(…)`, `soapFault(…)` or `httpFault(…)` to fail.",
        "@param options - the namespace (when the client overrides it), and whether `mock.calls` shows the password.",
      ].join("\n"),
    ],
    parameters: [
      { name: "handlers", type: TESTING.MockHandlers.name, initializer: "{}" },
      { name: "options", type: options, initializer: "{}" },
    ],
    returnType: `${service}<${TESTING.MockCall.name}>`,
    statements: [`return ${index.use(KIT.createMock)}<${TESTING.MockCall.name}>(OPERATIONS, handlers, options);`],
  });

  const msw = new GeneratedFile({ path: "src/testing/msw.ts", header: header(model.specFile, "Test kit with MSW handlers (msw is an optional peer dependency: only this entry imports it).") });
  msw.push({ kind: Kind.ImportDeclaration, moduleSpecifier: "./index.js", namedImports: [{ name: TESTING.createMockService.name, alias: "createBaseMock" }] });
  msw.push({ kind: Kind.ExportDeclaration, moduleSpecifier: "./index.js" });
  msw.push({ kind: Kind.ExportDeclaration, moduleSpecifier: "./msw-handlers.js", namedExports: [{ name: MSW.MswMockService.name, isTypeOnly: true }] });
  msw.push({
    kind: Kind.Function,
    isExported: true,
    name: TESTING.createMockService.name,
    docs: [["The mock of `testing`'s createMockService, plus `mock.handlers` for MSW: `setupServer(...mock.handlers)`.", "", "@param options - also `baseUrl`: answer only requests to that origin (default: any origin)."].join("\n")],
    parameters: [
      { name: "handlers", type: msw.use(TESTING.MockHandlers), initializer: "{}" },
      { name: "options", type: `${msw.use(KIT_TYPES.MockOptions)} & { readonly baseUrl?: string | undefined }`, initializer: "{}" },
    ],
    returnType: `${msw.use(MSW.MswMockService)}<${msw.use(TESTING.MockCall)}>`,
    statements: [`return ${msw.use(MSW.withMswHandlers)}(createBaseMock(handlers, options), options.baseUrl);`],
  });
  return [index.toSource(), msw.toSource()];
}
