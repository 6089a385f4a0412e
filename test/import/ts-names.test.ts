/**
 * Names a WSDL can carry that TypeScript cannot declare as they are (generator/wsdl/ts-names.ts):
 * import gives them a TypeScript name beside the wire name, so that `generate` accepts the spec
 * as imported, and the wire names stay what the service publishes (verify still passes).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runImport } from "../../generator/commands/import.ts";
import { runVerify } from "../../generator/commands/verify.ts";
import { generate } from "../../generator/generate.ts";
import { loadModelText } from "../../generator/load.ts";
import { readSpecDocument } from "../../generator/spec/load.ts";
import type { SpecDocument } from "../../generator/spec/document.ts";
import { assignTsNames } from "../../generator/wsdl/ts-names.ts";
import { repoRoot, tempDir } from "./support.ts";

const tmp = tempDir("asmx-names-");
afterAll(() => tmp.remove());

/** A fixture WSDL with its names changed into awkward ones a real .NET service can publish. */
function awkward(file: string, edits: readonly (readonly [string | RegExp, string])[]): string {
  let text = readFileSync(join(repoRoot, "test/fixtures/wsdl", file), "utf8");
  for (const [from, to] of edits) {
    const next = text.replaceAll(from, to);
    if (next === text) throw new Error(`${file}: no ${String(from)}`);
    text = next;
  }
  const out = join(tmp.dir, `${file.replace(".wsdl", "")}-${Math.abs(edits.length)}-${Math.random().toString(36).slice(2, 8)}.wsdl`);
  writeFileSync(out, text);
  return out;
}

const sendEdits = [
  ["GetSmsPrice", "delete"], // a reserved word as an operation name
  ['"OperatorACount"', '"first-name"'], // not an identifier (XmlElement("first-name"))
  ["MessagesBL", "Config"], // a class named like a runtime export
] as const;

describe("import: TypeScript names beside wire names", () => {
  test("reserved, invalid and colliding names get TypeScript names; generate accepts the spec; verify still passes", async () => {
    const sources = [
      awkward("Send.wsdl", sendEdits),
      // the same operations in a second endpoint file
      awkward("Send.wsdl", [...sendEdits, ["/post/Send.asmx", "/post/SendAgain.asmx"]]),
      // a class named like an operation's result type (GetUserDetails → GetUserDetailsResult)
      awkward("Users.wsdl", [["UserGridList", "GetUserDetailsResult"]]),
    ];
    const out = join(tmp.dir, "awkward.yaml");
    const r = await runImport({ sources, out });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const { document: spec } = readSpecDocument(readFileSync(out, "utf8"), "awkward.yaml");

    const [send, again, users] = spec.endpoints;
    expect([send!.name, again!.name, users!.name]).toEqual(["send", "sendAgain", "users"]);
    const tsNames = (i: number) => Object.fromEntries(spec.endpoints[i]!.operations.map((o) => [o.name, o.tsName ?? null]));
    expect(tsNames(0)).toEqual({ getMessages: null, delete: "delete_", GetDeliveries: null });
    expect(tsNames(1)).toEqual({ getMessages: "getMessages_sendAgain", delete: "delete_sendAgain", GetDeliveries: "GetDeliveries_sendAgain" });
    const del = send!.operations.find((o) => o.name === "delete")!;
    expect(del.params.map((p) => [p.name, p.tsName ?? null])).toContainEqual(["first-name", "first_name"]);
    // records keyed by a free TypeScript name, the wire name kept, every reference following
    expect(spec.records?.["Config"]).toBeUndefined();
    expect(spec.records?.["ConfigType"]?.wireName).toBe("Config");
    expect(spec.records?.["GetUserDetailsResultType"]?.wireName).toBe("GetUserDetailsResult");
    expect(send!.operations.find((o) => o.name === "getMessages")!.result?.type).toBe("ConfigType");
    expect(users!.operations.find((o) => o.name === "GetUserDetails")!.result?.type).toBe("GetUserDetailsResultType");
    // the YAML puts the TypeScript name right after the wire name
    expect(readFileSync(out, "utf8")).toContain("      - name: delete\n        tsName: delete_\n");

    const v = await runVerify({ spec: out, specName: "awkward.yaml", against: sources });
    expect(v.stderr).toBe("");
    expect(v.code).toBe(0);

    // the generator's own name checks pass, and the package type-checks strictly
    const model = loadModelText(readFileSync(out, "utf8"), "awkward.yaml");
    const files = await generate(model, { shipSource: true });
    const index = files.get("src/index.ts")!;
    expect(index).toBeDefined();
    const endpointFile = [...files.entries()].find(([p, t]) => p.startsWith("src/endpoints/") && t.includes("export function delete_("));
    expect(endpointFile, "a function delete_ for the wire operation delete").toBeDefined();
    expect(endpointFile![1]).toContain('name: "delete"');
  }, 120_000);

  test("members: invalid and plain-object-unsafe property names, numbered when the fix is taken", () => {
    const spec: SpecDocument = {
      service: { name: "S", namespace: "http://x/", package: { name: "s", version: "1.0.0" } },
      records: {
        R: {
          fields: [
            { name: "a-b", type: "int" },
            { name: "a_b", type: "int" },
            { name: "__proto__", type: "string" },
            { name: "2nd", type: "string" },
          ],
        },
      },
      endpoints: [{ name: "E", path: "/e.asmx", operations: [{ name: "invoke", params: [{ name: "x.y", type: "int" }], result: { kind: "record", type: "R", soapElement: "invokeResult", httpRoot: "R" } }] }],
    };
    assignTsNames(spec);
    expect(spec.records!["R"]!.fields.map((f) => f.tsName ?? null)).toEqual(["a_b2", null, "__proto___", "_2nd"]);
    const op = spec.endpoints[0]!.operations[0]!;
    expect(op.tsName).toBe("invoke_E"); // `invoke` is a runtime export
    expect(op.params[0]!.tsName).toBe("x_y");
  });

  test("names that are already usable are left alone (the fixture's spec gains no tsName)", async () => {
    const out = join(tmp.dir, "plain.yaml");
    const r = await runImport({ sources: ["Send.wsdl", "Users.wsdl", "Voice.wsdl"].map((f) => join(repoRoot, "test/fixtures/wsdl", f)), out });
    expect(r.code).toBe(0);
    expect(readFileSync(out, "utf8")).not.toContain("tsName");
  });
});
