/**
 * Vitest global setup of the "interop" project: one Mono ASMX fixture server for the run.
 * Provides asmxBaseUrl (e.g. http://127.0.0.1:41234, endpoint files under /post/),
 * asmxLogPath (JSON-lines side-channel log, see log.ts) and monoMissing.
 * Without Mono: fails under CI=true, else skips (tests use describe.skipIf(inject("monoMissing"))).
 */
import type { TestProject } from "vitest/node";
import { monoAvailable, startMonoServer } from "./mono-server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    asmxBaseUrl: string;
    asmxLogPath: string;
    monoMissing: boolean;
    /** Which client the matrix suite runs on: the committed package, or one generated from the imported spec. */
    clientUnderTest: "committed" | "imported";
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  project.provide("clientUnderTest", "committed");
  if (!monoAvailable()) {
    if (process.env.CI === "true") {
      throw new Error("interop suite: Mono not found (install Debian package mono-devel); CI=true, so this is a failure");
    }
    console.log("interop suite skipped: Mono not found (install Debian package mono-devel)");
    project.provide("monoMissing", true);
    project.provide("asmxBaseUrl", "");
    project.provide("asmxLogPath", "");
    return async () => {};
  }
  const server = await startMonoServer();
  project.provide("monoMissing", false);
  project.provide("asmxBaseUrl", server.baseUrl);
  project.provide("asmxLogPath", server.logPath);
  return async () => {
    await server.stop();
  };
}
