/**
 * `verify <spec> --against <wsdl…>`: compares the spec with the WSDL each endpoint file
 * publishes and exits 1 with a readable diff on drift. Only the endpoints given are checked;
 * records and enums are checked where a WSDL declares them.
 */
import { readFileSync } from "node:fs";
import type { Argv } from "yargs";
import { readSpecDocument } from "../spec/load.ts";
import { SpecError } from "../spec/errors.ts";
import { compareSpecs } from "../wsdl/compare.ts";
import { importWsdl } from "../wsdl/import.ts";
import { formatImportIssue, WsdlError } from "../wsdl/issues.ts";
import { SourceError } from "../wsdl/source.ts";

export interface CommandOutput {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface VerifyArgs {
  readonly spec: string;
  /** Name of the spec in messages (default: the path as given). */
  readonly specName?: string;
  readonly against: readonly string[];
  readonly timeoutMs?: number;
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`;

export async function runVerify(args: VerifyArgs): Promise<CommandOutput> {
  const specName = args.specName ?? args.spec;
  let text: string;
  try {
    text = readFileSync(args.spec, "utf8");
  } catch (err) {
    return { code: 2, stdout: "", stderr: `${specName}: cannot read: ${(err as Error).message}\n` };
  }
  try {
    const { document, locate } = readSpecDocument(text, specName);
    const imported = await importWsdl(args.against, args.timeoutMs === undefined ? {} : { timeoutMs: args.timeoutMs });
    const drift = compareSpecs(document, imported.spec);
    const notes = imported.issues.map((i) => `  note: ${formatImportIssue(i)} (not checked)\n`).join("");
    const checked = imported.spec.endpoints.reduce((n, e) => n + e.operations.length, 0);
    const what = `${plural(imported.sources.length, "WSDL document")} (${plural(checked, "operation")}, ${plural(Object.keys(imported.spec.records ?? {}).length, "record")}, ${plural(Object.keys(imported.spec.enums ?? {}).length, "enum")})`;
    if (drift.length === 0) return { code: 0, stdout: `${specName} matches ${what}.\n${notes}`, stderr: "" };
    const lines = drift.map((d) => {
      if (d.at === undefined) return `  ${d.text}`;
      const p = locate(d.at);
      return `  ${p.file}:${p.line}:${p.column} ${d.text}`;
    });
    return { code: 1, stdout: notes, stderr: `${specName} differs from ${what}: ${plural(drift.length, "difference")}\n${lines.join("\n")}\n` };
  } catch (err) {
    if (err instanceof SpecError || err instanceof WsdlError || err instanceof SourceError) return { code: 2, stdout: "", stderr: `${err.message}\n` };
    throw err;
  }
}

export function registerVerify(y: Argv): Argv {
  return y.command(
    "verify <spec>",
    "Compare a spec with the WSDL of its endpoint files; exit 1 with a diff on drift",
    (c) =>
      c
        .positional("spec", { type: "string", demandOption: true, describe: "Spec file (YAML)" })
        .option("against", { type: "string", array: true, demandOption: true, describe: "WSDL files or URLs (…/File.asmx?WSDL)" })
        .option("timeout", { type: "number", default: 30_000, describe: "Timeout for each URL, in ms" })
        .example("$0 verify spec/service.yaml --against http://host/post/Send.asmx?WSDL", "CI: fail when the service's contract drifted from the spec"),
    async (argv) => {
      const r = await runVerify({ spec: argv.spec!, against: argv.against, timeoutMs: argv.timeout });
      process.stdout.write(r.stdout);
      process.stderr.write(r.stderr);
      process.exitCode = r.code;
    },
  );
}
