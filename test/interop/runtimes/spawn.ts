/**
 * Runs a child process with a time bound: collects stdout and stderr, kills it (SIGKILL, by PID) when the
 * bound passes, and keeps track of the children still running so that `killRunning()` can end them all
 * when the suite stops.
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** wall time from spawn to exit */
  readonly ms: number;
  /** true when the bound passed and the child was killed */
  readonly timedOut: boolean;
}

export interface RunOptions {
  readonly timeoutMs: number;
  readonly env: NodeJS.ProcessEnv;
  readonly cwd?: string;
}

const running = new Set<ChildProcess>();

export function runBounded(cmd: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: options.env, cwd: options.cwd, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.setEncoding("utf8").on("data", (s: string) => (stdout += s));
    child.stderr.setEncoding("utf8").on("data", (s: string) => (stderr += s));
    const timer = setTimeout(() => {
      timedOut = true;
      kill(child);
    }, options.timeoutMs);
    child.on("error", (err) => {
      clearTimeout(timer);
      running.delete(child);
      reject(err);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started, timedOut });
    });
  });
}

function kill(child: ChildProcess): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Kills every child started by runBounded that is still running; returns how many there were. */
export function killRunning(): number {
  const n = running.size;
  for (const c of running) kill(c);
  return n;
}
