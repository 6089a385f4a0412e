/**
 * Emits `test/requests.test.ts` of the generated package (only when a golden folder is
 * configured): for every operation × binding, the exact request for a representative input,
 * compared with a golden file (updated only by an explicit `vitest --update`), plus a test that
 * fails on orphaned or missing goldens. Self-contained: it imports only the package and vitest.
 */
import { Const, Kind } from "../codegen/kinds.ts";
import { header } from "../codegen/doc.ts";
import { GeneratedFile, type EmittedSource } from "../codegen/generated-file.ts";
import { MODULES, symbol } from "../model/symbols.ts";
import type { ServiceModel } from "../model/types.ts";

const HELPERS = `/** \`METHOD path\`, the headers in name order, a blank line, the body: exactly what goes on the wire. */
function formatWireRequest(req: WireRequest): string {
  const headers = Object.entries(req.headers)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => \`\${k}: \${v}\`);
  return [\`\${req.method} \${req.path}\`, ...headers, "", req.body ?? ""].join("\\n") + "\\n";
}`;

export function emitGoldenTests(model: ServiceModel, goldenDir: string): EmittedSource {
  const file = new GeneratedFile({ path: "test/requests.test.ts", header: header(model.specFile, "Golden request tests: every operation over every binding."), importAllFrom: MODULES.index });
  for (const n of ["describe", "expect", "it"]) file.useExternal("vitest", n);
  const readdirSync = file.useExternal("node:fs", "readdirSync");
  const sym = (name: string, typeOnly: boolean) => symbol(name, MODULES.runtime, typeOnly);
  const [bindings, createConfig, prepareRequest] = [file.use(sym("BINDINGS", false)), file.use(sym("createConfig", false)), file.use(sym("prepareRequest", false))];
  file.use(sym("Binding", true));
  file.use(sym("WireRequest", true));
  const dir = goldenDir.replace(/\/+$/, "");
  file.push(HELPERS);
  file.push({
    kind: Kind.VariableStatement,
    declarationKind: Const,
    declarations: [{ name: "config", initializer: `${createConfig}({ baseUrl: "https://service.example.test/base/", credentials: { username: "user name", password: "p@ss&<w0rd> سلام" } })` }],
  });
  const cases = model.operations
    .map((o) => {
      const props = o.callerParams.map((p) => `${p.propertyKey}: ${file.value(p.sample)}`).join(", ");
      return `[${JSON.stringify(o.name)}, (binding: Binding) => formatWireRequest(${prepareRequest}(config, ${file.use(o.descriptorSymbol)}, { ${props} }, { binding }))]`;
    })
    .join(",\n");
  file.push({
    kind: Kind.VariableStatement,
    declarationKind: Const,
    declarations: [{ name: "cases", type: "ReadonlyArray<readonly [string, (binding: Binding) => string]>", initializer: `[\n${cases}\n]` }],
  });
  file.push(`describe.each(cases)("%s", (name, request) => {
  it.each(${bindings})("%s request matches its golden file", async (binding) => {
    await expect(request(binding)).toMatchFileSnapshot(\`${dir}/\${name}.\${binding}.http\`);
  });
});`);
  file.push(`it("has a golden file for every operation × binding and no orphans", () => {
  const expected = cases.flatMap(([name]) => ${bindings}.map((b) => \`\${name}.\${b}.http\`)).sort();
  const found = ${readdirSync}(new URL("${dir}/", import.meta.url)).filter((f) => !f.startsWith(".")).sort();
  expect(found).toEqual(expected);
});`);
  return file.toSource();
}
