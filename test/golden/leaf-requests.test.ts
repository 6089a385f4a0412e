/**
 * Golden requests of the leaf types (hexBinary, char, QName, raw XML), every operation × the
 * bindings it is offered over, from the same sample values the generator's scalar table gives the
 * package's own golden test: real files compared exactly (update: npm run test:update-goldens),
 * and a check that no golden is orphaned. Wire forms: test/import/NOTES.md.
 */
import { readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { SCALARS } from "../../generator/model/scalars.ts";
import type { Binding } from "../../templates/runtime/binding.ts";
import { defineOperation, type OperationDescriptor, type ScalarName } from "../../templates/runtime/descriptor.ts";
import { encodeRequest, type WireRequest } from "../../templates/runtime/encode.ts";
import { CODECS } from "../../templates/runtime/codecs.ts";

const NS = "http://corpus.example/scalars/";
const ALL: readonly Binding[] = ["soap11", "soap12", "httpGet", "httpPost"];
const SOAP: readonly Binding[] = ["soap11", "soap12"];

function op(name: string, type: ScalarName, list: boolean, bindings: readonly Binding[]): OperationDescriptor {
  return defineOperation({
    name,
    path: "/svc/Scalars.asmx",
    namespace: NS,
    soapAction: `${NS}${name}`,
    ...(bindings === ALL ? {} : { bindings }),
    params: [{ wire: "v", prop: "v", type: CODECS[type], item: list ? SCALARS[type].arrayOfName : null, optional: true, credential: null }],
    result: { kind: "scalar", type: CODECS.string, item: null, soapElement: `${name}Result`, httpRoot: "string", nullable: true },
  });
}

/** The table's i-th sample of a type, as the generated golden test writes it (TypeScript source that is also plain JavaScript). */
const sample = (type: ScalarName, i: number): unknown => new Function(`return (${SCALARS[type].sample("v", i)});`)() as unknown;

const CASES: ReadonlyArray<readonly [OperationDescriptor, unknown]> = [
  [op("EchoHex", "hexBinary", false, ALL), sample("hexBinary", 0)],
  [op("EchoChar", "char", false, ALL), sample("char", 0)],
  [op("EchoCharControl", "char", false, SOAP), sample("char", 2)],
  [op("EchoQName", "QName", false, SOAP), sample("QName", 0)],
  [op("EchoQNameNoNamespace", "QName", false, SOAP), sample("QName", 1)],
  [op("EchoQNames", "QName", true, SOAP), [sample("QName", 0), sample("QName", 1), { namespace: NS, name: "own" }]],
  [op("Wrap", "xml", false, SOAP), sample("xml", 0)],
];

function format(req: WireRequest): string {
  const headers = Object.entries(req.headers)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}: ${v}`);
  return [`${req.method} ${req.path}`, ...headers, "", req.body ?? ""].join("\n") + "\n";
}

const expected = CASES.flatMap(([o]) => (o.bindings ?? ALL).map((b) => `${o.name}.${b}.http`)).sort();

describe("golden requests of the leaf types", () => {
  for (const [o, value] of CASES)
    for (const binding of o.bindings ?? ALL)
      test(`${o.name} × ${binding}`, async () => {
        await expect(format(encodeRequest(o, binding, { v: value }, undefined, NS))).toMatchFileSnapshot(`leaves/${o.name}.${binding}.http`);
      });

  test("no orphaned goldens", () => {
    expect(readdirSync(new URL("leaves/", import.meta.url)).sort()).toEqual(expected);
  });
});
