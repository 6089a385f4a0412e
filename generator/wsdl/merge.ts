/**
 * `import --merge`: brings what WSDL documents publish into an existing spec file, editing the
 * YAML document in place (yaml's Document API) so hand-written descriptions, comments, quirk
 * notes and ordering stay. Added always: endpoints, operations, records, enums and record fields
 * the spec lacks. Differences in what both have are reported, and applied only with `write`;
 * hand-written keys (description, tsName, credential) of changed parameters and fields are kept.
 * Operations the WSDL lacks are reported, never removed. When nothing changes the text is
 * returned unchanged, byte for byte.
 */
import { isMap, isSeq, parseDocument, type Document, type YAMLMap } from "yaml";
import { soapActionFor } from "../../templates/runtime/encode.ts";
import type { SpecDocument, SpecOperation, SpecParam, SpecResult } from "../spec/document.ts";
import { compareSpecs, effectiveBindings, fieldText, findEndpoint, namedByWire, paramText, resultText, typeText, type Drift } from "./compare.ts";
import { specNode } from "./write-yaml.ts";

export interface MergeResult {
  readonly text: string;
  /** What was added (one line each). */
  readonly added: readonly string[];
  /** Differences found in what both describe (applied when `write`). */
  readonly differences: readonly Drift[];
  /** Whether differences were applied. */
  readonly applied: boolean;
}

/** Renames wire type names to the spec's names (UserGridList → UserDetails) in a WSDL-side value. */
function specTypeName(spec: SpecDocument, wsdl: SpecDocument, type: string): string {
  if (wsdl.records?.[type]) return namedByWire(spec.records, wsdl.records[type].wireName ?? type) ?? type;
  if (wsdl.enums?.[type]) return namedByWire(spec.enums, wsdl.enums[type].wireName ?? type) ?? type;
  return type;
}

const HAND_WRITTEN = ["tsName", "credential", "description"] as const;

function mergeItem<T extends { name: string; type: string }>(spec: SpecDocument, wsdl: SpecDocument, w: T, old: T | undefined): T {
  const out: Record<string, unknown> = { name: w.name };
  const oldRec = (old ?? {}) as Record<string, unknown>;
  if (oldRec["tsName"] !== undefined) out["tsName"] = oldRec["tsName"];
  for (const [k, v] of Object.entries(w)) if (k !== "name" && k !== "tsName") out[k] = k === "type" ? specTypeName(spec, wsdl, v as string) : v;
  for (const k of HAND_WRITTEN) if (k !== "tsName" && oldRec[k] !== undefined) out[k] = oldRec[k];
  return out as T;
}

function translateOp(spec: SpecDocument, wsdl: SpecDocument, o: SpecOperation): SpecOperation {
  const out: SpecOperation = { ...o, params: o.params.map((p) => mergeItem(spec, wsdl, p, undefined)) };
  if (o.result) out.result = translateResult(spec, wsdl, o.result, undefined);
  if (o.headers) out.headers = o.headers.map((h) => ({ ...h, type: specTypeName(spec, wsdl, h.type) }));
  return out;
}

function translateResult(spec: SpecDocument, wsdl: SpecDocument, r: SpecResult, old: SpecResult | undefined): SpecResult {
  const out: SpecResult = { ...r };
  if (r.type !== undefined) out.type = specTypeName(spec, wsdl, r.type);
  if (old?.description !== undefined) out.description = old.description;
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

export function mergeSpec(specText: string, spec: SpecDocument, wsdl: SpecDocument, sources: readonly string[], write: boolean): MergeResult {
  const drift = compareSpecs(spec, wsdl);
  const added: string[] = [];
  let changed = false;
  const differences = drift.filter((d) => d.kind !== "missing-in-spec");
  const doc = parseDocument(specText, { keepSourceTokens: false });
  const root = doc.contents as YAMLMap;
  const ensureMap = (key: string, before: string): YAMLMap => {
    const found = root.get(key, true);
    if (isMap(found)) return found;
    const m = doc.createNode({}) as YAMLMap;
    const idx = root.items.findIndex((p) => String((p.key as { value?: unknown }).value) === before);
    const pair = doc.createPair(key, m);
    if (idx < 0) root.items.push(pair);
    else root.items.splice(idx, 0, pair);
    return m;
  };

  // Enums and records the spec lacks.
  for (const [wname, we] of Object.entries(wsdl.enums ?? {})) {
    if (namedByWire(spec.enums, we.wireName ?? wname) !== undefined) continue;
    const name = spec.records?.[wname] ? `${wname}Enum` : wname;
    ensureMap("enums", "records").set(name, specNode(doc, name === wname ? we : { wireName: wname, ...we }, "enum"));
    added.push(`enum ${name}`);
  }
  for (const [wname, wr] of Object.entries(wsdl.records ?? {})) {
    const wire = wr.wireName ?? wname;
    const sname = namedByWire(spec.records, wire);
    if (sname === undefined) {
      const name = spec.enums?.[wname] ? `${wname}Record` : wname;
      const value = { ...(name === wname ? {} : { wireName: wname }), ...wr, fields: wr.fields.map((f) => mergeItem(spec, wsdl, f, undefined)) };
      if (wr.base !== undefined) value.base = specTypeName(spec, wsdl, wr.base);
      ensureMap("records", "endpoints").set(name, specNode(doc, value, "record"));
      added.push(`record ${name}`);
      continue;
    }
    // Fields the spec record lacks: inserted after the field that precedes them in the WSDL.
    const sr = spec.records![sname]!;
    const fieldsNode = doc.getIn(["records", sname, "fields"], true);
    if (!isSeq(fieldsNode)) continue;
    const names = sr.fields.map((f) => f.name);
    wr.fields.forEach((wf, i) => {
      if (names.includes(wf.name)) return;
      const prev = wr.fields.slice(0, i).reverse().find((f) => names.includes(f.name));
      const at = prev === undefined ? 0 : names.indexOf(prev.name) + 1;
      fieldsNode.items.splice(at, 0, specNode(doc, mergeItem(spec, wsdl, wf, undefined), "field"));
      names.splice(at, 0, wf.name);
      added.push(`field ${sname}.${wf.name}`);
    });
    if (write) {
      const wanted = wr.fields.map((wf) => mergeItem(spec, wsdl, wf, sr.fields.find((f) => f.name === wf.name)));
      const specSide = sr.fields.map((f) => fieldText(spec, f)).join("\n");
      if (specSide !== wr.fields.map((f) => fieldText(wsdl, f)).join("\n")) {
        doc.setIn(["records", sname, "fields"], flowSeq(doc, wanted));
        changed = true;
      }
      const recNode = doc.getIn(["records", sname], true);
      if (isMap(recNode)) {
        const base = wr.base === undefined ? undefined : specTypeName(spec, wsdl, wr.base);
        if (base !== sr.base) {
          if (base === undefined) recNode.delete("base");
          else recNode.set("base", base);
          changed = true;
        }
        if ((wr.abstract ?? false) !== (sr.abstract ?? false)) {
          if (wr.abstract) recNode.set("abstract", true);
          else recNode.delete("abstract");
          changed = true;
        }
      }
    }
  }

  // Endpoints and operations.
  wsdl.endpoints.forEach((we, wi) => {
    const ei = findEndpoint(spec, we.path);
    const endpoints = root.get("endpoints", true);
    if (!isSeq(endpoints)) return;
    if (ei < 0) {
      let name = we.name;
      for (let i = 2; spec.endpoints.some((e) => e.name === name); i++) name = `${we.name}${i}`;
      const node = specNode(doc, { ...we, name, operations: we.operations.map((o) => translateOp(spec, wsdl, o)) }, "endpoint");
      node.commentBefore = ` Source: ${sources[wi] ?? "(unknown)"}`;
      endpoints.items.push(node);
      added.push(`endpoint ${we.path} (${we.operations.length} operations)`);
      return;
    }
    const se = spec.endpoints[ei]!;
    const opsNode = doc.getIn(["endpoints", ei, "operations"], true);
    if (!isSeq(opsNode)) return;
    for (const wo of we.operations) {
      const oi = se.operations.findIndex((o) => o.name === wo.name);
      if (oi < 0) {
        opsNode.items.push(specNode(doc, translateOp(spec, wsdl, wo), "operation"));
        added.push(`operation ${se.path} ${wo.name}`);
        continue;
      }
      const so = se.operations[oi]!;
      if (!write || so.partial) continue;
      const opNode = opsNode.items[oi];
      if (!isMap(opNode)) continue;
      const params = wo.params.map((wp) => mergeItem<SpecParam>(spec, wsdl, wp, so.params.find((p) => p.name === wp.name)));
      if (so.params.map((p) => paramText(spec, p)).join("\n") !== wo.params.map((p) => paramText(wsdl, p)).join("\n")) {
        opNode.set("params", flowSeq(doc, params));
        changed = true;
      }
      const http = effectiveBindings(we, wo).some((b) => b === "httpGet" || b === "httpPost");
      if (wo.result && resultText(spec, so.result, http) !== resultText(wsdl, wo.result, http)) {
        const n = doc.createNode(translateResult(spec, wsdl, wo.result, so.result)) as YAMLMap;
        n.flow = true;
        opNode.set("result", n);
        changed = true;
      }
      const set = (key: string, value: unknown): void => {
        if (value === undefined) opNode.delete(key);
        else opNode.set(key, value);
        changed = true;
      };
      if (effectiveBindings(se, so).join() !== effectiveBindings(we, wo).join()) set("bindings", wo.bindings && flowList(doc, wo.bindings));
      if ((so.soapAction ?? soapActionFor(spec.service.namespace, so.name)) !== (wo.soapAction ?? soapActionFor(wsdl.service.namespace, wo.name))) set("soapAction", wo.soapAction);
      if ((so.methodName ?? so.name) !== (wo.methodName ?? wo.name)) set("methodName", wo.methodName);
      const headers = wo.headers?.map((h) => ({ ...h, type: specTypeName(spec, wsdl, h.type) }));
      const headerText = (hs: SpecOperation["headers"], d: SpecDocument): string => (hs ?? []).map((h) => `${h.element}: ${typeText(d, h.type)} (${h.direction})`).join(", ");
      if (headerText(so.headers, spec) !== headerText(wo.headers, wsdl)) set("headers", headers && flowSeq(doc, headers));
    }
    if (write && effectiveBindings(se).join() !== effectiveBindings(we).join()) {
      const epNode = endpoints.items[ei];
      if (isMap(epNode)) {
        if (we.bindings === undefined) epNode.delete("bindings");
        else epNode.set("bindings", flowList(doc, we.bindings));
        changed = true;
      }
    }
  });
  if (write) {
    for (const [wname, we] of Object.entries(wsdl.enums ?? {})) {
      const sname = namedByWire(spec.enums, we.wireName ?? wname);
      const se = sname === undefined ? undefined : spec.enums![sname];
      if (!se || sname === undefined) continue;
      if (!same(se.values, we.values)) {
        doc.setIn(["enums", sname, "values"], flowList(doc, we.values));
        changed = true;
      }
      if ((se.flags ?? false) !== (we.flags ?? false)) {
        doc.setIn(["enums", sname, "flags"], we.flags ?? false);
        changed = true;
      }
    }
  }
  if (added.length === 0 && !changed) return { text: specText, added, differences, applied: false };
  return { text: doc.toString({ lineWidth: 0, flowCollectionPadding: true }), added, differences, applied: changed };
}

function flowList(doc: Document, values: readonly unknown[]) {
  const n = doc.createNode(values);
  if (isSeq(n)) n.flow = true;
  return n;
}

function flowSeq(doc: Document, items: readonly unknown[]) {
  const n = doc.createNode(items);
  if (isSeq(n)) for (const i of n.items) if (isMap(i)) i.flow = true;
  return n;
}
