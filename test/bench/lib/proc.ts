/** Child-process helpers: run a command, time it, and track the peak RSS of its whole process tree. */
import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { now } from "./measure.ts";

export interface ChildRun {
  code: number | null;
  signal: string | null;
  /** spawn -> exit, ms */
  wallMs: number;
  stdout: string;
  stderr: string;
  /** max over the tree's processes of VmHWM (per-process peak RSS), bytes; 0 if not tracked */
  peakRss: number;
}

function ppidOf(pid: string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ppid ...; comm may contain spaces/parens, so split after the last ')'
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(rest[1]);
  } catch {
    return -1;
  }
}

function hwmOf(pid: number): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** pid and all its descendants (Linux /proc scan). */
function tree(root: number): number[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return [root];
  }
  const children = new Map<number, number[]>();
  for (const p of pids) {
    const pp = ppidOf(p);
    const list = children.get(pp);
    if (list) list.push(Number(p));
    else children.set(pp, [Number(p)]);
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length) {
    const p = stack.pop() as number;
    out.push(p);
    for (const c of children.get(p) ?? []) stack.push(c);
  }
  return out;
}

export interface RunOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** poll /proc for the tree's peak RSS every `pollMs` (0 = off) */
  pollMs?: number;
  timeoutMs?: number;
}

export function runChild(cmd: string, args: readonly string[], o: RunOptions = {}): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const t0 = now();
    let child: ChildProcess;
    try {
      child = spawn(cmd, args, { cwd: o.cwd, env: o.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      reject(e);
      return;
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on("data", (b: Buffer) => out.push(b));
    child.stderr?.on("data", (b: Buffer) => err.push(b));
    const peaks = new Map<number, number>();
    const poll = () => {
      if (child.pid === undefined) return;
      for (const p of tree(child.pid)) {
        const h = hwmOf(p);
        if (h > (peaks.get(p) ?? 0)) peaks.set(p, h);
      }
    };
    const timer = o.pollMs ? setInterval(poll, o.pollMs) : undefined;
    const killer = o.timeoutMs ? setTimeout(() => child.kill("SIGKILL"), o.timeoutMs) : undefined;
    child.on("error", (e) => {
      if (timer) clearInterval(timer);
      if (killer) clearTimeout(killer);
      reject(e);
    });
    let wallMs = 0;
    child.on("exit", () => {
      wallMs = now() - t0;
      if (timer) clearInterval(timer);
      if (killer) clearTimeout(killer);
    });
    child.on("close", (code, signal) => {
      resolve({
        code,
        signal,
        wallMs: wallMs || now() - t0,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        peakRss: Math.max(0, ...peaks.values()),
      });
    });
  });
}

/** Parse the `RESULT {json}` line a child prints. */
export function resultLine<T>(stdout: string): T | undefined {
  const line = stdout.split("\n").find((l) => l.startsWith("RESULT "));
  return line === undefined ? undefined : (JSON.parse(line.slice(7)) as T);
}
