/**
 * `import <wsdl…>`: reads ASMX WSDL documents (files or URLs) and writes a spec (`-o file`, or
 * stdout), or merges them into an existing spec (`--merge file`, differences applied only with
 * `--write`). The written spec is checked against spec/service.schema.json before anything is
 * written; what could not be mapped is listed with WSDL file:line:column.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { Argv } from "yargs";
import { packageRoot } from "../paths.ts";
import { SpecError } from "../spec/errors.ts";
import { readSpecDocument } from "../spec/load.ts";
import { importWsdl, type ImportOptions } from "../wsdl/import.ts";
import { formatImportIssue, WsdlError } from "../wsdl/issues.ts";
import { mergeSpec } from "../wsdl/merge.ts";
import { SourceError } from "../wsdl/source.ts";
import { specToYaml } from "../wsdl/write-yaml.ts";
import type { CommandOutput } from "./verify.ts";

export interface ImportArgs extends ImportOptions {
  readonly sources: readonly string[];
  /** Write a new spec here (default: stdout). */
  readonly out?: string;
  /** Merge into this spec file. */
  readonly merge?: string;
  /** With merge: apply differences too (not only additions). */
  readonly write?: boolean;
}

/** The spec schema shipped with the tool (found from its sources or its compiled copy). */
const schemaFile = (): string => join(packageRoot(), "spec", "service.schema.json");

function writeAtomic(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

export async function runImport(args: ImportArgs): Promise<CommandOutput> {
  let err = "";
  try {
    const started = performance.now();
    const result = await importWsdl(args.sources, args);
    const ms = Math.round(performance.now() - started);
    if (result.issues.length > 0)
      err += `Not mapped (${result.issues.length}), the rest was imported:\n${result.issues.map((i) => `  ${formatImportIssue(i)}`).join("\n")}\n`;
    const ops = result.spec.endpoints.reduce((n, e) => n + e.operations.length, 0);
    const summary = `${result.sources.length} WSDL document${result.sources.length === 1 ? "" : "s"}: ${result.spec.endpoints.length} endpoints, ${ops} operations, ${Object.keys(result.spec.records ?? {}).length} records, ${Object.keys(result.spec.enums ?? {}).length} enums (${ms} ms)`;

    if (args.merge !== undefined) {
      const text = readFileSync(args.merge, "utf8");
      const { document } = readSpecDocument(text, args.merge);
      const merged = mergeSpec(text, document, result.spec, result.sources, args.write ?? false);
      readSpecDocument(merged.text, `${args.merge} (merged)`); // never write a spec that does not validate
      if (merged.text !== text) writeAtomic(args.merge, merged.text);
      const lines = [
        `Merged ${summary} into ${args.merge}:`,
        ...(merged.added.length > 0 ? merged.added.map((a) => `  added ${a}`) : ["  nothing to add"]),
        ...merged.differences.map((d) => `  ${merged.applied && d.kind === "differs" ? "updated" : "differs"}: ${d.text}`),
      ];
      if (merged.differences.some((d) => d.kind === "differs") && !merged.applied) lines.push("Run again with --write to apply the differences (hand-written descriptions are kept).");
      if (merged.text === text) lines.push(`${args.merge} unchanged.`);
      return { code: 0, stdout: `${lines.join("\n")}\n`, stderr: err };
    }

    const schemaRef = args.out === undefined ? undefined : relative(dirname(resolve(args.out)), schemaFile()).split("\\").join("/");
    const yaml = specToYaml(result.spec, { sources: result.sources, ...(schemaRef ? { schemaRef } : {}) });
    readSpecDocument(yaml, args.out ?? "(output)"); // the schema must accept what we write
    if (args.out === undefined) return { code: 0, stdout: yaml, stderr: `${err}Imported ${summary}.\n` };
    writeAtomic(args.out, yaml);
    return { code: 0, stdout: `Wrote ${args.out}: ${summary}.\n`, stderr: err };
  } catch (e) {
    if (e instanceof WsdlError || e instanceof SourceError || e instanceof SpecError) return { code: 2, stdout: "", stderr: `${err}${e.message}\nNothing was written.\n` };
    throw e;
  }
}

export function registerImport(y: Argv): Argv {
  return y.command(
    "import <wsdl..>",
    "Write a spec from ASMX WSDL documents, or merge them into a spec",
    (c) =>
      c
        .positional("wsdl", { type: "string", array: true, demandOption: true, describe: "WSDL files or URLs (…/File.asmx?WSDL)" })
        .option("out", { alias: "o", type: "string", describe: "Spec file to write (default: stdout)" })
        .option("merge", { type: "string", describe: "Existing spec to add missing operations, records, enums and fields to" })
        .option("write", { type: "boolean", default: false, describe: "With --merge: also apply differences (keeps descriptions)" })
        .option("name", { type: "string", describe: "service.name (default: the first wsdl:service name)" })
        .option("package", { type: "string", describe: "service.package.name" })
        .option("credentials", { type: "boolean", default: true, describe: "Mark string parameters named username/password as credentials" })
        .option("timeout", { type: "number", default: 30_000, describe: "Timeout for each URL, in ms" })
        .conflicts("out", "merge")
        .example("$0 import http://host/post/Send.asmx?WSDL http://host/post/Users.asmx?WSDL -o spec/other.yaml", "A spec for a new service")
        .example("$0 import http://host/post/Send.asmx?WSDL --merge spec/service.yaml", "Add what the spec lacks, keep what it has"),
    async (argv) => {
      const r = await runImport({
        sources: argv.wsdl as string[],
        ...(argv.out !== undefined ? { out: argv.out } : {}),
        ...(argv.merge !== undefined ? { merge: argv.merge } : {}),
        write: argv.write,
        ...(argv.name !== undefined ? { serviceName: argv.name } : {}),
        ...(argv.package !== undefined ? { packageName: argv.package } : {}),
        credentials: argv.credentials,
        timeoutMs: argv.timeout,
      });
      process.stdout.write(r.stdout);
      process.stderr.write(r.stderr);
      process.exitCode = r.code;
    },
  );
}
