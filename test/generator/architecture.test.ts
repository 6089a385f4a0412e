/**
 * What may import what (STYLE.md), checked over the whole import graph of the generator and the
 * runtime, type-only and dynamic imports included: no cycles; the model never imports ts-morph,
 * the file system or the emitters; emitters never import each other nor touch the file system;
 * the runtime imports nothing but itself; only a few modules touch the disk; binding facts come
 * from the one table; no operation name of the service appears in code.
 */
import { readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { StructureKind, VariableDeclarationKind } from "ts-morph";
import { describe, expect, it } from "vitest";
import { Const, Kind } from "../../generator/codegen/kinds.ts";
import { loadModel } from "../../generator/load.ts";
import { listFiles } from "../../generator/write.ts";

const root = new URL("../../", import.meta.url).pathname;

interface Edge {
  readonly from: string;
  readonly spec: string;
  /** Repo-relative target for relative imports, else null. */
  readonly to: string | null;
  /** Loaded when the importing module loads: neither `import("…")` nor `import type`. */
  readonly eager: boolean;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)/g;

function edgesOf(dir: string): Edge[] {
  return listFiles(join(root, dir))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .flatMap((f) => {
      const from = `${dir}/${f}`;
      const text = readFileSync(join(root, from), "utf8");
      return [...text.matchAll(IMPORT)].map((m) => {
        const spec = m[1] ?? m[2] ?? "";
        const to = spec.startsWith(".") ? normalize(join(dirname(from), spec)).replace(/\.js$/, ".ts") : null;
        return { from, spec, to, eager: m[2] === undefined && !/^\s*(?:import|export)\s+type\b/.test(m[0]) };
      });
    });
}

const graph = [...edgesOf("generator"), ...edgesOf("templates/runtime")];
const inDir = (e: Edge, dir: string): boolean => e.from.startsWith(`${dir}/`);

describe("import rules", () => {
  it("finds the imports it checks (the scan works)", () => {
    expect(graph.some((e) => e.from === "generator/generate.ts" && e.to === "generator/emit/types.ts")).toBe(true);
    expect(graph.some((e) => e.from === "generator/generate.ts" && e.to === "generator/compile.ts")).toBe(true); // dynamic import
    expect(graph.some((e) => e.from === "generator/model/types.ts" && e.to === "generator/spec/position.ts")).toBe(true); // type-only
  });

  it("the CLI starts without TypeScript, ts-morph or prettier: the generate machinery is imported on demand", () => {
    const eager = new Map<string, Edge[]>();
    for (const e of graph) if (e.eager) eager.set(e.from, [...(eager.get(e.from) ?? []), e]);
    const reached = new Set<string>();
    const packages = new Set<string>();
    const visit = (f: string): void => {
      if (reached.has(f)) return;
      reached.add(f);
      for (const e of eager.get(f) ?? []) if (e.to !== null) visit(e.to);
      else packages.add(e.spec);
    };
    visit("generator/cli.ts");
    expect(reached.has("generator/commands/import.ts")).toBe(true); // the walk follows static imports
    expect(reached.has("generator/target.ts")).toBe(false);
    expect([...packages].filter((p) => ["ts-morph", "typescript", "prettier"].includes(p))).toEqual([]);
    expect(packages.has("yargs")).toBe(true);
  });

  it("has no import cycle, type-only and dynamic imports included", () => {
    const next = new Map<string, string[]>();
    for (const e of graph) if (e.to !== null) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
    const cycles: string[] = [];
    const state = new Map<string, "open" | "done">();
    const stack: string[] = [];
    const visit = (n: string): void => {
      state.set(n, "open");
      stack.push(n);
      for (const m of next.get(n) ?? []) {
        if (state.get(m) === "open") cycles.push([...stack.slice(stack.indexOf(m)), m].join(" → "));
        else if (state.get(m) === undefined) visit(m);
      }
      stack.pop();
      state.set(n, "done");
    };
    for (const n of next.keys()) if (state.get(n) === undefined) visit(n);
    expect(cycles).toEqual([]);
  });

  it("the model imports neither ts-morph nor the file system, nor emitters or the code builder", () => {
    const bad = graph.filter((e) => inDir(e, "generator/model") && (e.spec === "ts-morph" || e.spec.startsWith("node:") || /\/(emit|codegen)\//.test(e.to ?? "")));
    expect(bad).toEqual([]);
  });

  it("no emitter imports another emitter", () => {
    const bad = graph.filter((e) => inDir(e, "generator/emit") && (e.to ?? "").startsWith("generator/emit/"));
    expect(bad).toEqual([]);
  });

  it("emitters and the code builder never touch the file system, nor load ts-morph's values", () => {
    const bad = graph.filter((e) => (inDir(e, "generator/emit") || inDir(e, "generator/codegen")) && (e.spec.startsWith("node:") || e.spec === "fs" || e.spec === "path"));
    expect(bad).toEqual([]);
    const valueImports = listFiles(join(root, "generator"))
      .filter((f) => /^(emit|codegen)\//.test(f))
      .filter((f) => /^\s*import\s+\{[^}]*\}\s+from\s+"ts-morph"/m.test(readFileSync(join(root, "generator", f), "utf8").replace(/^\s*import\s+type\b.*$/gm, "")));
    expect(valueImports).toEqual([]);
  });

  it("the runtime imports only its own modules", () => {
    const bad = graph.filter((e) => inDir(e, "templates/runtime") && !/^\.\/[a-z-]+\.js$/.test(e.spec));
    expect(bad).toEqual([]);
  });

  it("the Node transport (templates/node) imports only the runtime's index, and the runtime never imports it", () => {
    const node = edgesOf("templates/node");
    expect(node.length).toBeGreaterThan(0);
    expect(node.filter((e) => e.spec !== "../runtime/index.js")).toEqual([]);
    expect(graph.filter((e) => inDir(e, "templates/runtime") && (e.to ?? "").startsWith("templates/node/"))).toEqual([]);
  });

  it("the test kit imports only the runtime, itself, and (in msw-handlers.ts only) msw", () => {
    const kit = edgesOf("templates/testing");
    expect(kit.length).toBeGreaterThan(5);
    const bad = kit.filter((e) => !/^\.\.\/runtime\/[a-z-]+\.js$/.test(e.spec) && !/^\.\/[a-z-]+\.js$/.test(e.spec) && !(e.spec === "msw" && e.from.endsWith("/msw-handlers.ts")));
    expect(bad).toEqual([]);
  });

  it("only the modules that must touch the disk do", () => {
    const users = [...new Set(graph.filter((e) => e.spec === "node:fs").map((e) => e.from))].sort();
    expect(users).toEqual([
      "generator/assets.ts",
      "generator/cache.ts",
      "generator/commands/import.ts",
      "generator/commands/verify.ts",
      "generator/config.ts",
      "generator/init.ts",
      "generator/paths.ts",
      "generator/spec/load.ts",
      "generator/watch.ts",
      "generator/write.ts",
      "generator/wsdl/source.ts",
    ]);
  });

  it("the structure kinds the emitters use are ts-morph's", () => {
    for (const [name, value] of Object.entries(Kind)) expect(value, name).toBe(StructureKind[name as keyof typeof StructureKind]);
    expect(Const).toBe(VariableDeclarationKind.Const);
  });
});

describe("quirks and binding facts are data", () => {
  const code = [...listFiles(join(root, "generator")).map((f) => `generator/${f}`), ...listFiles(join(root, "templates")).map((f) => `templates/${f}`)].filter((f) => f.endsWith(".ts"));

  it("no binding name is compared outside the binding table", () => {
    const bad = code
      .filter((f) => f !== "templates/runtime/binding.ts")
      .flatMap((f) => [...readFileSync(join(root, f), "utf8").matchAll(/[!=]==?\s*"(soap11|soap12|httpGet|httpPost)"|"(soap11|soap12|httpGet|httpPost)"\s*[!=]==?|case\s+"(soap11|soap12|httpGet|httpPost)"/g)].map((m) => `${f}: ${m[0]}`));
    expect(bad).toEqual([]);
  });

  it("no operation name of the service appears in the generator or the runtime", () => {
    const model = loadModel(join(root, "spec/service.yaml"), "spec/service.yaml");
    const names = model.endpoints.flatMap((e) => [...e.operations, ...e.partialOperations].map((o) => o.name));
    expect(names.length).toBeGreaterThan(30);
    const hits: string[] = [];
    for (const f of code) {
      const text = readFileSync(join(root, f), "utf8");
      for (const n of names) if (new RegExp(`\\b${n}\\b`).test(text)) hits.push(`${f}: ${n}`);
    }
    expect(hits).toEqual([]);
  });
});
