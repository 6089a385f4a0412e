import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    // The JSON report lets .ci/run print a plain "N passed, N failed" line.
    reporters: ["default", "json"],
    outputFile: { json: "test/.out/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts", "generated/test/**/*.test.ts"],
          exclude: ["test/interop/**", "**/node_modules/**", "**/.build/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "interop",
          include: ["test/interop/**/*.test.ts"],
          globalSetup: ["test/interop/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
