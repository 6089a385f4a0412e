/**
 * `generate --watch` as a user runs it: a child process watching a copy of a spec. It
 * regenerates on a change, keeps the last good output (and says so) when the spec breaks,
 * recovers when it is fixed, and exits 0 on Ctrl-C (SIGINT).
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const tsx = import.meta.resolve("tsx");
const SPEC = `service:
  name: Watched
  namespace: http://tempuri.org/
  package: { name: watched-client, version: 1.0.0 }
endpoints:
  - name: svc
    path: /Svc.asmx
    operations:
      - name: Ping
        params: [{ name: text, type: string, optional: true }]
        result: { kind: scalar, type: string, soapElement: PingResult, httpRoot: string }
`;

let child: ChildProcessWithoutNullStreams | undefined;
let dir: string | undefined;
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Resolves with the output once `pattern` appears in what the process printed. */
function waitFor(output: { text: string }, pattern: RegExp, ms = 60_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = (): void => {
      if (pattern.test(output.text)) return resolve();
      if (Date.now() - started > ms) return reject(new Error(`timed out waiting for ${pattern}; output so far:\n${output.text}`));
      setTimeout(tick, 50);
    };
    tick();
  });
}

describe("generate --watch", () => {
  it("regenerates on change, keeps the last good output on a broken spec, and exits 0 on SIGINT", async () => {
    dir = mkdtempSync(join(tmpdir(), "asmx-watch-"));
    const spec = join(dir, "svc.yaml");
    const out = join(dir, "out");
    writeFileSync(spec, SPEC);
    child = spawn(process.execPath, ["--import", tsx, join(root, "generator/cli.ts"), "generate", "--watch", "--no-cache", "--spec", spec, "--out", out], { cwd: dir });
    const output = { text: "" };
    child.stdout.on("data", (d: Buffer) => (output.text += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output.text += d.toString()));

    await waitFor(output, /Watching .*svc\.yaml/);
    expect(output.text).toMatch(/start: Wrote out: \d+ added/);
    expect(readFileSync(join(out, "src/endpoints/svc.ts"), "utf8")).toContain("export function Ping(");

    writeFileSync(spec, SPEC.replace("name: Ping", "name: Pong").replace("PingResult", "PongResult"));
    await waitFor(output, /svc\.yaml changed: Wrote out: 0 added, \d+ updated/);
    const good = readFileSync(join(out, "src/endpoints/svc.ts"), "utf8");
    expect(good).toContain("export function Pong(");

    writeFileSync(spec, SPEC.replace("type: string, optional", "type: strin, optional"));
    await waitFor(output, /Kept the last good output/);
    expect(output.text).toMatch(/svc\.yaml:10:\d+ \/endpoints\/0\/operations\/0\/params\/0\/type: unknown type "strin"/);
    expect(readFileSync(join(out, "src/endpoints/svc.ts"), "utf8")).toBe(good);

    writeFileSync(spec, SPEC);
    await waitFor(output, /svc\.yaml changed: Wrote out: .*\n(?![\s\S]*Kept)/);
    expect(readFileSync(join(out, "src/endpoints/svc.ts"), "utf8")).toContain("export function Ping(");

    const exit = new Promise<number | null>((resolve) => child!.on("exit", (code) => resolve(code)));
    child.kill("SIGINT");
    expect(await exit).toBe(0);
    expect(output.text).toContain("Stopped watching.");
  }, 180_000);
});
