/**
 * `import --merge`: brings what WSDL documents publish into an existing spec file. The file is
 * edited as text at the places the YAML parser reports (yaml's Document API gives every node's
 * range), never re-printed as a whole, so hand-written descriptions, comments, folded text,
 * quirk notes and ordering stay byte for byte. Added always: endpoints, operations, records,
 * enums and record fields the spec lacks. Differences in what both have are reported, and
 * applied only with `write`, keeping hand-written keys (description, tsName, credential).
 * Operations the WSDL lacks are reported, never removed.
 */
import { isMap, isScalar, isSeq, parseDocument, type Document, type Node, type Pair, type YAMLMap } from "yaml";
import { soapActionFor } from "../../templates/runtime/encode.ts";
import type { SpecDocument, SpecOperation, SpecResult } from "../spec/document.ts";
import { compareSpecs, effectiveBindings, endpointNamespace, hasHttp, fieldText, findEndpoint, namedByWire, paramText, resultText, typeText, type Drift } from "./compare.ts";
import { renderValue, type LayoutKind } from "./write-yaml.ts";

export interface MergeResult {
  readonly text: string;
  /** What was added (one line each). */
  readonly added: readonly string[];
  /** Differences found in what both describe (applied when `write`). */
  readonly differences: readonly Drift[];
  /** Whether differences were applied. */
  readonly applied: boolean;
}

/** Text edits at node ranges, applied together from the end. */
class Edits {
  private readonly edits: { start: number; end: number; text: string }[] = [];
  constructor(private readonly text: string) {}

  column(offset: number): number {
    return offset - (this.text.lastIndexOf("\n", offset - 1) + 1);
  }
  /** End of a node's content (trailing blank lines and newlines excluded). */
  end(node: Node): number {
    let e = node.range?.[1] ?? 0;
    while (e > 0 && /\s/.test(this.text[e - 1]!)) e--;
    return e;
  }
  lineStart(offset: number): number {
    return this.text.lastIndexOf("\n", offset - 1) + 1;
  }
  insert(at: number, text: string): void {
    this.edits.push({ start: at, end: at, text });
  }
  replace(start: number, end: number, text: string): void {
    this.edits.push({ start, end, text });
  }
  get count(): number {
    return this.edits.length;
  }
  apply(): string {
    let out = this.text;
    const sorted = this.edits.map((e, i) => ({ ...e, i })).sort((a, b) => b.start - a.start || b.i - a.i);
    for (const e of sorted) out = out.slice(0, e.start) + e.text + out.slice(e.end);
    return out;
  }
}

const indent = (text: string, n: number): string => text.split("\n").join(`\n${" ".repeat(n)}`);

/** Renames wire type names to the spec's names (UserGridList → UserDetails) in a WSDL-side value. */
function specTypeName(spec: SpecDocument, wsdl: SpecDocument, type: string): string {
  if (wsdl.records?.[type]) return namedByWire(spec.records, wsdl.records[type].wireName ?? type) ?? type;
  if (wsdl.enums?.[type]) return namedByWire(spec.enums, wsdl.enums[type].wireName ?? type) ?? type;
  return type;
}

/** A WSDL-side parameter/field with the spec's type names, keeping hand-written keys of the old one. */
function mergeItem<T extends { name: string; type: string }>(spec: SpecDocument, wsdl: SpecDocument, w: T, old: T | undefined): T {
  const oldRec = (old ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { name: w.name };
  if (oldRec["tsName"] !== undefined) out["tsName"] = oldRec["tsName"];
  for (const [k, v] of Object.entries(w)) if (k !== "name" && k !== "tsName") out[k] = k === "type" ? specTypeName(spec, wsdl, v as string) : v;
  // What the WSDL cannot say, kept from the spec: credential roles, secret fields, descriptions.
  for (const k of ["credential", "secret", "description"]) if (oldRec[k] !== undefined) out[k] = oldRec[k];
  return out as T;
}

function translateResult(spec: SpecDocument, wsdl: SpecDocument, r: SpecResult, old: SpecResult | undefined): SpecResult {
  const out: SpecResult = { ...r };
  if (r.type !== undefined) out.type = specTypeName(spec, wsdl, r.type);
  if (old?.description !== undefined) out.description = old.description;
  return out;
}

function translateOp(spec: SpecDocument, wsdl: SpecDocument, o: SpecOperation): SpecOperation {
  const out: SpecOperation = { ...o, params: o.params.map((p) => mergeItem(spec, wsdl, p, undefined)) };
  if (o.result) out.result = translateResult(spec, wsdl, o.result, undefined);
  if (o.headers) out.headers = o.headers.map((h) => ({ ...h, type: specTypeName(spec, wsdl, h.type) }));
  return out;
}

const keyOf = (p: Pair): string => (isScalar(p.key) ? String(p.key.value) : "");

export function mergeSpec(specText: string, spec: SpecDocument, wsdl: SpecDocument, sources: readonly string[], write: boolean): MergeResult {
  const drift = compareSpecs(spec, wsdl);
  const differences = drift.filter((d) => d.kind !== "missing-in-spec");
  const added: string[] = [];
  let applied = false;
  const doc: Document = parseDocument(specText);
  const root = doc.contents as YAMLMap;
  const ed = new Edits(specText);
  const node = (path: (string | number)[]): Node | undefined => doc.getIn(path, true) as Node | undefined;

  /** Adds `key: value` to a top-level map (enums/records), creating the map before `before` if needed. */
  const addToTopMap = (mapKey: string, before: string, key: string, value: unknown, kind: LayoutKind): void => {
    const map = root.get(mapKey, true);
    const body = `${key}:\n  ${indent(renderValue(value, kind), 2)}`;
    if (isMap(map) && map.items.length > 0) {
      const first = map.items[0]!.key as Node;
      const col = ed.column(first.range![0]);
      const last = map.items[map.items.length - 1]!;
      ed.insert(ed.end((last.value ?? last.key) as Node), `\n${" ".repeat(col)}${indent(body, col)}`);
      return;
    }
    const pair = root.items.find((p) => keyOf(p) === before);
    const at = pair ? ed.lineStart((pair.key as Node).range![0]) : specText.length;
    ed.insert(at, `${mapKey}:\n  ${indent(body, 2)}\n\n`);
  };

  /** Appends an item to a block sequence. */
  const appendItem = (seq: Node | undefined, value: unknown, kind: LayoutKind, comment?: string): void => {
    if (!isSeq(seq) || seq.items.length === 0) return;
    const first = seq.items[0] as Node;
    const col = ed.column(first.range![0]) - 2;
    const last = seq.items[seq.items.length - 1] as Node;
    const pre = comment === undefined ? "" : `\n${" ".repeat(col)}# ${comment}`;
    ed.insert(ed.end(last), `${comment === undefined ? "" : "\n"}${pre}\n${" ".repeat(col)}- ${indent(renderValue(value, kind), col + 2)}`);
  };

  /** Replaces a value node, or adds `key: value` to a map after its first pair, or removes the pair. */
  const setKey = (map: Node | undefined, key: string, value: unknown, kind: LayoutKind | "scalar"): void => {
    if (!isMap(map)) return;
    const pair = map.items.find((p) => keyOf(p) === key);
    const text = value === undefined ? "" : kind === "scalar" ? renderValue(value, "result") : renderValue(value, kind);
    applied = true;
    if (pair && value === undefined) {
      const start = ed.lineStart((pair.key as Node).range![0]);
      const stop = ed.end(pair.value as Node);
      ed.replace(start, stop + 1, "");
      return;
    }
    if (value === undefined) return;
    if (pair && pair.value) {
      const v = pair.value as Node;
      const col = ed.column(v.range![0]);
      if (kind === "items" && isSeq(v) && Array.isArray(value)) {
        // Items that did not change keep their text (quoting, comments inside flow maps).
        const old = v.items.map((it) => ({ node: it as Node, json: JSON.stringify((it as Node).toJSON()) }));
        const lines = (value as unknown[]).map((item) => {
          const reuse = old.find((o) => o.json === JSON.stringify(item));
          return reuse ? specText.slice(reuse.node.range![0], ed.end(reuse.node)) : renderValue(item, "field");
        });
        ed.replace(v.range![0], ed.end(v), lines.map((l) => `- ${l}`).join(`\n${" ".repeat(col)}`));
        return;
      }
      ed.replace(v.range![0], ed.end(v), indent(text, col));
      return;
    }
    const first = map.items[0]!;
    const col = ed.column((first.key as Node).range![0]);
    const block = isSeq(doc.createNode(value)) && kind === "items";
    ed.insert(ed.end(first.value as Node), `\n${" ".repeat(col)}${key}:${block ? `\n${" ".repeat(col + 2)}${indent(text, col + 2)}` : ` ${text}`}`);
  };

  // Enums and records the spec lacks.
  for (const [wname, we] of Object.entries(wsdl.enums ?? {})) {
    const wire = we.wireName ?? wname;
    const sname = namedByWire(spec.enums, wire);
    if (sname === undefined) {
      const name = spec.records?.[wname] ? `${wname}Enum` : wname;
      addToTopMap("enums", "records", name, name === wname ? we : { wireName: wname, ...we }, "enum");
      added.push(`enum ${name}`);
      continue;
    }
    if (!write) continue;
    const se = spec.enums![sname]!;
    if (se.values.join() !== we.values.join()) setKey(node(["enums", sname]), "values", we.values, "list");
    if ((se.flags ?? false) !== (we.flags ?? false)) setKey(node(["enums", sname]), "flags", we.flags ? true : undefined, "scalar");
  }
  for (const [wname, wr] of Object.entries(wsdl.records ?? {})) {
    const wire = wr.wireName ?? wname;
    const sname = namedByWire(spec.records, wire);
    if (sname === undefined) {
      const name = spec.enums?.[wname] ? `${wname}Record` : wname;
      const value = { ...(name === wname ? {} : { wireName: wname }), ...wr, fields: wr.fields.map((f) => mergeItem(spec, wsdl, f, undefined)) };
      if (wr.base !== undefined) value.base = specTypeName(spec, wsdl, wr.base);
      addToTopMap("records", "endpoints", name, value, "record");
      added.push(`record ${name}`);
      continue;
    }
    const sr = spec.records![sname]!;
    const recNode = node(["records", sname]);
    const fieldsNode = node(["records", sname, "fields"]);
    if (write && sr.fields.map((f) => fieldText(spec, f)).join("\n") !== wr.fields.map((f) => fieldText(wsdl, f)).join("\n")) {
      const wanted = wr.fields.map((wf) => mergeItem(spec, wsdl, wf, sr.fields.find((f) => f.name === wf.name)));
      for (const wf of wr.fields) if (!sr.fields.some((f) => f.name === wf.name)) added.push(`field ${sname}.${wf.name}`);
      setKey(recNode, "fields", wanted, "items");
    } else if (isSeq(fieldsNode)) {
      // Fields the spec record lacks: inserted after the field that precedes them in the WSDL.
      const names = sr.fields.map((f) => f.name);
      wr.fields.forEach((wf, i) => {
        if (names.includes(wf.name)) return;
        const prev = wr.fields.slice(0, i).reverse().find((f) => names.includes(f.name));
        const item = (prev === undefined ? fieldsNode.items[0] : fieldsNode.items[names.indexOf(prev.name)]) as Node;
        const col = ed.column(item.range![0]) - 2;
        const line = `${" ".repeat(col)}- ${renderValue(mergeItem(spec, wsdl, wf, undefined), "field")}`;
        if (prev === undefined) ed.insert(ed.lineStart(item.range![0]), `${line}\n`);
        else ed.insert(ed.end(item), `\n${line}`);
        added.push(`field ${sname}.${wf.name}`);
      });
    }
    if (write) {
      const base = wr.base === undefined ? undefined : specTypeName(spec, wsdl, wr.base);
      if (base !== sr.base) setKey(recNode, "base", base, "scalar");
      if ((wr.abstract ?? false) !== (sr.abstract ?? false)) setKey(recNode, "abstract", wr.abstract ? true : undefined, "scalar");
    }
  }

  // Endpoints and operations.
  wsdl.endpoints.forEach((we, wi) => {
    const ei = findEndpoint(spec, we.path);
    if (ei < 0) {
      let name = we.name;
      for (let i = 2; spec.endpoints.some((e) => e.name === name); i++) name = `${we.name}${i}`;
      const ns = endpointNamespace(wsdl, we);
      const { namespace: _ns, operations: _ops, ...head } = we;
      appendItem(node(["endpoints"]), { ...head, name, ...(ns === spec.service.namespace ? {} : { namespace: ns }), operations: we.operations.map((o) => translateOp(spec, wsdl, o)) }, "endpoint", `Source: ${sources[wi] ?? "(unknown)"}`);
      added.push(`endpoint ${we.path} (${we.operations.length} operations)`);
      return;
    }
    const se = spec.endpoints[ei]!;
    for (const wo of we.operations) {
      const oi = se.operations.findIndex((o) => o.name === wo.name);
      if (oi < 0) {
        appendItem(node(["endpoints", ei, "operations"]), translateOp(spec, wsdl, wo), "operation");
        added.push(`operation ${se.path} ${wo.name}`);
        continue;
      }
      const so = se.operations[oi]!;
      if (!write || so.partial) continue;
      const opNode = node(["endpoints", ei, "operations", oi]);
      if (so.params.map((p) => paramText(spec, p)).join("\n") !== wo.params.map((p) => paramText(wsdl, p)).join("\n"))
        setKey(opNode, "params", wo.params.map((wp) => mergeItem(spec, wsdl, wp, so.params.find((p) => p.name === wp.name))), "items");
      const http = hasHttp(effectiveBindings(we, wo));
      if (wo.result && resultText(spec, so.result, http) !== resultText(wsdl, wo.result, http)) setKey(opNode, "result", translateResult(spec, wsdl, wo.result, so.result), "result");
      if (effectiveBindings(se, so).join() !== effectiveBindings(we, wo).join()) setKey(opNode, "bindings", wo.bindings, "list");
      if ((so.soapAction ?? soapActionFor(endpointNamespace(spec, se), so.name)) !== (wo.soapAction ?? soapActionFor(endpointNamespace(wsdl, we), wo.name)))
        setKey(opNode, "soapAction", wo.soapAction, "scalar");
      if ((so.methodName ?? so.name) !== (wo.methodName ?? wo.name)) setKey(opNode, "methodName", wo.methodName, "scalar");
      const headerText = (hs: SpecOperation["headers"], d: SpecDocument): string => (hs ?? []).map((h) => `${h.element}: ${typeText(d, h.type)} (${h.direction})`).join(", ");
      if (headerText(so.headers, spec) !== headerText(wo.headers, wsdl)) setKey(opNode, "headers", wo.headers?.map((h) => ({ ...h, type: specTypeName(spec, wsdl, h.type) })), "items");
    }
    if (write && effectiveBindings(se).join() !== effectiveBindings(we).join()) setKey(node(["endpoints", ei]), "bindings", we.bindings, "list");
    if (write && endpointNamespace(spec, se) !== endpointNamespace(wsdl, we)) {
      const ns = endpointNamespace(wsdl, we);
      setKey(node(["endpoints", ei]), "namespace", ns === spec.service.namespace ? undefined : ns, "scalar");
    }
  });

  if (ed.count === 0) return { text: specText, added, differences, applied: false };
  return { text: ed.apply(), added, differences, applied };
}
