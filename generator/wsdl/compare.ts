/**
 * Compares a spec with what WSDL documents publish, at the level of the spec: both sides are
 * spec documents (the WSDL side produced by import), normalised to comparable text with the
 * spec's defaults made explicit and type names turned into wire names. Used by `verify` (report
 * drift) and by `import --merge` (find what to add or change).
 */
import { BINDINGS, bindingInfo } from "../../templates/runtime/binding.ts";
import { soapActionFor } from "../../templates/runtime/encode.ts";
import type { SpecDocument, SpecEndpoint, SpecField, SpecOperation, SpecParam, SpecResult } from "../spec/document.ts";
import { REFERENCE_SCALARS } from "./xsd-types.ts";

/** Wire-level text of a type reference: `int`, `enum PeriodType`, `record UserGridList`. */
export function typeText(doc: SpecDocument, type: string | undefined): string {
  if (type === undefined) return "(none)";
  const e = doc.enums?.[type];
  if (e) return `enum ${e.wireName ?? type}`;
  const r = doc.records?.[type];
  if (r) return `record ${r.wireName ?? type}`;
  return type;
}

const isValueScalar = (doc: SpecDocument, type: string): boolean => doc.records?.[type] === undefined && !REFERENCE_SCALARS.has(type);

export function paramText(doc: SpecDocument, p: SpecParam): string {
  let s = `${p.name}: ${typeText(doc, p.type)}`;
  if (p.list) s += ` list of <${p.item ?? "?"}>`;
  if (p.optional) s += ", optional";
  if (p.nillable) s += ", nillable";
  return s;
}

export function fieldText(doc: SpecDocument, f: SpecField): string {
  let s = `${f.name}: ${typeText(doc, f.type)}`;
  if (f.list) s += ` list of <${f.item ?? "?"}>`;
  if (f.repeated) s += " repeated (no wrapper)";
  const byDefault = f.list === true || f.repeated === true || !isValueScalar(doc, f.type);
  if (f.nullable ?? byDefault) s += ", may be absent";
  if (f.nillable) s += ", nillable";
  return s;
}

export function resultText(doc: SpecDocument, r: SpecResult | undefined, http: boolean): string {
  if (r === undefined) return "(none)";
  if (r.kind === "void") return "void";
  let s = `${r.kind} ${typeText(doc, r.type)}`;
  if (r.kind === "list") s += ` items <${r.item ?? "?"}>`;
  s += ` in <${r.soapElement ?? "?"}>`;
  if (http) s += `, HTTP root <${r.httpRoot ?? "?"}>`;
  const byDefault = r.kind !== "scalar" || !isValueScalar(doc, r.type ?? "string");
  if (r.nullable ?? byDefault) s += ", may be null";
  if (r.nillable) s += ", nillable";
  return s;
}

/** The XML namespace of an endpoint file's service. */
export const endpointNamespace = (doc: SpecDocument, e: SpecEndpoint): string => e.namespace ?? doc.service.namespace;

export const effectiveBindings = (e: SpecEndpoint, o?: SpecOperation): readonly string[] => o?.bindings ?? e.bindings ?? BINDINGS;
/** Whether any of the bindings answers with a plain XML document (HTTP GET/POST: an HTTP root element). */
export const hasHttp = (bindings: readonly string[]): boolean => bindings.some((b) => bindingInfo(b)?.result === "httpRoot");

/** One difference; `at` is a JSON pointer into the spec document (for positions), when the spec has the thing. */
export interface Drift {
  readonly at: string | undefined;
  readonly text: string;
  /** What merge can do about it. */
  readonly kind: "missing-in-spec" | "missing-in-wsdl" | "differs";
}

/** The spec endpoint a WSDL endpoint describes: same path or an alternate spelling. */
export function findEndpoint(spec: SpecDocument, path: string): number {
  const same = (a: string): boolean => a === path;
  let i = spec.endpoints.findIndex((e) => same(e.path) || (e.alternatePaths ?? []).some(same));
  if (i < 0) i = spec.endpoints.findIndex((e) => [e.path, ...(e.alternatePaths ?? [])].some((p) => p.toLowerCase() === path.toLowerCase()));
  return i;
}

/** The spec's name for a record/enum with the given wire name. */
export function namedByWire(map: Record<string, { wireName?: string }> | undefined, wire: string): string | undefined {
  if (!map) return undefined;
  if (map[wire] && (map[wire].wireName ?? wire) === wire) return wire;
  return Object.entries(map).find(([k, v]) => (v.wireName ?? k) === wire)?.[0];
}

function listDiff<T extends { name: string }>(
  out: Drift[],
  where: string,
  at: string,
  what: string,
  spec: readonly T[],
  wsdl: readonly T[],
  text: (x: T) => string,
  wsdlText: (x: T) => string,
): void {
  const a = spec.map((x) => x.name);
  const b = wsdl.map((x) => x.name);
  if (a.join("\u0000") !== b.join("\u0000")) out.push({ at, kind: "differs", text: `${where}: ${what} order: spec (${a.join(", ")}) | WSDL (${b.join(", ")})` });
  for (const [i, x] of spec.entries()) {
    const y = wsdl.find((w) => w.name === x.name);
    if (!y) continue;
    const s = text(x);
    const w = wsdlText(y);
    if (s !== w) out.push({ at: `${at}/${i}`, kind: "differs", text: `${where}: ${what} ${x.name}: spec "${s}" | WSDL "${w}"` });
  }
}

/** Every difference between a spec and the spec imported from WSDL documents, in a stable order. */
export function compareSpecs(spec: SpecDocument, wsdl: SpecDocument): Drift[] {
  const out: Drift[] = [];

  for (const we of wsdl.endpoints) {
    const ei = findEndpoint(spec, we.path);
    if (ei < 0) {
      out.push({ at: undefined, kind: "missing-in-spec", text: `endpoint ${we.path}: in the WSDL, not in the spec` });
      continue;
    }
    const se = spec.endpoints[ei]!;
    const ep = `/endpoints/${ei}`;
    const sns = endpointNamespace(spec, se);
    const wns = endpointNamespace(wsdl, we);
    if (sns !== wns) out.push({ at: ep, kind: "differs", text: `${se.path}: namespace: spec "${sns}" | WSDL "${wns}"` });
    const eb = effectiveBindings(se).join(", ");
    const wb = effectiveBindings(we).join(", ");
    if (eb !== wb) out.push({ at: ep, kind: "differs", text: `${se.path}: bindings: spec (${eb}) | WSDL (${wb})` });
    for (const wo of we.operations)
      if (!se.operations.some((o) => o.name === wo.name)) out.push({ at: `${ep}/operations`, kind: "missing-in-spec", text: `${se.path}: operation ${wo.name} is in the WSDL, not in the spec` });
    se.operations.forEach((so, oi) => {
      const op = `${ep}/operations/${oi}`;
      const wo = we.operations.find((o) => o.name === so.name);
      if (!wo) {
        if (!so.partial) out.push({ at: op, kind: "missing-in-wsdl", text: `${se.path}: operation ${so.name} is in the spec, not in the WSDL` });
        return;
      }
      const where = `${se.path} ${so.name}`;
      if (so.partial) {
        out.push({ at: op, kind: "differs", text: `${where}: partial in the spec, fully described by the WSDL` });
        return;
      }
      listDiff(out, where, `${op}/params`, "parameter", so.params, wo.params, (p) => paramText(spec, p), (p) => paramText(wsdl, p));
      const sb = effectiveBindings(se, so);
      const wbs = effectiveBindings(we, wo);
      if (sb.join() !== wbs.join()) out.push({ at: op, kind: "differs", text: `${where}: bindings: spec (${sb.join(", ")}) | WSDL (${wbs.join(", ")})` });
      const http = hasHttp(wbs);
      const sr = resultText(spec, so.result, http);
      const wr = resultText(wsdl, wo.result, http);
      if (sr !== wr) out.push({ at: `${op}/result`, kind: "differs", text: `${where}: result: spec "${sr}" | WSDL "${wr}"` });
      const sa = so.soapAction ?? soapActionFor(sns, so.name);
      const wa = wo.soapAction ?? soapActionFor(wns, wo.name);
      if (sa !== wa) out.push({ at: op, kind: "differs", text: `${where}: SOAPAction: spec "${sa}" | WSDL "${wa}"` });
      const sm = so.methodName ?? so.name;
      const wm = wo.methodName ?? wo.name;
      if (sm !== wm) out.push({ at: op, kind: "differs", text: `${where}: method name: spec "${sm}" | WSDL "${wm}"` });
      const hs = (so.headers ?? []).map((h) => `${h.element}: ${typeText(spec, h.type)} (${h.direction})`).join(", ") || "none";
      const hw = (wo.headers ?? []).map((h) => `${h.element}: ${typeText(wsdl, h.type)} (${h.direction})`).join(", ") || "none";
      if (hs !== hw) out.push({ at: op, kind: "differs", text: `${where}: SOAP headers: spec (${hs}) | WSDL (${hw})` });
    });
  }

  for (const [wname, wr] of Object.entries(wsdl.records ?? {})) {
    const wire = wr.wireName ?? wname;
    const sname = namedByWire(spec.records, wire);
    if (sname === undefined) {
      out.push({ at: undefined, kind: "missing-in-spec", text: `record ${wire}: in the WSDL, not in the spec` });
      continue;
    }
    const sr = spec.records![sname]!;
    const at = `/records/${sname}`;
    const label = sname === wire ? `record ${sname}` : `record ${sname} (${wire})`;
    listDiff(out, label, `${at}/fields`, "field", sr.fields, wr.fields, (f) => fieldText(spec, f), (f) => fieldText(wsdl, f));
    const sb = sr.base === undefined ? "none" : typeText(spec, sr.base);
    const wb = wr.base === undefined ? "none" : typeText(wsdl, wr.base);
    if (sb !== wb) out.push({ at, kind: "differs", text: `${label}: base: spec ${sb} | WSDL ${wb}` });
    if ((sr.abstract ?? false) !== (wr.abstract ?? false)) out.push({ at, kind: "differs", text: `${label}: abstract: spec ${sr.abstract ?? false} | WSDL ${wr.abstract ?? false}` });
  }
  for (const [wname, we] of Object.entries(wsdl.enums ?? {})) {
    const wire = we.wireName ?? wname;
    const sname = namedByWire(spec.enums, wire);
    if (sname === undefined) {
      out.push({ at: undefined, kind: "missing-in-spec", text: `enum ${wire}: in the WSDL, not in the spec` });
      continue;
    }
    const se = spec.enums![sname]!;
    const label = sname === wire ? `enum ${sname}` : `enum ${sname} (${wire})`;
    if (se.values.join() !== we.values.join())
      out.push({ at: `/enums/${sname}/values`, kind: "differs", text: `${label}: values: spec (${se.values.join(", ")}) | WSDL (${we.values.join(", ")})` });
    if ((se.flags ?? false) !== (we.flags ?? false)) out.push({ at: `/enums/${sname}`, kind: "differs", text: `${label}: flags: spec ${se.flags ?? false} | WSDL ${we.flags ?? false}` });
  }
  return out;
}
