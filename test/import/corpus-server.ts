/**
 * Builds the corpus of C# ASMX services (test/import/corpus/) into test/import/.build/site
 * (cached by a hash of the sources) and serves it with the interop suite's host
 * (test/interop/server/Host.cs, built by test/interop/build.ts) on 127.0.0.1, stopped by PID.
 *
 * Run alone: npx tsx test/import/corpus-server.ts   (serves until Ctrl-C)
 */
import { spawn, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSite } from "../interop/build.ts";
import { freePort } from "../interop/mono-server.ts";

const RECIPE = "1";
export const corpusDir = join(dirname(fileURLToPath(import.meta.url)), "corpus");
const buildDir = join(dirname(fileURLToPath(import.meta.url)), ".build");
const siteDir = join(buildDir, "site");
const stamp = join(buildDir, "site.stamp");

/** The corpus's endpoint files, as served (path under the site root). */
export const CORPUS_ENDPOINTS = ["/svc/Scalars.asmx", "/svc/Shapes.asmx", "/svc/Headers.asmx", "/svc/Structs.asmx", "/soaponly/SoapOnly.asmx"] as const;

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
}

/** Builds the corpus site unless the cached build matches its sources (and the host's). */
export function buildCorpus(): string {
  const host = buildSite().hostExe;
  const h = createHash("sha256").update(`recipe:${RECIPE}\n`).update(readFileSync(host));
  for (const f of files(corpusDir)) h.update(`${relative(corpusDir, f)}\n`).update(readFileSync(f));
  const hash = h.digest("hex");
  if (existsSync(stamp) && readFileSync(stamp, "utf8").trim() === hash && existsSync(join(siteDir, "bin", "Corpus.dll"))) return siteDir;
  const tmp = join(buildDir, `site.tmp-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(join(tmp, "bin"), { recursive: true });
  try {
    cpSync(join(corpusDir, "site"), tmp, { recursive: true });
    execFileSync("mcs", ["-nologo", "-optimize+", "-target:library", `-out:${join(tmp, "bin", "Corpus.dll")}`, "-r:System.Web.dll", "-r:System.Web.Services.dll", "-r:System.Xml.dll", "-r:System.Data.dll", join(corpusDir, "Corpus.cs")], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    copyFileSync(host, join(tmp, "bin", "AsmxHost.exe"));
    rmSync(siteDir, { recursive: true, force: true });
    renameSync(tmp, siteDir);
    writeFileSync(stamp, `${hash}\n`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return siteDir;
}

export interface CorpusServer {
  readonly baseUrl: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Starts the corpus on a free 127.0.0.1 port and waits until every endpoint's WSDL answers. */
export async function startCorpus(timeoutMs = 60_000): Promise<CorpusServer> {
  const site = buildCorpus();
  const port = await freePort();
  const child = spawn("mono", [join(site, "bin", "AsmxHost.exe"), String(port), site], { cwd: site, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, TZ: "UTC" } });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const pid = child.pid;
  if (pid === undefined) throw new Error("could not spawn mono");
  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise((ok) => child.once("exit", ok));
    process.kill(pid, "SIGTERM");
    const t = setTimeout(() => child.exitCode === null && process.kill(pid, "SIGKILL"), 3000);
    await gone;
    clearTimeout(t);
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (const path of CORPUS_ENDPOINTS) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`corpus server exited (code ${child.exitCode}):\n${out}`);
      try {
        const res = await fetch(`${baseUrl}${path}?WSDL`, { signal: AbortSignal.timeout(5000) });
        if (res.status === 200 && (await res.text()).includes("wsdl:definitions")) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`corpus server did not serve ${path} in time:\n${out}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  return { baseUrl, pid, stop };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const s = await startCorpus();
  console.log(`corpus: ${CORPUS_ENDPOINTS.map((p) => s.baseUrl + p).join(" ")}  pid ${s.pid}`);
  const shutdown = (): void => void s.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
