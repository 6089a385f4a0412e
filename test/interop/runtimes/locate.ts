/**
 * Where the runtimes of the runtimes suite are: Node 22, Deno and Bun from the pinned npm packages in
 * install/ (`npm run test:runtimes:install`; .ci/run does it), Chromium from the system (Debian's
 * `chromium`). Each binary is taken from its per-platform package, which npm installs without running
 * any install script (`--ignore-scripts`): the wrapper packages' own bin entries need theirs.
 * Returns undefined when a runtime is not there.
 */
import { existsSync } from "node:fs";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

export const INSTALL_DIR = fileURLToPath(new URL("./install/", import.meta.url));
export const INSTALL_HINT = "run `npm run test:runtimes:install`";
export const CHROMIUM_HINT = "install Debian's package chromium";

const modules = join(INSTALL_DIR, "node_modules");
const existing = (p: string): string | undefined => (existsSync(p) ? p : undefined);

/** Node 22 from the package node-<platform>-<arch> (pinned in install/package.json). */
export function findNode22(platform: string = process.platform, arch: string = process.arch): string | undefined {
  return existing(join(modules, `node-${platform}-${arch}`, "bin", "node"));
}

const DENO_PACKAGES: Readonly<Record<string, string>> = {
  "linux-x64": "@deno/linux-x64-glibc",
  "linux-arm64": "@deno/linux-arm64-glibc",
  "darwin-x64": "@deno/darwin-x64",
  "darwin-arm64": "@deno/darwin-arm64",
};

/** Deno from its per-platform package (@deno/linux-x64-glibc, …). */
export function findDeno(platform: string = process.platform, arch: string = process.arch): string | undefined {
  const pkg = DENO_PACKAGES[`${platform}-${arch}`];
  return pkg === undefined ? undefined : existing(join(modules, pkg, "deno"));
}

/** Bun from its per-platform package (@oven/bun-linux-x64, @oven/bun-darwin-aarch64, …). */
export function findBun(platform: string = process.platform, arch: string = process.arch): string | undefined {
  const cpu = arch === "arm64" ? "aarch64" : arch;
  return existing(join(modules, "@oven", `bun-${platform}-${cpu}`, "bin", "bun"));
}

/** Chromium: /usr/bin/chromium (Debian), else the first `chromium` on PATH. */
export function findChromium(path: string = process.env["PATH"] ?? ""): string | undefined {
  if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  for (const dir of path.split(delimiter)) {
    if (dir !== "" && existsSync(join(dir, "chromium"))) return join(dir, "chromium");
  }
  return undefined;
}
