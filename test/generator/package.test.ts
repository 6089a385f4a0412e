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

  it("has the test kit as ./testing and ./testing/msw, msw an optional peer, and the main entry never reaching them", async () => {
    const full = pkg as typeof pkg & { peerDependencies?: Record<string, string>; peerDependenciesMeta?: Record<string, { optional?: boolean }>; dependencies?: unknown };
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(["./testing", "./testing/msw"]));
    expect(full.peerDependencies).toEqual({ msw: "^2.0.0" });
    expect(full.peerDependenciesMeta).toEqual({ msw: { optional: true } });
    expect(full.dependencies).toBeUndefined();
    // Only the msw entry's module imports msw; no module outside src/testing imports the test kit.
    const importsOf = (file: string): string[] => [...readFileSync(join(pkgDir, "src", file), "utf8").matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1] ?? "");
    const all = (dir: string): string[] => readdirSync(join(pkgDir, "src", dir), { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? all(join(dir, d.name)) : [join(dir, d.name)]));
    for (const f of all(".")) {
      const specs = importsOf(f);
      if (!f.startsWith("testing/")) expect(specs.filter((s) => s.includes("testing")), f).toEqual([]);
      if (f !== "testing/msw-handlers.ts") expect(specs, f).not.toContain("msw");
      expect(specs.filter((s) => s.startsWith("node:")), f).toEqual([]);
    }
    // The test kit's dist entry runs as plain JavaScript.
    const kit = (await import(join(pkgDir, "dist/testing/index.js"))) as typeof import("../../generated/src/testing/index.ts");
    const mod = (await import(join(pkgDir, "dist/index.js"))) as typeof import("../../generated/src/index.ts");
    const mock = kit.createMockService({ send: { GetSmsPrice: () => 4.5 } });
    const client = mod.createClient({ baseUrl: "https://h.test", credentials: { username: "u", password: "p" }, fetch: mock.fetch });
    expect(await client.send.GetSmsPrice({ OperatorACount: 1, OperatorBCount: 1, from: "", text: "" })).toBe(4.5);
  });
});
