/**
 * Emits `test/requests.test.ts` of the generated package: for every operation × binding, the
 * exact request for a representative input, compared with a golden file under
 * test/golden/requests/ (updated only by `npm run test:update-goldens`), plus a test that fails
 * on orphaned goldens.
 */
import { StructureKind, VariableDeclarationKind, type StatementStructures } from "ts-morph";
import { names } from "../model/naming.ts";
import type { ServiceModel } from "../model/types.ts";
import { RT } from "../runtime-symbols.ts";
import { header } from "./doc.ts";
import { callerParams } from "./endpoint.ts";
import type { EmittedSource } from "./file.ts";
import { propertyName } from "./typescript-types.ts";
import { sampleValue } from "./samples.ts";

export const GOLDEN_DIR = "../../test/golden/requests";

export function emitGoldenTests(model: ServiceModel): EmittedSource {
  const ops = model.endpoints.flatMap((ep) => ep.operations);
  const statements: Array<string | StatementStructures> = [header(model.specFile, "Golden request tests: every operation over every binding.")];
  statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: "vitest", namedImports: ["describe", "expect", "it"] });
  statements.push({
    kind: StructureKind.ImportDeclaration,
    moduleSpecifier: "../src/index.js",
    namedImports: ["BINDINGS", "createConfig", "prepareRequest", RT.XsdDateTime, { name: "Binding", isTypeOnly: true }, ...ops.map((o) => names.opDescriptor(o))],
  });
  statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: "../../test/support/golden.js", namedImports: ["formatWireRequest", "listGoldenFiles"] });
  statements.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [
      {
        name: "config",
        initializer: `createConfig({ baseUrl: "https://sms.example.test/base/", credentials: { username: "user name", password: "p@ss&<w0rd> سلام" } })`,
      },
    ],
  });
  const cases = ops
    .map((o) => {
      const props = callerParams(o)
        .map((p, i) => `${propertyName(p.tsName)}: ${sampleValue(p, i, model.enums)}`)
        .join(", ");
      return `[${JSON.stringify(o.name)}, (binding: Binding) => formatWireRequest(prepareRequest(config, ${names.opDescriptor(o)}, { ${props} }, { binding }))]`;
    })
    .join(",\n");
  statements.push({
    kind: StructureKind.VariableStatement,
    declarationKind: VariableDeclarationKind.Const,
    declarations: [{ name: "cases", type: "ReadonlyArray<readonly [string, (binding: Binding) => string]>", initializer: `[\n${cases}\n]` }],
  });
  statements.push(`describe.each(cases)("%s", (name, request) => {
  it.each(BINDINGS)("%s request matches its golden file", async (binding) => {
    await expect(request(binding)).toMatchFileSnapshot(\`${GOLDEN_DIR}/\${name}.\${binding}.http\`);
  });
});`);
  statements.push(`it("has a golden file for every operation × binding and no orphans", () => {
  const expected = cases.flatMap(([name]) => BINDINGS.map((b) => \`\${name}.\${b}.http\`)).sort();
  expect(listGoldenFiles(new URL("${GOLDEN_DIR}/", import.meta.url))).toEqual(expected);
  expect(expected).toHaveLength(${ops.length} * BINDINGS.length);
});`);
  return { path: "test/requests.test.ts", structure: { statements } };
}
