/** Helpers for golden-file tests: a stable text form of a request, and the list of golden files. */
import { existsSync, readdirSync } from "node:fs";
import type { WireRequest } from "../../templates/runtime/encode.ts";

/** `METHOD path`, the headers in name order, a blank line, the body: exactly what goes on the wire. */
export function formatWireRequest(req: WireRequest): string {
  const headers = Object.entries(req.headers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}: ${v}`);
  return [`${req.method} ${req.path}`, ...headers, "", req.body ?? ""].join("\n") + "\n";
}

/** Names of the files in a golden folder, sorted. */
export function listGoldenFiles(dir: URL): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((f) => !f.startsWith(".")).sort() : [];
}
