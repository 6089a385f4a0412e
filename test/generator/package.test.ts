/** The generated package works as a normal npm package: its exports resolve to built JavaScript. */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const pkgDir = new URL("../../generated/", import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as {
  name: string;
  type: string;
  sideEffects: boolean;
  exports: Record<string, string | { types: string; default: string }>;
};

describe("generated/package.json", () => {
  it("points every export at files that exist", () => {
    expect(pkg.type).toBe("module");
    expect(pkg.sideEffects).toBe(false);
    for (const [subpath, target] of Object.entries(pkg.exports)) {
      const files = typeof target === "string" ? [target] : [target.types, target.default];
      for (const f of files) expect(existsSync(join(pkgDir, f)), `${subpath} → ${f}`).toBe(true);
    }
  });

  it("runs as plain JavaScript from dist/, without TypeScript tooling", async () => {
    const mod = (await import(join(pkgDir, "dist/index.js"))) as typeof import("../../generated/src/index.ts");
    expect(typeof mod.createClient).toBe("function");
    expect(mod.decodeResponse(mod.GetSmsPriceOperation, "httpGet", `<double xmlns="http://tempuri.org/">2.5</double>`)).toBe(2.5);
    const client = mod.createClient({ baseUrl: "https://h.test", credentials: { username: "u", password: "p" } });
    expect(Object.keys(client)).toEqual(["config", "receive", "send", "users", "actions", "contacts", "newbulks", "schedule", "voice", "codes"]);
    expect(Object.isFrozen(mod.GetSmsPriceOperation.params)).toBe(true);
  });

  it("keeps the runtime free of Node built-ins and third-party imports", () => {
    const dir = join(pkgDir, "src/runtime");
    for (const f of readdirSync(dir)) {
      const imports = [...readFileSync(join(dir, f), "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]);
      for (const spec of imports) expect(spec, `${f} imports ${spec}`).toMatch(/^\.\/[a-z-]+\.js$/);
    }
  });
});
