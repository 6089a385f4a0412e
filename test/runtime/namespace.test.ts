/** The namespace defaults to the spec's, and can be overridden at generation time and at run time. */
import { describe, expect, it } from "vitest";
import { generate } from "../../generator/generate.ts";
import { loadModel as loadSpecFile } from "../../generator/load.ts";
import { GetSmsPriceOperation, createConfig, decodeResponse, prepareRequest } from "../../generated/src/index.ts";

const credentials = { username: "u", password: "p" };
const params = { OperatorACount: 1, OperatorBCount: 2, from: "f", text: "t" };

describe("namespace", () => {
  it("defaults to the spec's namespace (http://tempuri.org/)", () => {
    const req = prepareRequest(createConfig({ baseUrl: "https://h.test", credentials }), GetSmsPriceOperation, params, { binding: "soap11" });
    expect(req.headers["SOAPAction"]).toBe('"http://tempuri.org/GetSmsPrice"');
    expect(req.body).toContain('<GetSmsPrice xmlns="http://tempuri.org/">');
  });

  it("is overridden at run time: request element, SOAPAction (ASMX rule) and the expected response namespace", () => {
    const config = createConfig({ baseUrl: "https://h.test", namespace: "http://sms.example/api", credentials });
    const req = prepareRequest(config, GetSmsPriceOperation, params, { binding: "soap11" });
    expect(req.headers["SOAPAction"]).toBe('"http://sms.example/api/GetSmsPrice"');
    expect(req.body).toContain('<GetSmsPrice xmlns="http://sms.example/api">');
    expect(decodeResponse(GetSmsPriceOperation, "httpGet", `<double xmlns="http://sms.example/api">1.5</double>`, { namespace: "http://sms.example/api" })).toBe(1.5);
    expect(() => decodeResponse(GetSmsPriceOperation, "httpGet", `<double xmlns="http://sms.example/api">1.5</double>`)).toThrow(/expected root element double in http:\/\/tempuri\.org\//);
  });

  it("is overridden at generation time (--namespace)", async () => {
    const model = loadSpecFile(new URL("../../spec/service.yaml", import.meta.url).pathname, "spec/service.yaml", { namespace: "urn:sms" });
    const files = await generate(model);
    const send = files.get("src/endpoints/send.ts") ?? "";
    expect(send).toContain('namespace: "urn:sms",');
    expect(send).toContain('soapAction: "urn:sms/GetSmsPrice",');
    expect(send).not.toContain("tempuri");
  }, 60_000);
});
