/** Children run with a time bound: output and exit code collected; past the bound, killed by PID. */
import { describe, expect, it } from "vitest";
import { killRunning, runBounded } from "./spawn.ts";

const env = { PATH: process.env["PATH"] ?? "/usr/bin:/bin" };

describe("runBounded", () => {
  it("collects stdout, stderr and the exit code", async () => {
    const r = await runBounded(process.execPath, ["-e", "console.log('out'); console.error('err'); process.exitCode = 3"], { timeoutMs: 20_000, env });
    expect(r).toMatchObject({ code: 3, signal: null, stdout: "out\n", stderr: "err\n", timedOut: false });
  });

  it("kills a child that outlives its bound", async () => {
    const r = await runBounded(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { timeoutMs: 300, env });
    expect(r.timedOut).toBe(true);
    expect(r.signal).toBe("SIGKILL");
    expect(r.ms).toBeLessThan(10_000);
  });

  it("killRunning ends children still running", async () => {
    const pending = runBounded(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { timeoutMs: 60_000, env });
    await new Promise((r) => setTimeout(r, 200));
    expect(killRunning()).toBe(1);
    const r = await pending;
    expect(r.signal).toBe("SIGKILL");
    expect(r.timedOut).toBe(false);
    expect(killRunning()).toBe(0);
  });

  it("rejects when the program does not exist", async () => {
    await expect(runBounded("/nonexistent/runtime", [], { timeoutMs: 1000, env })).rejects.toThrow(/ENOENT/);
  });
});
