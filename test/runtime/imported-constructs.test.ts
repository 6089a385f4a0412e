/**
 * Offline checks of the runtime constructs imported services need (proven live against Mono in
 * test/import/corpus.test.ts): operations served by some bindings only, nillable value types,
 * [Flags] enums (separator per binding), void results.
 */
import { describe, expect, test } from "vitest";
import { defineEnum, defineOperation, type OperationDescriptor } from "../../templates/runtime/descriptor.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { EncodeError } from "../../templates/runtime/errors.ts";
import { CODECS } from "../../templates/runtime/codecs.ts";

const NS = "http://corpus.example/";
const Access = defineEnum({ kind: "enum", name: "Access", values: ["None", "Read", "Write", "Admin"], flags: true });

function op(extra: Partial<OperationDescriptor>, params: OperationDescriptor["params"]): OperationDescriptor {
  return defineOperation({
    name: "Op",
    path: "/svc/S.asmx",
    namespace: NS,
    soapAction: `${NS}Op`,
    params,
    result: { kind: "scalar", type: CODECS.int, item: null, soapElement: "OpResult", httpRoot: "int", nullable: false },
    ...extra,
  });
}

describe("operations offered over some bindings only", () => {
  const soapOnly = op({ bindings: ["soap11", "soap12"] }, [{ wire: "v", prop: "v", type: CODECS.guid, item: null, optional: false, credential: null }]);
  const v = { v: "0f8fad5b-d9cb-469f-a165-70867728950e" };
  test("are encoded over the bindings they have", () => {
    expect(encodeRequest(soapOnly, "soap12", v, undefined, NS).body).toContain("<v>0f8fad5b-d9cb-469f-a165-70867728950e</v>");
  });
  test("are refused over the others, before anything is sent", () => {
    expect(() => encodeRequest(soapOnly, "httpGet", v, undefined, NS)).toThrow(EncodeError);
    expect(() => encodeRequest(soapOnly, "httpPost", v, undefined, NS)).toThrow("parameter (binding): Op is not offered over HTTP POST (only SOAP 1.1, SOAP 1.2)");
  });
});

describe("nillable value types (int?)", () => {
  const nillable = op({}, [{ wire: "v", prop: "v", type: CODECS.int, item: null, optional: false, nillable: true, credential: null }]);
  test("null is sent as xsi:nil in SOAP (the envelope declares xsi)", () => {
    const body = encodeRequest(nillable, "soap11", { v: null }, undefined, NS).body ?? "";
    expect(body).toContain('<Op xmlns="http://corpus.example/"><v xsi:nil="true" /></Op>');
    expect(body).toContain('xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"');
  });
  test("a value is sent as usual; a missing one is still an error", () => {
    expect(encodeRequest(nillable, "soap11", { v: 21 }, undefined, NS).body).toContain("<v>21</v>");
    expect(() => encodeRequest(nillable, "soap11", {}, undefined, NS)).toThrow("parameter v: missing required parameter");
  });
});

describe("[Flags] enums", () => {
  const flags = op({}, [{ wire: "a", prop: "a", type: Access, item: null, optional: false, credential: null }]);
  test("SOAP writes XmlSerializer's space-separated list, HTTP GET/POST the comma list Enum.Parse reads", () => {
    expect(encodeRequest(flags, "soap11", { a: ["Read", "Admin"] }, undefined, NS).body).toContain("<a>Read Admin</a>");
    expect(encodeRequest(flags, "httpGet", { a: ["Read", "Admin"] }, undefined, NS).path).toBe("/svc/S.asmx/Op?a=Read%2CAdmin");
    expect(encodeRequest(flags, "soap12", { a: [] }, undefined, NS).body).toContain("<a></a>");
  });
  test("a name outside the enum, or a single string, is refused with the allowed names", () => {
    expect(() => encodeRequest(flags, "soap11", { a: ["Read", "Delete"] }, undefined, NS)).toThrow('parameter a: expected one of None, Read, Write, Admin (Access), got "Delete"');
    expect(() => encodeRequest(flags, "soap11", { a: "Read" }, undefined, NS)).toThrow("expected an array of None, Read, Write, Admin (Access, flags), got string");
  });
});
