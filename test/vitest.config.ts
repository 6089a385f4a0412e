import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts", "generated/test/**/*.test.ts"],
          exclude: ["test/interop/**", "**/node_modules/**"],
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
