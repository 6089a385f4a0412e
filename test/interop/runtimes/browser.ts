/**
 * Runs the probe page in headless Chromium (Debian's, driven by playwright-core): builds the page
 * (build.ts), serves it and proxies the ASMX paths from one loopback origin (serve.ts), opens it in a
 * browser with a fresh profile, waits for `window.__probe`, and closes the browser, the page server and
 * the profile in every case. Every request the page made is returned, to show they were all same-origin.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { buildPage } from "./build.ts";
import { startPageServer } from "./serve.ts";

/** Flags for a quiet headless browser that talks to nothing but the page's origin. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
] as const;

export interface BrowserRun {
  /** what the page left in window.__probe (JSON text) */
  readonly output: string;
  readonly origin: string;
  /** URL of every request the page made */
  readonly requests: readonly string[];
  /** console messages and page errors, for diagnosis */
  readonly messages: readonly string[];
  readonly ms: number;
}

export interface BrowserRunOptions {
  readonly executablePath: string;
  /** base URL of the fixture server */
  readonly upstream: string;
  readonly username: string;
  readonly password: string;
  readonly timeoutMs: number;
}

export async function runInChromium(o: BrowserRunOptions): Promise<BrowserRun> {
  const started = performance.now();
  const page = await buildPage();
  const server = await startPageServer(
    {
      "/": { type: "text/html; charset=utf-8", body: page.html },
      "/page.js": { type: "text/javascript; charset=utf-8", body: page.js },
      "/favicon.ico": { type: "image/x-icon", body: "" },
    },
    o.upstream,
  );
  const profile = mkdtempSync(join(tmpdir(), "asmx-ts-chromium-"));
  const requests: string[] = [];
  const messages: string[] = [];
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: o.executablePath,
      headless: true,
      args: [...CHROMIUM_FLAGS],
      // far from the server's +03:30 and from UTC, as for the child processes: decoding must not care
      timezoneId: "America/St_Johns",
      timeout: o.timeoutMs,
    });
    try {
      const tab = context.pages()[0] ?? (await context.newPage());
      tab.on("request", (r) => requests.push(r.url()));
      tab.on("console", (m) => messages.push(`console.${m.type()}: ${m.text()}`));
      tab.on("pageerror", (e) => messages.push(`pageerror: ${e.message}`));
      const q = new URLSearchParams({ u: o.username, p: o.password });
      await tab.goto(`${server.origin}/?${q}`, { timeout: o.timeoutMs });
      await tab.waitForFunction(() => (window as { __probe?: string }).__probe !== undefined, undefined, {
        timeout: o.timeoutMs,
      });
      const output = await tab.evaluate(() => (window as { __probe?: string }).__probe ?? "");
      return { output, origin: server.origin, requests, messages, ms: performance.now() - started };
    } finally {
      await context.close();
    }
  } finally {
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
