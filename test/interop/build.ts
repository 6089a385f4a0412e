/**
 * Builds the Mono ASMX fixture site into test/interop/.build/site/ (gitignored):
 *   site/web.config, site/post/*.asmx   copied from test/interop/server/site/
 *   site/bin/AsmxFixture.dll            the service classes (mcs)
 *   site/bin/AsmxHost.exe               the HttpListener -> ASP.NET host (mcs)
 * Skips the work when the hash of all sources equals the stamp of the last build.
 *
 * Run alone: npx tsx test/interop/build.ts
 */
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

/** Bump when the build steps below change in a way the source hash cannot see. */
const BUILD_RECIPE = "3";

export const interopDir = dirname(fileURLToPath(import.meta.url));
export const serverDir = join(interopDir, "server");
export const buildDir = join(interopDir, ".build");
export const siteDir = join(buildDir, "site");
export const hostExe = join(siteDir, "bin", "AsmxHost.exe");
const stampFile = join(buildDir, "site.stamp");

/**
 * Alternative spellings of endpoint files, served by the same class. They are created in the
 * build dir only: committing files that differ only in case breaks case-insensitive checkouts.
 */
export const ALIASES: Record<string, string> = {
  "Receive.asmx": "receive.asmx",
  "send.asmx": "Send.asmx",
  "actions.asmx": "Actions.asmx",
  "Contacts.asmx": "contacts.asmx",
};

const SERVICE_SOURCES = ["Fixture.cs", "Records.cs", "Services.cs"];
const HOST_SOURCES = ["Host.cs"];

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...listFiles(p));
    else out.push(p);
  }
  return out;
}

/** Hash of every server source, site file and this build recipe. */
export function sourceHash(): string {
  const h = createHash("sha256");
  h.update(`recipe:${BUILD_RECIPE}\n`);
  for (const file of listFiles(serverDir)) {
    h.update(`${relative(serverDir, file)}\n`);
    h.update(readFileSync(file));
    h.update("\n");
  }
  return h.digest("hex");
}

function mcs(args: string[]): void {
  try {
    execFileSync("mcs", ["-nologo", "-optimize+", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    const err = e as { stdout?: Buffer; stderr?: Buffer; message: string };
    throw new Error(`mcs failed: ${err.message}\n${err.stdout?.toString() ?? ""}${err.stderr?.toString() ?? ""}`);
  }
}

export interface BuildResult {
  siteDir: string;
  hostExe: string;
  /** false when the cached build was reused */
  built: boolean;
}

/** Builds the site unless the cached build matches the sources. Synchronous, ~0.5 s when building. */
export function buildSite(opts: { force?: boolean } = {}): BuildResult {
  const hash = sourceHash();
  const complete = existsSync(hostExe) && existsSync(join(siteDir, "bin", "AsmxFixture.dll")) && existsSync(join(siteDir, "web.config"));
  if (!opts.force && complete && existsSync(stampFile) && readFileSync(stampFile, "utf8").trim() === hash) {
    return { siteDir, hostExe, built: false };
  }
  mkdirSync(buildDir, { recursive: true });
  const tmp = join(buildDir, `site.tmp-${process.pid}-${Date.now()}`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(join(tmp, "bin"), { recursive: true });
  try {
    cpSync(join(serverDir, "site"), tmp, { recursive: true });
    for (const [alias, original] of Object.entries(ALIASES)) {
      copyFileSync(join(tmp, "post", original), join(tmp, "post", alias));
    }
    mcs([
      "-target:library",
      `-out:${join(tmp, "bin", "AsmxFixture.dll")}`,
      "-r:System.Web.dll",
      "-r:System.Web.Services.dll",
      "-r:System.Xml.dll",
      "-r:System.Core.dll",
      ...SERVICE_SOURCES.map((f) => join(serverDir, f)),
    ]);
    mcs([
      "-target:exe",
      `-out:${join(tmp, "bin", "AsmxHost.exe")}`,
      "-r:System.Web.dll",
      "-r:System.Configuration.dll",
      ...HOST_SOURCES.map((f) => join(serverDir, f)),
    ]);
    rmSync(siteDir, { recursive: true, force: true });
    renameSync(tmp, siteDir);
    writeFileSync(stampFile, `${hash}\n`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { siteDir, hostExe, built: true };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = buildSite({ force: process.argv.includes("--force") });
  console.log(`${r.built ? "built" : "up to date"}: ${r.siteDir}`);
}
