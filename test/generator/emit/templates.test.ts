import { describe, expect, it } from "vitest";
import { loadAssets } from "../../../generator/assets.ts";
import { emitTemplates } from "../../../generator/emit/templates.ts";
import { miniModel, op } from "../../support/mini.ts";

const assets = loadAssets();
const files = (shipSource: boolean, ops: string) => new Map(emitTemplates(miniModel(ops), assets, { shipSource }).map((f) => [f.path, f.text]));
const ping = op("Ping", "{ name: n, type: int }", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }");

describe("emitTemplates", () => {
  it("writes package.json from the spec: name, version, licence, engines, files, one export per endpoint, and ./node (the Node transport)", () => {
    const pkg = JSON.parse(files(true, ping).get("package.json") ?? "{}") as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: "mini-client", version: "1.2.3", license: "UNLICENSED", type: "module", engines: { node: ">=20.19" }, files: ["dist", "src", "README.md"] });
    expect(Object.keys(pkg["exports"] as object)).toEqual([".", "./endpoints/things", "./node", "./testing", "./testing/msw", "./package.json"]);
    const dist = JSON.parse(files(false, ping).get("package.json") ?? "{}") as Record<string, unknown>;
    expect(dist["files"]).toEqual(["dist", "README.md"]);
  });

  it("speaks of the spec's own service in the README, says ESM-only, how to consume it and the naming rule", () => {
    const readme = files(true, ping).get("README.md") ?? "";
    expect(readme).toContain("Typed client for the Mini ASMX web service (1 operation), over **SOAP 1.1**, **SOAP 1.2**, **HTTP GET** and **HTTP POST**.");
    expect(readme).toContain("**ESM only.**");
    expect(readme).toContain("**Workspace**");
    expect(readme).toContain("**`file:` dependency**");
    expect(readme).toContain("Types are PascalCase always: `PingParams`, `PingResult`");
    expect(readme).not.toMatch(/SMS|credential|password/i);
  });

  it("names only the bindings the spec's operations are offered over, and counts operations in words that agree", () => {
    const soapOnly = `${ping.replace("        params:", "        bindings: [soap11, soap12]\n        params:")}${op("Pong", "", "{ kind: void }").replace("        params:", "        bindings: [soap12]\n        params:")}`;
    const readme = files(true, soapOnly).get("README.md") ?? "";
    expect(readme).toContain("Typed client for the Mini ASMX web service (2 operations), over **SOAP 1.1** and **SOAP 1.2**.");
  });

  it("speaks of credentials only when the spec has credential parameters", () => {
    const withLogin = op("Ping", "{ name: user, type: string, credential: username }, { name: pass, type: string, credential: password }", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }");
    const readme = files(true, withLogin).get("README.md") ?? "";
    expect(readme).toContain("credentials: { username:");
    expect(readme).toContain("Passwords are redacted from every error.");
  });
});
