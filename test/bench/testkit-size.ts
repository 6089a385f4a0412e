/**
 * Bundle sizes around the test kit (esbuild --bundle --minify --format=esm --platform=neutral,
 * gzip -9), used by `npm run bench` (section 6) and by test/testing/bundle.test.ts:
 *  - the one-operation app bundle of the main entry, from the package as generated (test kit
 *    present) and from a copy of it without `src/testing/` (test kit absent): equal sizes and
 *    equal bytes prove the test kit never enters an application bundle;
 *  - a test file using the kit (`createMockService` + `mock.fetch`), for its own cost;
 *  - whether that bundle pulls in msw or node:http (it must not: both are loaded only by
 *    `./testing/msw` and by `mock.listen()`).
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const GENERATED_SRC = fileURLToPath(new URL("../../generated/src/", import.meta.url));

export interface BundleFigure {
  readonly min: number;
  readonly gz: number;
  readonly code: string;
}

async function bundle(contents: string, resolveDir: string): Promise<BundleFigure> {
  const r = await build({
    stdin: { contents, resolveDir, sourcefile: "app.ts", loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    logLevel: "silent",
    legalComments: "none",
    // msw is an optional peer: left external, so that a bundle that reaches it shows the import.
    external: ["msw", "msw/*"],
  });
  const bytes = r.outputFiles[0]?.contents ?? new Uint8Array();
  return { min: bytes.length, gz: gzipSync(bytes, { level: 9 }).length, code: new TextDecoder().decode(bytes) };
}

const ONE_OPERATION = `import { createConfig, GetMessagesAfterID } from "./index.ts";
const config = createConfig({ baseUrl: "https://sms.example.com", credentials: { username: "u", password: "p" }, binding: "soap11" });
GetMessagesAfterID(config, { location: 1, from: "", count: 10, msgId: 0n }).then((items) => console.log(items?.length));
`;

const TEST_FILE = `import { createClient } from "./index.ts";
import { createMockService } from "./testing/index.ts";
const mock = createMockService({ receive: { GetMessagesAfterID: () => [] } });
const client = createClient({ baseUrl: "https://sms.example.com", fetch: mock.fetch });
client.receive.GetMessagesAfterID({ location: 1, from: "", count: 10, msgId: 0n }).then((items) => console.log(items?.length, mock.calls.length));
`;

export interface TestKitSizes {
  /** One-operation app, package as generated (test kit present). */
  readonly withKit: BundleFigure;
  /** One-operation app, package without src/testing (test kit absent). */
  readonly withoutKit: BundleFigure;
  /** A test file using createMockService and mock.fetch with the client. */
  readonly testFile: BundleFigure;
}

export async function measureTestKitSizes(): Promise<TestKitSizes> {
  // Two copies at paths of the same shape (esbuild's output can depend on module paths).
  const tmp = mkdtempSync(join(os.tmpdir(), "asmx-kit-"));
  try {
    const full = join(tmp, "a", "src");
    const bare = join(tmp, "b", "src");
    cpSync(GENERATED_SRC, full, { recursive: true });
    cpSync(GENERATED_SRC, bare, { recursive: true, filter: (src) => !src.startsWith(join(GENERATED_SRC, "testing")) });
    const withKit = await bundle(ONE_OPERATION, full);
    const withoutKit = await bundle(ONE_OPERATION, bare);
    const testFile = await bundle(TEST_FILE, full);
    return { withKit, withoutKit, testFile };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
