import { describe, expect, it } from "vitest";
import { emitEndpoint } from "../../../generator/emit/endpoint.ts";
import { miniModel, op, print } from "../../support/mini.ts";
import { structsModel } from "../../support/structs-mini.ts";

const model = miniModel(
  op(
    "getThings",
    `{ name: username, type: string, optional: true, credential: username }, { name: password, type: string, optional: true, credential: password }, { name: ids, type: long, list: true, item: long, optional: true, description: Which things. }`,
    "{ kind: list, type: int, item: int, soapElement: getThingsResult, httpRoot: ArrayOfInt }",
  ) + op("Ping", "", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int, nullable: false }"),
);
const text = print(emitEndpoint(model.endpoints[0]!, model));

describe("emitEndpoint", () => {
  it("keeps the wire name for the function and PascalCases the types", () => {
    expect(text).toContain("export function getThings(");
    expect(text).toContain("export interface GetThingsParams {");
    expect(text).toContain("export type GetThingsResult = number[] | null;");
    expect(text).toContain("export const GetThingsOperation: OperationDescriptor<GetThingsParams, GetThingsResult>");
  });

  it("leaves credentials out of the caller's parameters but keeps them, in order, in the descriptor", () => {
    expect(text).toMatch(/export interface GetThingsParams \{[\s\S]*?readonly ids\?: readonly \(bigint\)\[\] \| null \| undefined;\s*\}/);
    expect(text.indexOf('wire: "username"')).toBeLessThan(text.indexOf('wire: "ids"'));
    expect(text).toContain('{ wire: "ids", prop: "ids", type: longCodec, item: "long", optional: true, credential: null }');
  });

  it("documents what is specific to the operation: description, wire name, omission, where, result, errors, example", () => {
    expect(text).toContain("Which things.");
    expect(text).toContain("Wire: `ids` (xsd:long, a list of `<long>` items).");
    expect(text).toContain("May be omitted (or `null`): SOAP leaves the element out; HTTP GET/POST send it empty.");
    expect(text).toContain('SOAP: POST `/Things.asmx`, SOAPAction `"http://tempuri.org/getThings"`. HTTP GET/POST: `/Things.asmx/getThings`.');
    expect(text).toContain("@returns the `<int>` items of `<getThingsResult>` as {@link GetThingsResult}; `null` when the service answers null.");
    expect(text).toContain("@throws an `AsmxError` subclass: {@link invoke} says which, and when.");
    expect(text).toContain("const result = await getThings(config, { ids: [0n] });");
    expect(text).not.toMatch(/\.yaml:\d+/);
  });

  it("makes the parameter object optional when no caller parameter is required", () => {
    expect(text).toContain("params: GetThingsParams = {},");
    expect(text).toContain("params: PingParams = {},");
  });
});

describe("emitEndpoint: record parameters and SOAP headers", () => {
  const m = structsModel();
  const text = print(emitEndpoint(m.endpoints[0]!, m));
  it("the descriptor lists the headers; the operation is SOAP-only because of its record parameter", () => {
    expect(text).toMatch(/headers: \[\s*\{ element: "Auth", prop: "Auth", type: AuthRecord, direction: "in", writer: writeRecord \},\s*\{ element: "Receipt", prop: "Receipt", type: DogRecord, direction: "out" \},?\s*\]/);
    expect(text).toContain('bindings: ["soap11","soap12"],');
  });
  it("with an out header the result is { result, headers }; options take the typed soapHeaders; the docs say so", () => {
    expect(text).toContain("export type EchoBoxResult = { readonly result: Box | null; readonly headers: { readonly Receipt: Dog | null } };");
    expect(text).toContain("options?: CallOptions<SoapHeaders>): Promise<EchoBoxResult>");
    expect(text).toContain("SOAP headers sent: `Auth`");
    expect(text).toContain("SOAP headers received: `Receipt`: the call resolves to `{ result, headers }`");
  });
});
