/**
 * Captures the WSDL Mono publishes for each endpoint file into test/fixtures/wsdl/<file>.wsdl.
 * Run: npx tsx test/interop/record-wsdl.ts
 * The server's random port in soap:address/http:address is replaced by
 * http://localhost/ so the files do not churn between runs; nothing else is changed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { interopDir } from "./build.ts";
import { startMonoServer } from "./mono-server.ts";

export const ENDPOINT_FILES = ["receive", "Send", "Users", "Actions", "contacts", "newbulks", "Schedule", "Voice", "codes"] as const;

const outDir = join(interopDir, "..", "fixtures", "wsdl");
mkdirSync(outDir, { recursive: true });
const server = await startMonoServer();
try {
  for (const file of ENDPOINT_FILES) {
    const res = await fetch(`${server.baseUrl}/post/${file}.asmx?WSDL`);
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${file}.asmx?WSDL: HTTP ${res.status}\n${text}`);
    const normalised = text.split(`${server.baseUrl}/`).join("http://localhost/");
    writeFileSync(join(outDir, `${file}.wsdl`), normalised);
    console.log(`${file}.wsdl  ${normalised.length} chars`);
  }
} finally {
  await server.stop();
}
