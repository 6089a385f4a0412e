/**
 * `generate --watch`: regenerates a service whenever its spec (or, when the generator runs from
 * its own repository, a template) changes; debounced; prints what changed and how long it took.
 * A broken spec prints its errors and leaves the last good output in place. Ctrl-C (SIGINT) or
 * SIGTERM closes the watchers and exits with status 0.
 */
import { watch, type FSWatcher } from "node:fs";
import { dirname, basename, join } from "node:path";
import { loadAssets, templatesDir } from "./assets.ts";
import { CompileError } from "./compile-error.ts";
import type { ServiceTarget } from "./config.ts";
import { SpecError } from "./spec/errors.ts";
import { display } from "./paths.ts";
import { describeResult, runTarget } from "./target.ts";

const DEBOUNCE_MS = 80;

export async function watchTargets(targets: readonly ServiceTarget[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  const now = (): string => new Date().toISOString().slice(11, 19);
  const run = async (target: ServiceTarget, why: string): Promise<void> => {
    try {
      const r = await runTarget(target, { check: false }, loadAssets());
      out.write(`[${now()}] ${why}: ${describeResult(r, false)}\n`);
    } catch (e) {
      if (e instanceof SpecError || e instanceof CompileError) err.write(`[${now()}] ${why}: ${e.message}\nKept the last good output in ${display(target.out)}.\n`);
      else err.write(`[${now()}] ${why}: ${(e as Error).stack ?? String(e)}\n`);
    }
  };
  for (const t of targets) await run(t, "start");

  const timers = new Map<ServiceTarget, ReturnType<typeof setTimeout>>();
  const queue = new Map<ServiceTarget, Promise<void>>();
  const schedule = (t: ServiceTarget, what: string): void => {
    clearTimeout(timers.get(t));
    timers.set(
      t,
      setTimeout(() => {
        const previous = queue.get(t) ?? Promise.resolve();
        queue.set(t, previous.then(() => run(t, `${what} changed`)));
      }, DEBOUNCE_MS),
    );
  };
  const watchers: FSWatcher[] = [];
  // Watch folders, not files: editors replace files on save, which ends a file watch.
  for (const t of targets) {
    const file = basename(t.spec);
    watchers.push(watch(dirname(t.spec), (_event, name) => {
      if (name === file) schedule(t, display(t.spec));
    }));
  }
  const templates = templatesDir();
  if (!templates.includes(`${join("node_modules", "")}`)) {
    watchers.push(watch(templates, { recursive: true }, (_event, name) => {
      if (name !== null) for (const t of targets) schedule(t, `templates/${String(name)}`);
    }));
  }
  out.write(`Watching ${targets.map((t) => display(t.spec)).join(", ")} — Ctrl-C to stop.\n`);
  return new Promise<number>((resolveExit) => {
    const stop = (): void => {
      for (const w of watchers) w.close();
      for (const timer of timers.values()) clearTimeout(timer);
      void Promise.all(queue.values()).then(() => {
        out.write("Stopped watching.\n");
        resolveExit(0);
      });
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}
