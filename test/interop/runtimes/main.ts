/**
 * Entry of the probe in Node, Deno and Bun: imports the generated package's dist entry (a file URL given
 * as the first argument), runs the probe against the fixture server and prints one line of JSON:
 * `{"runtime": "<name> <version>", "results": ProbeResult[]}`.
 *
 * Usage: <runtime> main.mjs <dist entry file URL> <base URL> <username> <password>
 * Built into one .mjs file by build.ts (the probe inlined, the package left to the dynamic import).
 */
import { runProbe, type ApiModule } from "./probe.ts";

interface DenoGlobal {
  readonly args: string[];
  readonly version: { readonly deno: string };
}
interface BunGlobal {
  readonly version: string;
}

const g = globalThis as { Deno?: DenoGlobal; Bun?: BunGlobal };
const args = g.Deno !== undefined ? g.Deno.args : process.argv.slice(2);
const [entry, baseUrl, username, password] = args;
if (entry === undefined || baseUrl === undefined || username === undefined || password === undefined) {
  throw new Error("usage: main.mjs <dist entry URL> <base URL> <username> <password>");
}
const runtime =
  g.Deno !== undefined ? `deno ${g.Deno.version.deno}` : g.Bun !== undefined ? `bun ${g.Bun.version}` : `node ${process.versions.node}`;

const api = (await import(entry)) as ApiModule;
const results = await runProbe(api, { baseUrl, username, password });
console.log(JSON.stringify({ runtime, results }));
