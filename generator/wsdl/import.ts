/**
 * WSDL documents → one spec document. Each document becomes one endpoint; records and enums of
 * all documents are merged by wire name (the same name with a different shape in two documents
 * is reported, the first kept). Pure apart from reading the sources.
 */
import type { SpecDocument, SpecEndpoint, SpecEnum, SpecRecord } from "../spec/document.ts";
import { readDefinitions, type DefinitionsOptions } from "./definitions.ts";
import { WsdlError, type ImportIssue } from "./issues.ts";
import { assignTsNames } from "./ts-names.ts";
import { loadSource, type LoadedSource, type SourceOptions } from "./source.ts";
import { parseXml, XmlReadError } from "./xml-tree.ts";

export interface ImportResult {
  readonly spec: SpecDocument;
  /** Source name of each endpoint, in the spec's endpoint order. */
  readonly sources: readonly string[];
  /** What could not be mapped (skipped), with positions. */
  readonly issues: readonly ImportIssue[];
}

export interface ImportOptions extends SourceOptions, DefinitionsOptions {
  /** service.name; default: the first wsdl:service name. */
  readonly serviceName?: string;
  /** service.package.name; default: kebab-case service name + "-client". */
  readonly packageName?: string;
}

const kebab = (s: string): string =>
  s
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .split("-")
    .filter((part) => part !== "")
    .join("-")
    .toLowerCase() || "service";

/** Parses already-loaded documents. Throws WsdlError (with file:line:column) when one is not usable at all. */
export function importDocuments(docs: readonly LoadedSource[], options: ImportOptions = {}): ImportResult {
  const issues: ImportIssue[] = [];
  const endpoints: SpecEndpoint[] = [];
  const records = new Map<string, SpecRecord>();
  const enums = new Map<string, SpecEnum>();
  const sources: string[] = [];
  let namespace: string | undefined;
  let firstService: string | undefined;
  for (const doc of docs) {
    let root;
    try {
      root = parseXml(doc.text, doc.name);
    } catch (err) {
      if (err instanceof XmlReadError) throw new WsdlError(err.message);
      throw err;
    }
    const read = readDefinitions(root, issues, options);
    namespace ??= read.targetNamespace;
    firstService ??= read.serviceName;
    const dup = endpoints.findIndex((e) => e.path.toLowerCase() === read.endpoint.path.toLowerCase());
    if (dup >= 0) {
      issues.push({ code: "conflict", message: `endpoint ${read.endpoint.path} was already read from ${sources[dup]} (skipped)`, pos: root.pos });
      continue;
    }
    let name = read.endpoint.name;
    for (let i = 2; endpoints.some((e) => e.name === name); i++) name = `${read.endpoint.name}${i}`;
    const e = read.endpoint;
    endpoints.push({
      name,
      path: e.path,
      ...(read.targetNamespace !== namespace ? { namespace: read.targetNamespace } : {}),
      ...(e.bindings ? { bindings: e.bindings } : {}),
      operations: e.operations,
    });
    sources.push(doc.name);
    for (const [k, r] of read.schema.records) {
      const prev = records.get(k);
      if (!prev) records.set(k, r);
      else if (JSON.stringify(prev) !== JSON.stringify(r))
        issues.push({ code: "conflict", message: `record ${k} differs from the one read earlier (first kept)`, pos: root.pos });
    }
    for (const [k, e] of read.schema.enums) {
      const prev = enums.get(k);
      if (!prev) enums.set(k, e);
      else if (JSON.stringify(prev) !== JSON.stringify(e))
        issues.push({ code: "conflict", message: `enum ${k} differs from the one read earlier (first kept)`, pos: root.pos });
    }
  }
  if (endpoints.length === 0) throw new WsdlError("no endpoint could be imported");
  const serviceName = (options.serviceName ?? firstService ?? "Service").replace(/[^A-Za-z0-9_$]/g, "_");
  const spec: SpecDocument = {
    service: {
      name: serviceName,
      namespace: namespace ?? "http://tempuri.org/",
      package: { name: options.packageName ?? `${kebab(serviceName)}-client`, version: "0.1.0" },
    },
    ...(enums.size > 0 ? { enums: Object.fromEntries(enums) } : {}),
    ...(records.size > 0 ? { records: Object.fromEntries(records) } : {}),
    endpoints,
  };
  assignTsNames(spec);
  return { spec, sources, issues };
}

/** Reads (files or URLs) and imports. Throws SourceError or WsdlError. */
export async function importWsdl(sources: readonly string[], options: ImportOptions = {}): Promise<ImportResult> {
  if (sources.length === 0) throw new WsdlError("no WSDL given");
  const docs = await Promise.all(sources.map((s) => loadSource(s, options)));
  return importDocuments(docs, options);
}
