#!/usr/bin/env node
/**
 * The `asmx-ts` command. `generate` (the default) writes each configured service's package;
 * `--check` writes nothing and exits 1 when a package is out of date; `--watch` regenerates on
 * every change. `init` writes a starter config and spec.
 */
import { resolve } from "node:path";
import yargs from "yargs";
import { hideBin } from "yargs/helpers";
import { registerImport } from "./commands/import.ts";
import { registerVerify } from "./commands/verify.ts";
import { CompileError } from "./compile-error.ts";
import { findConfig, loadConfig, type ServiceTarget } from "./config.ts";
import { initProject } from "./init.ts";
import { SpecError } from "./spec/errors.ts";
import { display } from "./paths.ts";

interface GenerateArgs {
  spec: string | undefined;
  out: string | undefined;
  config: string | undefined;
  service: string | undefined;
  check: boolean;
  watch: boolean;
  namespace: string | undefined;
  cache: boolean;
}

/** The services to run: from --spec/--out, else from the config file (named or found). */
export function resolveTargets(args: GenerateArgs, cwd: string = process.cwd()): ServiceTarget[] {
  const override = (t: ServiceTarget): ServiceTarget => ({
    ...t,
    ...(args.out !== undefined ? { out: resolve(cwd, args.out) } : {}),
    ...(args.namespace !== undefined ? { namespace: args.namespace } : {}),
  });
  if (args.spec !== undefined) {
    const spec = resolve(cwd, args.spec);
    const configPath = args.config !== undefined ? resolve(cwd, args.config) : null;
    const fromConfig = configPath === null ? [] : loadConfig(configPath, display(configPath, cwd)).filter((t) => t.spec === spec);
    const base: ServiceTarget = fromConfig[0] ?? { name: "service", spec, out: resolve(cwd, "generated"), shipSource: true };
    return [override(base)];
  }
  const configPath = args.config !== undefined ? resolve(cwd, args.config) : findConfig(cwd);
  if (configPath === null) throw new UsageError("no asmx-ts.config.json (or .yaml) here or above, and no --spec: run `asmx-ts init`, or pass --spec and --out");
  let targets = loadConfig(configPath, display(configPath, cwd));
  if (args.service !== undefined) {
    targets = targets.filter((t) => t.name === args.service);
    if (targets.length === 0) throw new UsageError(`no service named "${args.service}" in ${display(configPath, cwd)}`);
  }
  return targets.map(override);
}

class UsageError extends Error {}

async function generateCommand(args: GenerateArgs): Promise<number> {
  let targets: ServiceTarget[];
  try {
    targets = resolveTargets(args);
  } catch (err) {
    if (err instanceof UsageError || err instanceof SpecError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    throw err;
  }
  if (args.watch && args.check) {
    process.stderr.write("--check and --watch cannot be combined\n");
    return 1;
  }
  // The generate machinery (and, on a cache miss, TypeScript and prettier) loads only when needed:
  // `--help`, `init`, `import` and `verify` start without it.
  if (args.watch) return (await import("./watch.ts")).watchTargets(targets);
  const { describeResult, runTarget } = await import("./target.ts");
  let status = 0;
  for (const target of targets) {
    try {
      const r = await runTarget(target, { check: args.check, cache: args.cache });
      const text = describeResult(r, args.check);
      const stale = r.report.stale.length + r.report.missing.length + r.report.extra.length > 0;
      if (args.check && stale) {
        process.stderr.write(`${text}\n`);
        status = 1;
      } else process.stdout.write(`${text}\n`);
    } catch (err) {
      if (err instanceof SpecError || err instanceof CompileError) {
        process.stderr.write(`${err.message}\nNothing was written.\n`);
        status = 1;
      } else throw err;
    }
  }
  return status;
}

const cli = yargs(hideBin(process.argv))
  .scriptName("asmx-ts")
  .usage("$0 <command> [options]\n\nTyped TypeScript clients for ASMX web services (SOAP 1.1, SOAP 1.2, HTTP GET, HTTP POST), generated at build time.")
  .command(
    ["generate", "$0"],
    "Generate the typed client package of each configured service (or of --spec)",
    (y) =>
      y
        .option("spec", { type: "string", describe: "Spec file (YAML); without it, the services of the config file" })
        .option("out", { type: "string", describe: "Output folder (replaced as a whole, atomically); default: the config's, else ./generated" })
        .option("config", { type: "string", describe: "Config file (default: asmx-ts.config.json/.yaml here or in a folder above)" })
        .option("service", { type: "string", describe: "Only the config's service of this name" })
        .option("check", { type: "boolean", default: false, describe: "Write nothing; exit 1 if an output folder is out of date (for CI)" })
        .option("watch", { type: "boolean", default: false, describe: "Regenerate whenever a spec (or a template) changes; Ctrl-C to stop" })
        .option("namespace", { type: "string", describe: "Override the service namespace of the spec" })
        .option("cache", { type: "boolean", default: true, describe: "Reuse results of unchanged steps (node_modules/.cache/asmx-ts); --no-cache to recompute everything" })
        .example("$0 generate", "Generate every service listed in asmx-ts.config.json")
        .example("$0 generate --check", "CI: fail when a generated package is stale, listing stale, missing and extra files")
        .example("$0 generate --watch", "Regenerate on every spec change, keeping the last good output when the spec is broken")
        .example("$0 generate --spec spec/other.yaml --out clients/other", "Generate one spec without a config file"),
    async (argv) => {
      process.exitCode = await generateCommand({
        spec: argv.spec,
        out: argv.out,
        config: argv.config,
        service: argv.service,
        check: argv.check,
        watch: argv.watch,
        namespace: argv.namespace,
        cache: argv.cache,
      });
    },
  )
  .command(
    "init",
    "Write a starter asmx-ts.config.json and spec/service.yaml in the current folder",
    (y) => y.option("force", { type: "boolean", default: false, describe: "Overwrite existing files" }).example("$0 init && $0 generate", "Start a new client package"),
    (argv) => {
      process.exitCode = initProject(process.cwd(), { force: argv.force });
    },
  )
  .demandCommand(0);
registerImport(cli);
registerVerify(cli);
cli
  .strict()
  .help()
  .version(false);

await cli.parseAsync();
