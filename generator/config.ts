/**
 * The config file (`asmx-ts.config.json`, `.yaml` or `.yml`): the services to generate. Found by
 * walking up from the current folder (or named with --config); validated against
 * spec/config.schema.json; every path resolves relative to the config file, never the current
 * folder. Errors name the file, line and column.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { Ajv } from "ajv";
import { LineCounter, parseDocument } from "yaml";
import { packageRoot } from "./paths.ts";
import { SpecError, type SpecIssue } from "./spec/errors.ts";

export const CONFIG_FILES = ["asmx-ts.config.json", "asmx-ts.config.yaml", "asmx-ts.config.yml"] as const;

/** One service to generate, every path absolute. */
export interface ServiceTarget {
  readonly name: string;
  readonly spec: string;
  readonly out: string;
  readonly namespace?: string | undefined;
  readonly goldens?: string | undefined;
  readonly shipSource: boolean;
  readonly packageName?: string | undefined;
  readonly version?: string | undefined;
  readonly license?: string | undefined;
}

interface RawConfig {
  services: Array<{
    name?: string;
    spec: string;
    out: string;
    namespace?: string;
    goldens?: string;
    shipSource?: boolean;
    package?: { name?: string; version?: string; license?: string };
  }>;
}

/** The nearest config file in `from` or a folder above it, or null. */
export function findConfig(from: string): string | null {
  let dir = resolve(from);
  for (;;) {
    for (const name of CONFIG_FILES) if (existsSync(join(dir, name))) return join(dir, name);
    const up = dirname(dir);
    if (up === dir) return null;
    dir = up;
  }
}

let validator: ReturnType<Ajv["compile"]> | undefined;

/** Reads and validates a config file; `display` names it in messages. Throws SpecError. */
export function loadConfig(path: string, display: string): ServiceTarget[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new SpecError([{ code: "read", message: `cannot read config file: ${(err as Error).message}`, file: display, line: 1, column: 1, path: "" }]);
  }
  const lineCounter = new LineCounter();
  // JSON is YAML: one parser gives positions for both.
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number, path: string, code: string, message: string): SpecIssue => {
    const { line, col } = lineCounter.linePos(offset);
    return { code, message, file: display, line, column: col, path };
  };
  if (doc.errors.length > 0) throw new SpecError(doc.errors.map((e) => at(e.pos[0], "", "yaml", e.message.split("\n")[0] ?? e.message)));
  const raw: unknown = doc.toJS();
  validator ??= new Ajv({ allErrors: true, strict: true, allowUnionTypes: true }).compile(JSON.parse(readFileSync(join(packageRoot(), "spec", "config.schema.json"), "utf8")) as object);
  if (!validator(raw)) {
    throw new SpecError(
      (validator.errors ?? []).map((e) => {
        const segments = e.instancePath.split("/").slice(1).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
        const node = doc.getIn(segments, true) as { range?: [number, number, number] } | undefined;
        const extra = e.keyword === "additionalProperties" ? ` "${String((e.params as { additionalProperty?: string }).additionalProperty)}"` : "";
        return at(node?.range?.[0] ?? 0, e.instancePath, "config", `${e.message ?? e.keyword}${extra}`);
      }),
    );
  }
  const dir = dirname(path);
  return (raw as RawConfig).services.map((s) => ({
    name: s.name ?? basename(s.spec).replace(/\.(ya?ml|json)$/, ""),
    spec: resolve(dir, s.spec),
    out: resolve(dir, s.out),
    namespace: s.namespace,
    goldens: s.goldens === undefined ? undefined : resolve(dir, s.goldens),
    shipSource: s.shipSource ?? true,
    packageName: s.package?.name,
    version: s.package?.version,
    license: s.package?.license,
  }));
}
