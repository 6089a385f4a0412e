/**
 * Helpers of the test-kit suites: the value a handler returns for what the fixture server logged
 * as returned, and XML infoset comparison (saxes, an independent namespace-aware parser).
 */
import { SaxesParser, type SaxesTagNS } from "saxes";
import { XsdDateTime, createClient, type OperationDescriptor, type ValueType } from "../../generated/src/index.ts";
import type { MockHandlers } from "../../generated/src/testing/index.ts";
import { dotnetDouble } from "../interop/cases.ts";
import type { Canonical, LogDate } from "../interop/log.ts";

function fromCanonicalValue(t: ValueType, v: Canonical): unknown {
  if (v === null) return null;
  if (t.kind !== "scalar") {
    if (t.kind === "enum") return v;
    const rec = v as Record<string, Canonical>;
    const out = t.create();
    for (const f of t.fields) out[f.prop] = fromCanonicalValue(f.type, rec[f.wire] ?? null);
    return out;
  }
  switch (t.name) {
    case "long":
      return BigInt(v as string);
    case "double":
      return dotnetDouble(v as string);
    case "dateTime":
      return XsdDateTime.parse((v as LogDate).value);
    case "base64Binary":
      return new Uint8Array(Buffer.from(v as string, "base64"));
    default:
      return v;
  }
}

/** The fixture's logged `returned` as the typed value a mock handler returns. */
export function fromCanonical(op: OperationDescriptor, returned: Canonical): unknown {
  if (returned === null) return null;
  if (op.result.kind === "list") return (returned as Canonical[]).map((x) => fromCanonicalValue(op.result.type, x));
  return fromCanonicalValue(op.result.type, returned);
}

/** An element of an XML infoset: expanded name, attributes that are not namespace declarations, children. */
export interface InfosetElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: ReadonlyArray<InfosetElement | string>;
}

/**
 * The infoset of a document: elements by `{namespace}local`, attributes by expanded name
 * (namespace declarations and prefixes left out), text of leaf elements exactly, whitespace-only
 * text between elements left out (indentation). `text` rewrites each text node (e.g. to drop
 * stack traces from fault texts).
 */
export function infoset(xml: string, text: (s: string) => string = (s) => s): InfosetElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Array<{ name: string; attributes: Record<string, string>; children: Array<InfosetElement | string> }> = [];
  let root: InfosetElement | undefined;
  parser.on("opentag", (tag: SaxesTagNS) => {
    const attributes: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) {
      if (a.prefix === "xmlns" || a.name === "xmlns") continue;
      attributes[`{${a.uri}}${a.local}`] = a.value;
    }
    stack.push({ name: `{${tag.uri}}${tag.local}`, attributes, children: [] });
  });
  parser.on("text", (t) => {
    const top = stack[stack.length - 1];
    if (top !== undefined) top.children.push(t);
  });
  parser.on("closetag", () => {
    const el = stack.pop()!;
    const hasElements = el.children.some((c) => typeof c !== "string");
    const joined: Array<InfosetElement | string> = [];
    for (const c of el.children) {
      if (typeof c === "string") {
        if (hasElements && c.trim() === "") continue;
        const last = joined[joined.length - 1];
        if (typeof last === "string") joined[joined.length - 1] = last + c;
        else joined.push(c);
      } else joined.push(c);
    }
    const done: InfosetElement = { name: el.name, attributes: el.attributes, children: joined.map((c) => (typeof c === "string" ? text(c) : c)) };
    const parent = stack[stack.length - 1];
    if (parent === undefined) root = done;
    else parent.children.push(done);
  });
  parser.write(xml).close();
  if (root === undefined) throw new Error("no root element");
  return root;
}

/** An exception text without its stack trace (the lines `  at …` and `--- End of inner exception stack trace ---`), trimmed. */
export function withoutStackTrace(text: string): string {
  return text
    .split("\n")
    .filter((l) => !/^\s+at /.test(l) && !/^\s*--- End of inner exception stack trace ---\s*$/.test(l) && !/^\s*$/.test(l))
    .map((l) => l.trimEnd())
    .join("\n");
}

/** Endpoint group (client property) of each operation function, read from the client's shape. */
export const GROUP_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(createClient({ baseUrl: "http://x.test" }))
    .filter(([group]) => group !== "config")
    .flatMap(([group, ops]) => Object.keys(ops as object).map((fn) => [fn, group] as const)),
);

/** A handler map with one untyped handler (for suites that loop over every operation). */
export function handlersFor(fn: string, answer: (params: never, ctx: never) => unknown): MockHandlers {
  const group = GROUP_OF.get(fn);
  if (group === undefined) throw new Error(`no endpoint group for ${fn}`);
  return { [group]: { [fn]: answer } } as unknown as MockHandlers;
}
