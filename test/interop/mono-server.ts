/**
 * Starts the real ASMX fixture service on Mono (System.Web.Services behind a small
 * HttpListener host, see server/Host.cs), bound to 127.0.0.1 on a free port.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { buildDir, buildSite } from "./build.ts";

export interface StartOptions {
  /** JSON-lines side-channel log; default: a fresh file under test/interop/.build/logs/. */
  logPath?: string;
  /** TZ of the Mono process (decides the offset of DateTimeKind.Local values). Default Asia/Tehran (+03:30). */
  tz?: string;
  /** Give up waiting for the server after this many ms. Default 30000. */
  startTimeoutMs?: number;
  /** Extra environment variables for the Mono process. */
  env?: Record<string, string>;
}

export interface MonoServer {
  /** e.g. http://127.0.0.1:41234 (no trailing slash); endpoint files live under `${baseUrl}/post/`. */
  baseUrl: string;
  pid: number;
  logPath: string;
  /** stdout + stderr of the Mono process so far. */
  output(): string;
  stop(): Promise<void>;
}

function onPath(cmd: string): boolean {
  const r = spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" });
  return r.status === 0;
}

/** True when both `mono` and `mcs` are on PATH (Debian package mono-devel). */
export function monoAvailable(): boolean {
  return onPath("mono") && onPath("mcs");
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      if (addr === null || typeof addr === "string") {
        srv.close();
        reject(new Error("could not read the port"));
        return;
      }
      const port = addr.port;
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const t = setTimeout(() => {
      child.off("exit", onExit);
      resolve(false);
    }, ms);
    const onExit = () => {
      clearTimeout(t);
      resolve(true);
    };
    child.once("exit", onExit);
  });
}

async function startOnce(port: number, logPath: string, opts: StartOptions): Promise<MonoServer> {
  const { siteDir, hostExe } = buildSite();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn("mono", ["--debug", hostExe, String(port), siteDir], {
    cwd: siteDir,
    env: {
      ...process.env,
      TZ: opts.tz ?? "Asia/Tehran",
      ASMX_FIXTURE_LOG: logPath,
      ...opts.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const pid = child.pid;
  if (pid === undefined) throw new Error("could not spawn mono");
  const killOnExit = () => {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      /* already gone */
    }
  };
  process.once("exit", killOnExit);

  const stop = async (): Promise<void> => {
    process.off("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      return;
    }
    if (await waitExit(child, 3000)) return;
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      return;
    }
    await waitExit(child, 5000);
  };

  const deadline = Date.now() + (opts.startTimeoutMs ?? 30_000);
  const probe = `${baseUrl}/post/codes.asmx?WSDL`;
  let lastError = "";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`Mono ASMX server exited early (code ${child.exitCode}, signal ${child.signalCode}).\nOutput:\n${out}`);
    }
    try {
      const res = await fetch(probe, { signal: AbortSignal.timeout(5000) });
      const text = await res.text();
      if (res.status === 200 && text.includes("wsdl:definitions")) {
        return { baseUrl, pid, logPath, output: () => out, stop };
      }
      lastError = `HTTP ${res.status}: ${text.slice(0, 500)}`;
    } catch (e) {
      lastError = (e as Error).message;
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`Mono ASMX server did not answer ${probe} in time (last: ${lastError}).\nOutput:\n${out}`);
}

/** Builds the site if needed, starts Mono on a free 127.0.0.1 port and waits until the WSDL answers. */
export async function startMonoServer(opts: StartOptions = {}): Promise<MonoServer> {
  if (!monoAvailable()) throw new Error("Mono not found: install Debian package mono-devel (needs mono and mcs on PATH)");
  let logPath = opts.logPath;
  if (logPath === undefined) {
    const dir = join(buildDir, "logs");
    mkdirSync(dir, { recursive: true });
    // keep a day of logs for post-mortems, drop older ones
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      try {
        if (Date.now() - statSync(p).mtimeMs > 24 * 3600 * 1000) rmSync(p, { force: true });
      } catch {
        /* raced with another run */
      }
    }
    logPath = join(dir, `asmx-${process.pid}-${Date.now()}.jsonl`);
  }
  writeFileSync(logPath, "", { flag: "a" });
  let lastErr: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    try {
      return await startOnce(port, logPath, opts);
    } catch (e) {
      lastErr = e;
      // Retry only when another process grabbed the port in between.
      if (!/address already in use|EADDRINUSE/i.test((e as Error).message)) throw e;
    }
  }
  throw lastErr;
}

if (process.argv[1]?.endsWith("mono-server.ts")) {
  // npx tsx test/interop/mono-server.ts  -> runs a server until Ctrl-C
  const srv = await startMonoServer();
  console.log(`ASMX fixture: ${srv.baseUrl}/post/  pid ${srv.pid}  log ${srv.logPath}`);
  const shutdown = () => void srv.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
