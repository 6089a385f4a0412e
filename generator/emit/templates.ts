/**
 * Non-code files of the generated package (README.md, package.json, tsconfig.json) from the
 * handlebars templates in templates/. Templates are compiled with `strict: true` and get a view
 * built here from the model: plain data, already formatted; no logic in the templates.
 */
import Handlebars from "handlebars";
import type { Assets } from "../assets.ts";
import type { EmittedText } from "../codegen/generated-file.ts";
import { header } from "../codegen/doc.ts";
import { BINDING_INFO, BINDINGS } from "../../templates/runtime/binding.ts";
import { SCALARS } from "../model/scalars.ts";
import type { CompleteOperationModel, ResultModel, ScalarType, ServiceModel, TypeRef } from "../model/types.ts";

function compile(assets: Assets, name: string): Handlebars.TemplateDelegate {
  const source = assets.templates[name];
  if (source === undefined) throw new Error(`missing template templates/${name}`);
  const hb = Handlebars.create();
  hb.registerHelper("json", (value: unknown) => new hb.SafeString(JSON.stringify(value)));
  return hb.compile(source, { strict: true, noEscape: true });
}

/** "a", "a and b", "a, b and c". */
const listText = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]!}`);

const code = (s: string): string => `\`${s.replace(/\|/g, "\\|")}\``;

/** Options of the package files that do not come from the spec. */
export interface PackageOptions {
  /** Whether the package ships `src/` (with source maps from `dist/` pointing into it). */
  readonly shipSource: boolean;
}

/** README type-table rows of the scalars the service uses that need one (hexBinary, char, QName, raw XML), in table order. */
function extraTypeRows(model: ServiceModel): Array<{ xsd: string; ts: string; notes: string }> {
  const used = new Set<string>();
  const see = (t: TypeRef): void => void (t.kind === "scalar" && used.add(t.name));
  for (const r of model.records) for (const f of r.fields) see(f.type);
  for (const o of model.operations) {
    for (const p of o.params) see(p.type);
    see(o.result.type);
  }
  return (Object.keys(SCALARS) as ScalarType[]).flatMap((k) => {
    const row = SCALARS[k].readme;
    return row !== undefined && used.has(k) ? [row] : [];
  });
}

/** The view the templates render. */
export function templateView(model: ServiceModel, options: PackageOptions) {
  const ex = model.example;
  return {
    service: model.name,
    description: model.description,
    namespace: model.namespace,
    specFile: model.specFile,
    packageName: model.packageName,
    packageVersion: model.packageVersion,
    packageDescription: model.packageDescription,
    license: model.license,
    shipSource: options.shipSource,
    usesCredentials: model.usesCredentials,
    extraTypes: extraTypeRows(model),
    endpointExports: model.endpoints.map((ep) => ({ subpath: `./${ep.module}`, file: ep.module })),
    operationsText: `${model.operations.length} operation${model.operations.length === 1 ? "" : "s"}`,
    // the bindings some operation is offered over, in the table's order: "SOAP 1.1, SOAP 1.2, HTTP GET and HTTP POST"
    bindingsText: listText(BINDINGS.filter((b) => model.operations.some((o) => o.bindings === null || o.bindings.includes(b))).map((b) => `**${BINDING_INFO[b].label}**`)),
    endpoints: model.endpoints.map((ep) => ({
      name: ep.name,
      path: ep.path,
      alternatePaths: ep.alternatePaths.map(code).join(", "),
      hasAlternatePaths: ep.alternatePaths.length > 0,
      description: ep.description,
      operations: ep.operations.map((o) => ({
        name: o.name,
        call: code(`client.${ep.clientProperty}.${o.fnSymbol.name}`),
        soap: code(`POST ${o.path}`),
        http: code(`${o.path}/${o.name}`),
        params: o.params.map((p) => (p.credential ? `${p.wireName}\u00a0(credentials)` : `${p.wireName}: ${code(p.inputType.text.replace(" | null | undefined", ""))}${p.optional ? "?" : ""}`)).join(", "),
        result: code(o.outputType.text),
      })),
    })),
    partialOperations: model.endpoints.flatMap((ep) => ep.partialOperations.map((o) => ({ name: o.name, path: o.path, known: o.params.map((p) => p.wireName).join(", "), description: o.description }))),
    hasPartialOperations: model.endpoints.some((ep) => ep.partialOperations.length > 0),
    hasSoapHeaders: model.operations.some((o) => o.headers.length > 0),
    sentHeaders: (model.soapHeaders?.headers ?? []).map((h) => code(h.element)).join(", "),
    hasHierarchies: model.records.some((r) => r.discriminator !== null),
    hasRecordParams: model.operations.some((o) => o.params.some((p) => p.type.kind === "record")),
    hasExample: ex !== null,
    example: ex
      ? { group: ex.endpoint.clientProperty, fn: ex.operation.fnSymbol.name, args: ex.operation.exampleArgs.text, result: ex.operation.result.tsType.text, resultType: ex.operation.resultSymbol.name, paramsType: ex.operation.paramsSymbol.name }
      : { group: "", fn: "", args: "{}", result: "", resultType: "", paramsType: "" },
  };
}

/** Source text of a value a mock handler may return for a result (an empty list, null, or a plain scalar). */
function replyValue(result: ResultModel): string {
  if (result.kind === "list") return "[]";
  if (result.nullable || result.type.kind !== "scalar") return "null";
  const plain: { readonly [K in ScalarType]: string } = {
    string: '""',
    int: "0",
    unsignedByte: "0",
    double: "0",
    long: "0n",
    boolean: "false",
    dateTime: "null",
    base64Binary: "null",
    byte: "0",
    short: "0",
    unsignedShort: "0",
    unsignedInt: "0",
    unsignedLong: "0n",
    float: "0",
    decimal: '"0"',
    date: '"2000-01-01"',
    time: '"00:00:00"',
    duration: '"PT0S"',
    anyURI: '""',
    guid: '"00000000-0000-0000-0000-000000000000"',
    hexBinary: "null",
    char: '"a"',
    QName: "null",
    xml: "null",
  };
  return plain[result.type.name];
}

/** What a handler returns: the result value, inside `{ result, headers }` when the operation receives SOAP headers. */
function replyOf(op: CompleteOperationModel): string {
  const back = op.headers.filter((h) => h.received);
  const value = replyValue(op.result);
  return back.length === 0 ? value : `({ result: ${value}, headers: { ${back.map((h) => `${h.propertyKey}: null`).join(", ")} } })`;
}

/**
 * The test-kit examples (a vitest test of application code with the mock, in fetch and MSW form),
 * rendered once for the README (package imports) and once as tests of the generated package
 * (relative imports): the README's examples are the code that runs.
 */
function testingExamples(assets: Assets, model: ServiceModel, view: ReturnType<typeof templateView>, imports: { main: string; testing: string; msw: string }): { fetch: string; msw: string } {
  const ex = model.example;
  const example = { ...view.example, reply: ex ? replyOf(ex.operation) : "null", usesDateTime: ex ? ex.operation.exampleArgs.refs.some((r) => r.name === "XsdDateTime") : false };
  const data = { ...view, example, imports };
  return { fetch: compile(assets, "testing-example-fetch.ts.hbs")(data), msw: compile(assets, "testing-example-msw.ts.hbs")(data) };
}

export function emitTemplates(model: ServiceModel, assets: Assets, options: PackageOptions): EmittedText[] {
  const view = templateView(model, options);
  const pkg = model.packageName;
  const out: EmittedText[] = [];
  if (model.example !== null) {
    const readme = testingExamples(assets, model, view, { main: pkg, testing: `${pkg}/testing`, msw: `${pkg}/testing/msw` });
    const tests = testingExamples(assets, model, view, { main: "../src/index.js", testing: "../src/testing/index.js", msw: "../src/testing/msw.js" });
    out.push(
      { path: "README.md", text: compile(assets, "README.md.hbs")({ ...view, testingExamples: readme }) },
      { path: "test/testing-example.fetch.test.ts", text: header(model.specFile, "The README's test-kit example (fetch form), run as a test.") + tests.fetch },
      { path: "test/testing-example.msw.test.ts", text: header(model.specFile, "The README's test-kit example (MSW form), run as a test.") + tests.msw },
    );
  } else out.push({ path: "README.md", text: compile(assets, "README.md.hbs")({ ...view, testingExamples: { fetch: "", msw: "" } }) });
  return [
    ...out,
    { path: "package.json", text: compile(assets, "package.json.hbs")(view) },
    { path: "tsconfig.json", text: compile(assets, "tsconfig.json.hbs")(view) },
  ];
}
