/**
 * THE ONLY MODULE OF THE BENCHMARK THAT TOUCHES THE GENERATED PACKAGE.
 *
 * If the generated API's names differ, fix them here and nowhere else:
 *  - decodeOurs / callOurs / countItems / firstMsgId are used by run.ts (in-process, via tsx);
 *  - this file is also bundled by esbuild into test/bench/.out/build/ours-adapter.mjs and
 *    loaded by the plain-node child processes (children/cold-ours.mjs, children/mem.mjs);
 *  - oneOpEntrySource / allOpsEntrySource are the two apps bundled for the size figures.
 *
 * Keep this file free of other heavy imports: its bundle is what the cold-start child imports.
 */
import { createClient, decodeResponse, GetMessagesAfterIDOperation } from "../../generated/src/index.ts";
import { createNodeFetch } from "../../generated/src/node/index.ts";

export type Binding = "soap11" | "soap12" | "httpGet";

export const CREDENTIALS = { username: "bench", password: "secret" } as const;

/** Synchronous decode of one full response body (bytes as received) into MessagesBL[]. */
export function decodeOurs(binding: Binding, bytes: Uint8Array): unknown {
  return decodeResponse(GetMessagesAfterIDOperation, binding, bytes);
}

const clients = new Map<string, ReturnType<typeof createClient>>();

/** One full call (request encode, HTTP round trip, decode). The client is created once per baseUrl+binding. */
export async function callOurs(baseUrl: string, binding: Binding, count: number): Promise<unknown> {
  const key = `${baseUrl}|${binding}`;
  let client = clients.get(key);
  if (!client) {
    client = createClient({ baseUrl, credentials: CREDENTIALS, binding });
    clients.set(key, client);
  }
  return client.receive.GetMessagesAfterID({ location: 1, from: "", count, msgId: 0n });
}

const nodeClients = new Map<string, ReturnType<typeof createClient>>();

/** The same call through the Node transport (`<package>/node`, node:http with keep-alive). */
export async function callOursNode(baseUrl: string, binding: Binding, count: number): Promise<unknown> {
  const key = `${baseUrl}|${binding}`;
  let client = nodeClients.get(key);
  if (!client) {
    client = createClient({ baseUrl, credentials: CREDENTIALS, binding, fetch: createNodeFetch() });
    nodeClients.set(key, client);
  }
  return client.receive.GetMessagesAfterID({ location: 1, from: "", count, msgId: 0n });
}

function asList(result: unknown): unknown[] | undefined {
  if (Array.isArray(result)) return result;
  if (result && typeof result === "object") {
    // tolerate a wrapper object holding the list in one property
    for (const v of Object.values(result)) if (Array.isArray(v)) return v;
  }
  return undefined;
}

/** Number of MessagesBL items in a decode/call result. */
export function countItems(result: unknown): number {
  return asList(result)?.length ?? -1;
}

/** MsgID of the first item, as text (to show whether 64-bit ids survive). */
export function firstMsgId(result: unknown): string {
  const first = asList(result)?.[0] as { MsgID?: unknown } | undefined;
  return first === undefined ? "(none)" : String(first.MsgID);
}

/**
 * Cold-start child (plain ESM, run by node without any loader) that imports the package from
 * `indexUrl` (e.g. file:///.../generated/dist/index.js), creates a client and makes one call.
 * argv[2] = baseUrl. Prints `RESULT {"boot","importMs","ms","items"}`.
 */
export function coldStartSource(indexUrl: string): string {
  return `const t0 = performance.now();
const m = await import(${JSON.stringify(indexUrl)});
const tImport = performance.now();
const client = m.createClient({ baseUrl: process.argv[2], credentials: { username: "bench", password: "secret" }, binding: "soap11" });
const items = await client.receive.GetMessagesAfterID({ location: 1, from: "", count: 1, msgId: 0n });
const t1 = performance.now();
process.stdout.write("RESULT " + JSON.stringify({ boot: t0, importMs: tImport - t0, ms: t1 - t0, items: items ? items.length : -1 }) + "\\n");
process.exit(0);
`;
}

/**
 * Cold-start child through the Node transport: imports the package entry and its `/node` entry
 * (both from generated/dist), creates a client with createNodeFetch() and makes one call.
 */
export function coldStartNodeSource(indexUrl: string, nodeUrl: string): string {
  return `const t0 = performance.now();
const m = await import(${JSON.stringify(indexUrl)});
const n = await import(${JSON.stringify(nodeUrl)});
const tImport = performance.now();
const client = m.createClient({ baseUrl: process.argv[2], credentials: { username: "bench", password: "secret" }, binding: "soap11", fetch: n.createNodeFetch() });
const items = await client.receive.GetMessagesAfterID({ location: 1, from: "", count: 1, msgId: 0n });
const t1 = performance.now();
process.stdout.write("RESULT " + JSON.stringify({ boot: t0, importMs: tImport - t0, ms: t1 - t0, items: items ? items.length : -1 }) + "\\n");
process.exit(0);
`;
}

/** App that calls one operation through the standalone function (tree-shakable path). */
export function oneOpEntrySource(indexSpecifier: string): string {
  return `import { createConfig, GetMessagesAfterID } from ${JSON.stringify(indexSpecifier)};
const config = createConfig({ baseUrl: "https://sms.example.com", credentials: { username: "u", password: "p" }, binding: "soap11" });
GetMessagesAfterID(config, { location: 1, from: "", count: 10, msgId: 0n }).then((items) => console.log(items.length));
`;
}

/** App that uses the all-operations client. */
export function allOpsEntrySource(indexSpecifier: string): string {
  return `import { createClient } from ${JSON.stringify(indexSpecifier)};
const client = createClient({ baseUrl: "https://sms.example.com", credentials: { username: "u", password: "p" }, binding: "soap11" });
client.receive.GetMessagesAfterID({ location: 1, from: "", count: 10, msgId: 0n }).then((items) => console.log(items.length));
`;
}
