/**
 * Every regular expression in the runtime (templates/runtime/) and the generator (generator/)
 * is checked for super-linear backtracking (ReDoS) with recheck's automaton checker — a static
 * analysis of the pattern, not a timing. Literals are found with the TypeScript parser, so a
 * regex in a comment or string does not count and none is missed; `new RegExp(...)` with a
 * literal pattern is checked too, and one built from a non-literal must not exist.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { checkSync } from "recheck";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = new URL("../..", import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : [];
  });
}

interface Found {
  readonly where: string;
  readonly source: string;
  readonly flags: string;
}

/** Regex literals and `new RegExp("literal", "flags")` / `RegExp(...)` calls in one file. */
function regexesIn(path: string): { found: Found[]; dynamic: string[] } {
  const text = readFileSync(path, "utf8");
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: Found[] = [];
  const dynamic: string[] = [];
  const at = (node: ts.Node): string => {
    const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
    return `${relative(root, path)}:${line + 1}:${character + 1}`;
  };
  const visit = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const literal = node.getText(file);
      const end = literal.lastIndexOf("/");
      found.push({ where: at(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp") {
      const [pattern, flags] = node.arguments ?? [];
      if (pattern !== undefined && ts.isStringLiteralLike(pattern) && (flags === undefined || ts.isStringLiteralLike(flags))) {
        found.push({ where: at(node), source: pattern.text, flags: flags?.text ?? "" });
      } else dynamic.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return { found, dynamic };
}

const all = [...files(join(root, "templates/runtime")), ...files(join(root, "generator"))].map(regexesIn);
const regexes = all.flatMap((r) => r.found);

describe("regular expressions in the runtime and the generator", () => {
  it("are found (the scan works)", () => {
    expect(regexes.length).toBeGreaterThan(5);
    expect(regexes.some((r) => r.where.startsWith("templates/runtime/"))).toBe(true);
    expect(regexes.some((r) => r.where.startsWith("generator/"))).toBe(true);
  });

  /**
   * A pattern built at run time cannot be checked here. Each file that builds one is listed
   * with the reason; any other file doing so fails this test.
   */
  const DYNAMIC_ALLOWED: Readonly<Record<string, string>> = {
    "templates/runtime/errors.ts": "redaction builds a pattern from the escaped secret (its own tests cover it)",
  };
  it("are never built from a non-literal pattern, except where listed", () => {
    const dynamic = all.flatMap((r) => r.dynamic).filter((where) => !(where.slice(0, where.indexOf(":")) in DYNAMIC_ALLOWED));
    expect(dynamic).toEqual([]);
  });

  it.each(regexes.map((r) => [r.where, r] as const))("%s is linear (recheck)", (_where, r) => {
    const result = checkSync(r.source, r.flags, { checker: "automaton" });
    expect({ pattern: `/${r.source}/${r.flags}`, status: result.status }).toEqual({ pattern: `/${r.source}/${r.flags}`, status: "safe" });
  }, 30_000);

  it("the checker does flag a super-linear pattern (the double regex this runtime used to have)", () => {
    const result = checkSync(String.raw`^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$`, "", { checker: "automaton" });
    expect(result.status).toBe("vulnerable");
  }, 30_000);
});
