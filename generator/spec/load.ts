/**
 * Reads a spec file: YAML with positions and JSON Schema validation (ajv). Every problem is
 * collected; a SpecError carries all of them with file, line, column and document path. The
 * semantic checks and normalisation are the model's (model/build.ts), which this module does not
 * know about: generator/load.ts runs the two in turn.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageRoot } from "../paths.ts";
import { Ajv, type ErrorObject } from "ajv";
import { LineCounter, parseDocument, isMap, isSeq, isPair, isScalar, type Node } from "yaml";
import { SpecError, type SpecIssue } from "./errors.ts";
import type { Locator } from "./position.ts";
import type { SpecDocument } from "./document.ts";
import type { RawSpec } from "./raw.ts";

/** A schema-valid spec document with the means to locate any of its paths. */
export interface LoadedSpec {
  readonly raw: RawSpec;
  readonly locate: Locator;
  /** The spec file's name in messages. */
  readonly file: string;
}

const schemaPath = (): string => join(packageRoot(), "spec", "service.schema.json");

let validator: ReturnType<Ajv["compile"]> | undefined;
function getValidator(): ReturnType<Ajv["compile"]> {
  if (!validator) {
    const schema = JSON.parse(readFileSync(schemaPath(), "utf8")) as object;
    validator = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true }).compile(schema);
  }
  return validator;
}

function decodePointer(path: string): string[] {
  return path === "" ? [] : path.slice(1).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function makeLocator(contents: Node | null, lineCounter: LineCounter, file: string): Locator {
  return (path, atKey = false) => {
    let node: unknown = contents;
    let offset = 0;
    const segments = decodePointer(path);
    for (const [i, seg] of segments.entries()) {
      const last = i === segments.length - 1;
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === seg);
        if (!pair) break;
        if (last && atKey && isScalar(pair.key) && pair.key.range) {
          offset = pair.key.range[0];
          node = undefined;
          break;
        }
        node = pair.value;
      } else if (isSeq(node)) {
        node = node.items[Number(seg)];
      } else break;
      const range = (node as { range?: [number, number, number] } | null)?.range;
      if (range) offset = range[0];
    }
    if (segments.length === 0) {
      const range = (contents as { range?: [number, number, number] } | null)?.range;
      if (range) offset = range[0];
    }
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col, path };
  };
}

function schemaMessage(e: ErrorObject): { path: string; message: string; atKey: boolean } {
  const p = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case "required":
      return { path: e.instancePath, message: `missing required property "${String(p["missingProperty"])}"`, atKey: false };
    case "additionalProperties":
      return {
        path: `${e.instancePath}/${String(p["additionalProperty"])}`,
        message: `unknown property "${String(p["additionalProperty"])}"`,
        atKey: true,
      };
    case "enum":
      return {
        path: e.instancePath,
        message: `must be one of ${(p["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`,
        atKey: false,
      };
    case "propertyNames":
      return { path: e.instancePath, message: `invalid name "${String(p["propertyName"])}"`, atKey: false };
    default:
      return { path: e.instancePath, message: e.message ?? e.keyword, atKey: false };
  }
}

/** A spec document that passed YAML parsing and the JSON Schema, with a locator for its paths. */
export interface SpecText {
  readonly document: SpecDocument;
  readonly locate: Locator;
}

/**
 * Parses spec text and checks it against the JSON Schema; no other checks. Used by
 * `import --merge` and `verify`, which understand every construct of the schema. Throws SpecError.
 */
export function readSpecDocument(text: string, file: string): SpecText {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const locate = makeLocator(doc.contents, lineCounter, file);
  const yamlIssues: SpecIssue[] = [...doc.errors, ...doc.warnings].map((e) => {
    const { line, col } = lineCounter.linePos(e.pos[0]);
    return { code: "yaml", message: e.message.split("\n")[0] ?? e.message, file, line, column: col, path: "" };
  });
  if (yamlIssues.length > 0) throw new SpecError(yamlIssues);

  const raw: unknown = doc.toJS({ maxAliasCount: 100 });
  const validate = getValidator();
  if (!validate(raw)) {
    const seen = new Set<string>();
    const issues: SpecIssue[] = [];
    for (const e of validate.errors ?? []) {
      if (e.keyword === "if") continue; // reported by the branch that failed
      const m = schemaMessage(e);
      const key = `${m.path}|${m.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const pos = locate(m.path, m.atKey);
      issues.push({ code: "schema", message: m.message, file, line: pos.line, column: pos.column, path: m.path });
    }
    throw new SpecError(issues);
  }
  return { document: raw as SpecDocument, locate };
}

/**
 * Parses and validates spec text for `generate` (everything the spec format describes is served).
 * `file` is the name used in messages. Throws SpecError.
 */
export function loadSpecText(text: string, file: string): LoadedSpec {
  const { document, locate } = readSpecDocument(text, file);
  return { raw: document as RawSpec, locate, file };
}

/** Reads a spec file from disk. `displayName` is how the file is named in messages and headers. */
export function loadSpecFile(path: string, displayName: string): LoadedSpec {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new SpecError([
      { code: "read", message: `cannot read spec file: ${(err as Error).message}`, file: displayName, line: 1, column: 1, path: "" },
    ]);
  }
  return loadSpecText(text, displayName);
}
