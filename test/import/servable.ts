/**
 * From an imported spec, one spec per endpoint file: the endpoint's own namespace as the service
 * namespace, its operations, and the records and enums they use (subtypes of a base included).
 */
import type { SpecDocument, SpecOperation } from "../../generator/spec/document.ts";

export interface Servable {
  readonly endpoint: string;
  readonly spec: SpecDocument | null;
}

function typesOf(doc: SpecDocument, op: SpecOperation): Set<string> {
  const out = new Set<string>();
  const visit = (t: string | undefined): void => {
    if (t === undefined || out.has(t)) return;
    if (doc.enums?.[t]) out.add(t);
    const r = doc.records?.[t];
    if (r) {
      out.add(t);
      if (r.base !== undefined) visit(r.base);
      for (const f of r.fields) visit(f.type);
      // A value of a base record may be any of its subtypes (xsi:type): they come along.
      for (const [n, sub] of Object.entries(doc.records ?? {})) if (sub.base === t) visit(n);
    }
  };
  for (const p of op.params) visit(p.type);
  visit(op.result?.type);
  for (const h of op.headers ?? []) visit(h.type);
  return out;
}

export function servableSpecs(doc: SpecDocument): Servable[] {
  return doc.endpoints.map((e) => {
    const ops: SpecOperation[] = [...e.operations];
    if (ops.length === 0) return { endpoint: e.path, spec: null };
    const used = new Set(ops.flatMap((o) => [...typesOf(doc, o)]));
    const { namespace: _ns, ...head } = e;
    const spec: SpecDocument = {
      service: { ...doc.service, name: `${doc.service.name}${e.name.charAt(0).toUpperCase()}${e.name.slice(1)}`, namespace: e.namespace ?? doc.service.namespace },
      enums: Object.fromEntries(Object.entries(doc.enums ?? {}).filter(([k]) => used.has(k))),
      records: Object.fromEntries(Object.entries(doc.records ?? {}).filter(([k]) => used.has(k))),
      endpoints: [{ ...head, operations: ops }],
    };
    if (Object.keys(spec.enums!).length === 0) delete spec.enums;
    if (Object.keys(spec.records!).length === 0) delete spec.records;
    return { endpoint: e.path, spec };
  });
}

/** One spec with every servable endpoint file side by side, each keeping its own namespace. */
export function combinedSpec(doc: SpecDocument, parts: readonly Servable[]): SpecDocument {
  const specs = parts.flatMap((p) => (p.spec ? [p.spec] : []));
  const enums = Object.assign({}, ...specs.map((s) => s.enums ?? {})) as NonNullable<SpecDocument["enums"]>;
  const records = Object.assign({}, ...specs.map((s) => s.records ?? {})) as NonNullable<SpecDocument["records"]>;
  return {
    service: doc.service,
    ...(Object.keys(enums).length > 0 ? { enums } : {}),
    ...(Object.keys(records).length > 0 ? { records } : {}),
    endpoints: specs.map((s) => {
      const e = s.endpoints[0]!;
      const ns = s.service.namespace;
      const { operations, ...head } = e;
      return { ...head, ...(ns === doc.service.namespace ? {} : { namespace: ns }), operations };
    }),
  };
}
