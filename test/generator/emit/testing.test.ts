import { describe, expect, it } from "vitest";
import { loadAssets } from "../../../generator/assets.ts";
import { emitTesting, emitTestingKit } from "../../../generator/emit/testing.ts";
import { miniModel, op, print } from "../../support/mini.ts";

describe("emitTesting", () => {
  const model = miniModel(op("Ping", "{ name: n, type: int }", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }") + op("Echo", "{ name: s, type: string }", "{ kind: scalar, type: string, soapElement: EchoResult, httpRoot: string, nullable: true }"));
  const [index, msw] = emitTesting(model).map(print) as [string, string];

  it("types the handlers per endpoint and operation with the client's parameter and result types", () => {
    expect(index).toMatch(/export type MockHandlers = \{\s*readonly things\?:\s*\|?\s*\{\s*readonly Ping\?: MockHandler<PingParams, PingResult> \| undefined;\s*readonly Echo\?: MockHandler<EchoParams, EchoResult> \| undefined;\s*\}\s*\|\s*undefined;\s*\};/);
    expect(index).toContain('export type MockCall = MockCallOf<"things", "Ping", PingParams> | MockCallOf<"things", "Echo", EchoParams>;');
    expect(index).toMatch(/import \{\s*EchoOperation,\s*type EchoParams,\s*type EchoResult,\s*PingOperation,\s*type PingParams,\s*type PingResult,?\s*\} from "\.\.\/endpoints\/things\.js";/);
  });

  it("binds createMockService to the descriptors, and holds no logic of its own", () => {
    expect(index).toMatch(/const OPERATIONS = \{\s*things: \{ Ping: PingOperation, Echo: EchoOperation \},?\s*\};/);
    expect(index).toMatch(/export function createMockService\(handlers: MockHandlers = \{\}, options: MockOptions = \{\}\): MockService<MockCall> \{\s*return createMock<MockCall>\(OPERATIONS, handlers, options\);\s*\}/);
    expect(index).not.toMatch(/from "msw|msw-handlers/);
  });

  it("puts MSW in its own entry, the only one that reaches msw-handlers", () => {
    expect(msw).toContain('import { createMockService as createBaseMock } from "./index.js";');
    expect(msw).toContain('export * from "./index.js";');
    expect(msw).toContain("return withMswHandlers(createBaseMock(handlers, options), options.baseUrl);");
    expect(index).not.toContain("msw-handlers");
  });
});

describe("emitTestingKit", () => {
  it("copies every test-kit module verbatim under src/testing/, after the generated-file header", () => {
    const assets = loadAssets();
    const files = emitTestingKit(miniModel(op("Ping", "", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }")), assets);
    expect(files.map((f) => f.path)).toEqual(assets.testing.map((t) => `src/testing/${t.name}`));
    expect(files.map((f) => f.path)).toContain("src/testing/mock.ts");
    for (const [i, f] of files.entries()) expect(f.text.endsWith(assets.testing[i]!.text)).toBe(true);
    expect(assets.peerTypes.map((p) => p.module)).toEqual(["msw"]);
  });
});
