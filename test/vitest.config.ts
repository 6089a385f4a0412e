import { fileURLToPath } from "node:url";
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
      {
        // The 140-cell matrix once more, on a client generated from the spec that `import` reads
        // from the live WSDLs (see test/interop/global-setup-imported.ts): the suite's imports of the
        // committed package resolve to that client instead.
        extends: true,
        resolve: {
          alias: [{ find: /^(\.\.\/)+generated\/src\/index\.ts$/, replacement: fileURLToPath(new URL("interop/.build/imported-client/src/index.ts", import.meta.url)) }],
        },
        test: {
          name: "interop-imported",
          include: ["test/interop/matrix.test.ts"],
          globalSetup: ["test/interop/global-setup-imported.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
