/**
 * Non-code files of the generated package (README.md, package.json, tsconfig.json) from the
 * handlebars templates in templates/. Templates are compiled with `strict: true` and get a
 * view built here: all decisions are made in this file, none in the templates.
 */
import Handlebars from "handlebars";
import type { Assets } from "../assets.ts";
import { names } from "../model/naming.ts";
import type { CompleteOperationModel, ServiceModel } from "../model/types.ts";
import { header } from "./doc.ts";
import type { EmittedText } from "./file.ts";
import { callerParams } from "./endpoint.ts";
import { exampleValue } from "./samples.ts";
import { paramType, propertyName, resultType } from "./typescript-types.ts";

/** Source text of a value a mock handler may return for a result (an empty list, null, or a plain scalar). */
function replyValue(result: CompleteOperationModel["result"]): string {
  if (result.kind === "list") return "[]";
  if (result.nullable || result.type.kind !== "scalar") return "null";
  return ({ string: '""', int: "0", unsignedByte: "0", double: "0", long: "0n", boolean: "false", dateTime: "null", base64Binary: "null" } as const)[result.type.name];
}

/** A usage example built from the model's first operation (prefers one with a list result). */
export function exampleCall(model: ServiceModel): { group: string; fn: string; args: string; result: string; reply: string; usesDateTime: boolean } | null {
  const all = model.endpoints.flatMap((ep) => ep.operations.map((o) => ({ ep, o })));
  const pick = all.find(({ o }) => o.result.kind === "list") ?? all[0];
  if (!pick) return null;
  const args = callerParams(pick.o)
    .map((p) => `${propertyName(p.tsName)}: ${exampleValue(p, model.enums)}`)
    .join(", ");
  return {
    group: names.endpointGroup(pick.ep),
    fn: names.opFunction(pick.o),
    args: `{ ${args} }`,
    result: resultType(pick.o.result),
    reply: replyValue(pick.o.result),
    usesDateTime: args.includes("XsdDateTime"),
  };
}

function compile(assets: Assets, name: string): Handlebars.TemplateDelegate {
  const source = assets.templates[name];
  if (source === undefined) throw new Error(`missing template templates/${name}`);
  const hb = Handlebars.create();
  hb.registerHelper("json", (value: unknown) => new hb.SafeString(JSON.stringify(value)));
  return hb.compile(source, { strict: true, noEscape: true });
}

const code = (s: string): string => `\`${s.replace(/\|/g, "\\|")}\``;

/** The view the templates render: plain data, already formatted. */
export function templateView(model: ServiceModel) {
  return {
    service: model.name,
    description: model.description,
    namespace: model.namespace,
    specFile: model.specFile,
    packageName: model.packageName,
    packageVersion: model.packageVersion,
    packageDescription: model.packageDescription,
    endpointExports: model.endpoints.map((ep) => ({ subpath: `./${names.endpointModule(ep)}`, file: names.endpointModule(ep) })),
    operationCount: model.endpoints.reduce((n, ep) => n + ep.operations.length, 0),
    endpoints: model.endpoints.map((ep) => ({
      name: ep.name,
      path: ep.path,
      alternatePaths: ep.alternatePaths.map(code).join(", "),
      hasAlternatePaths: ep.alternatePaths.length > 0,
      description: ep.description,
      operations: ep.operations.map((o) => ({
        name: o.name,
        call: code(`client.${names.endpointGroup(ep)}.${names.opFunction(o)}`),
        soap: code(`POST ${o.path}`),
        http: code(`${o.path}/${o.name}`),
        params: o.params.map((p) => (p.credential ? `${p.wireName}\u00a0(credentials)` : `${p.wireName}: ${code(paramType(p).replace(" | null | undefined", ""))}${p.optional ? "?" : ""}`)).join(", "),
        result: code(resultType(o.result)),
      })),
    })),
    partialOperations: model.endpoints.flatMap((ep) =>
      ep.partialOperations.map((o) => ({ name: o.name, path: o.path, known: o.params.map((p) => p.wireName).join(", "), description: o.description })),
    ),
    hasPartialOperations: model.endpoints.some((ep) => ep.partialOperations.length > 0),
    example: exampleCall(model) ?? { group: "", fn: "", args: "{}", result: "", reply: "null", usesDateTime: false },
  };
}

/**
 * The test-kit examples (a vitest test of application code with the mock, in fetch and MSW form),
 * rendered once for the README (package imports) and once as tests of the generated package
 * (relative imports): the README's examples are the code that runs.
 */
function testingExamples(assets: Assets, view: ReturnType<typeof templateView>, imports: { main: string; testing: string; msw: string }): { fetch: string; msw: string } {
  const data = { ...view, imports };
  return { fetch: compile(assets, "testing-example-fetch.ts.hbs")(data), msw: compile(assets, "testing-example-msw.ts.hbs")(data) };
}

export function emitTemplates(model: ServiceModel, assets: Assets): EmittedText[] {
  const view = templateView(model);
  const pkg = model.packageName;
  const readme = testingExamples(assets, view, { main: pkg, testing: `${pkg}/testing`, msw: `${pkg}/testing/msw` });
  const tests = testingExamples(assets, view, { main: "../src/index.js", testing: "../src/testing/index.js", msw: "../src/testing/msw.js" });
  return [
    { path: "README.md", text: compile(assets, "README.md.hbs")({ ...view, testingExamples: readme }) },
    { path: "test/testing-example.fetch.test.ts", text: header(model.specFile, "The README's test-kit example (fetch form), run as a test.") + tests.fetch },
    { path: "test/testing-example.msw.test.ts", text: header(model.specFile, "The README's test-kit example (MSW form), run as a test.") + tests.msw },
    { path: "package.json", text: compile(assets, "package.json.hbs")(view) },
    { path: "tsconfig.json", text: compile(assets, "tsconfig.json.hbs")(view) },
  ];
}
