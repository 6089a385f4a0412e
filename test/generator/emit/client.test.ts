import { describe, expect, it } from "vitest";
import { emitClient } from "../../../generator/emit/client.ts";
import { miniModel, op, print } from "../../support/mini.ts";
import { structsModel } from "../../support/structs-mini.ts";

describe("emitClient", () => {
  const model = miniModel(op("Ping", "{ name: n, type: int }", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }"));
  const text = print(emitClient(model));

  it("groups operations by endpoint file and binds them to one configuration", () => {
    expect(text).toContain("export interface ThingsOperations {");
    expect(text).toContain("Ping(params: PingParams, options?: CallOptions): Promise<PingResult>;");
    expect(text).toMatch(/things: \{\s*Ping: \(params, options\) => Ping\(config, params, options\)\s*\}/);
    expect(text).toContain('import { Ping, type PingParams, type PingResult } from "./endpoints/things.js";');
  });

  it("shows credentials in the example only when the service uses them", () => {
    expect(text).toContain('const client = createClient({ baseUrl: "https://host" });');
    expect(text).toContain("const result = await client.things.Ping({ n: 10 });");
  });
});

describe("emitClient: SOAP headers", () => {
  const text = print(emitClient(structsModel()));
  it("createClient takes the typed soapHeaders; methods take typed call options", () => {
    expect(text).toContain("export function createClient(options: ClientOptions<SoapHeaders>): Client {");
    expect(text).toContain("EchoBox(params?: EchoBoxParams, options?: CallOptions<SoapHeaders>): Promise<EchoBoxResult>;");
  });
});
