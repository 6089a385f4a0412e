/**
 * The tool as users install it: `npm pack` the generator, install the tarball into an empty
 * folder outside the repo, run the installed `asmx-ts` bin (compiled JavaScript, plain node, no
 * tsx) to init and generate a package there, type-check that package, and check `npm pack` of
 * the generated package holds what it should. Also pins the tool tarball's contents.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const tsc = join(root, "node_modules/typescript/bin/tsc");
let work: string;
let app: string;
let tarball: string;
let packed: Array<{ path: string; size: number }>;

const run = (cmd: string, args: readonly string[], cwd: string) => {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", env: { ...process.env, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
};

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "asmx-ts-pack-"));
  const out = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work], root)) as Array<{ filename: string; files: Array<{ path: string; size: number }> }>;
  tarball = join(work, out[0]!.filename);
  packed = out[0]!.files;
  app = join(work, "app");
  run("mkdir", ["-p", app], work);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", version: "1.0.0", private: true, type: "module" }));
  run("npm", ["install", "--prefer-offline", "--no-package-lock", "--ignore-scripts", tarball], app);
}, 300_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the installed asmx-ts tool", () => {
  it("ships compiled JavaScript, the runtime, templates and schemas, and no tests or sources of the generator", () => {
    const paths = packed.map((f) => f.path);
    expect(paths).toContain("lib/generator/cli.js");
    expect(paths).toContain("templates/runtime/index.ts");
    expect(paths).toContain("templates/node/index.ts");
    expect(paths).toContain("templates/testing/mock.ts");
    expect(paths).toContain("templates/testing/peers/msw.d.ts");
    expect(paths).toContain("templates/README.md.hbs");
    expect(paths).toContain("spec/service.schema.json");
    expect(paths).toContain("spec/config.schema.json");
    expect(paths.filter((p) => p.startsWith("test/") || p.startsWith("generated/") || p.startsWith("generator/"))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(app, "node_modules/asmx-ts/package.json"), "utf8")) as { dependencies: Record<string, string> };
    expect(Object.keys(pkg.dependencies).sort()).toEqual(["ajv", "esbuild", "handlebars", "prettier", "ts-morph", "yaml", "yargs"]);
    console.log(`[pack] asmx-ts tarball: ${statSync(tarball).size} bytes, ${packed.length} files`);
  });

  it("npx asmx-ts --help shows the commands and real examples", () => {
    const help = run("npx", ["--no-install", "asmx-ts", "--help"], app);
    for (const s of ["asmx-ts generate", "asmx-ts init", "Examples:"]) expect(help).toContain(s);
    const genHelp = run("npx", ["--no-install", "asmx-ts", "generate", "--help"], app);
    for (const s of ["--check", "--watch", "--config", "asmx-ts generate --check"]) expect(genHelp).toContain(s);
  }, 120_000);

  it("init, then generate with plain node, then the generated package type-checks and packs", () => {
    expect(run("npx", ["--no-install", "asmx-ts", "init"], app)).toContain("Wrote asmx-ts.config.json");
    expect(run("npx", ["--no-install", "asmx-ts", "generate"], app)).toMatch(/^Wrote generated: \d+ added/);
    expect(run("npx", ["--no-install", "asmx-ts", "generate", "--check"], app)).toMatch(/^generated is up to date with spec\/service\.yaml/);
    const out = join(app, "generated");
    execFileSync(process.execPath, [tsc, "-p", join(out, "tsconfig.json"), "--noEmit"], { cwd: out, encoding: "utf8" });
    const readme = readFileSync(join(out, "README.md"), "utf8");
    expect(readme).toContain("HelloWorld");
    expect(readme).not.toMatch(/SMS|sms\./);
    const pack = JSON.parse(run("npm", ["pack", "--dry-run", "--json"], out)) as Array<{ files: Array<{ path: string }>; size: number }>;
    const files = pack[0]!.files.map((f) => f.path).sort();
    expect(files).toContain("dist/index.js");
    expect(files).toContain("dist/index.d.ts");
    expect(files).toContain("dist/index.js.map");
    expect(files).toContain("src/index.ts");
    expect(files.filter((f) => !/^(dist|src)\//.test(f))).toEqual(["README.md", "package.json"]);
    // The endpoint's code lives in a shared chunk (its entry re-exports it); the chunk's map points into src/.
    const chunk = /from "\.\.\/(chunks\/[\w-]+\.js)"/.exec(readFileSync(join(out, "dist/endpoints/service.js"), "utf8"))?.[1];
    expect(files).toContain(`dist/${chunk}`);
    const map = JSON.parse(readFileSync(join(out, `dist/${chunk}.map`), "utf8")) as { sources: string[] };
    expect(map.sources).toContain("../../src/endpoints/service.ts");
    console.log(`[pack] generated package (starter spec): ${pack[0]!.size} bytes packed`);
  }, 300_000);
});
