#!/usr/bin/env node
/**
 * Command line: `generate` writes generated/ from the spec; `generate --check` writes nothing
 * and exits 1 when generated/ is out of date, listing stale, missing and extra files.
 */
import { relative, resolve } from "node:path";
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { registerImport } from "./commands/import.ts";
import { registerVerify } from "./commands/verify.ts";
import { CompileError } from "./compile.ts";
import { generateFromSpec } from "./generate.ts";
import { SpecError } from "./spec/errors.ts";
import { checkOutput, writeOutput } from "./write.ts";

interface Args {
  spec: string;
  out: string;
  check: boolean;
  namespace: string | undefined;
}

async function run(args: Args): Promise<number> {
  const started = performance.now();
  const specPath = resolve(args.spec);
  const outDir = resolve(args.out);
  const display = relative(process.cwd(), specPath).split("\\").join("/") || specPath;
  let files: Map<string, string>;
  try {
    files = await generateFromSpec(specPath, display, { namespace: args.namespace });
  } catch (err) {
    if (err instanceof SpecError || err instanceof CompileError) {
      process.stderr.write(`${err.message}\nNothing was written.\n`);
      return 1;
    }
    throw err;
  }
  const ms = Math.round(performance.now() - started);
  if (args.check) {
    const r = checkOutput(outDir, files);
    const problems = [...r.stale.map((p) => `stale    ${p}`), ...r.missing.map((p) => `missing  ${p}`), ...r.extra.map((p) => `extra    ${p}`)];
    if (problems.length > 0) {
      process.stderr.write(`${args.out} is out of date with ${display} (${problems.length} file${problems.length === 1 ? "" : "s"}):\n${problems.map((p) => `  ${p}`).join("\n")}\nRun \`npm run generate\` and commit the result.\n`);
      return 1;
    }
    process.stdout.write(`${args.out} is up to date with ${display} (${files.size} files, ${ms} ms).\n`);
    return 0;
  }
  const r = writeOutput(outDir, files);
  const changed = r.stale.length + r.missing.length + r.extra.length;
  process.stdout.write(
    changed === 0
      ? `${args.out} already up to date (${files.size} files, ${ms} ms).\n`
      : `Wrote ${args.out}: ${r.missing.length} added, ${r.stale.length} updated, ${r.extra.length} removed, ${r.unchanged} unchanged (${ms} ms).\n`,
  );
  return 0;
}

const cli = yargs(hideBin(process.argv)).scriptName("asmx-gen");
registerImport(cli);
registerVerify(cli);
await cli
  .command(
    ["generate", "$0"],
    "Generate the typed client package from the spec",
    (y) =>
      y
        .option("spec", { type: "string", default: "spec/service.yaml", describe: "Spec file (YAML)" })
        .option("out", { type: "string", default: "generated", describe: "Output folder (replaced as a whole, atomically)" })
        .option("check", { type: "boolean", default: false, describe: "Write nothing; exit 1 if the output folder is out of date" })
        .option("namespace", { type: "string", describe: "Override the service namespace of the spec" })
        .example("$0 generate", "Regenerate generated/ from spec/service.yaml")
        .example("$0 generate --check", "CI: fail when generated/ is stale, listing stale, missing and extra files")
        .example("$0 generate --spec my.yaml --out /tmp/client", "Generate elsewhere"),
    async (argv) => {
      process.exitCode = await run({ spec: argv.spec, out: argv.out, check: argv.check, namespace: argv.namespace });
    },
  )
  .strict()
  .help()
  .parseAsync();
