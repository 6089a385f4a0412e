/**
 * Turns a schema-valid spec into the normalised model: every default made explicit, type
 * references resolved, every name decided, and the semantic checks the JSON Schema cannot
 * express. All problems are collected and returned together. One small builder per spec object:
 * enums.ts, records.ts, params.ts, results.ts, operations.ts, endpoints.ts.
 */
import type { SpecIssue } from "../spec/errors.ts";
import type { LoadedSpec } from "../spec/load.ts";
import { BuildContext } from "./context.ts";
import { buildEndpoints } from "./endpoints.ts";
import { buildEnums } from "./enums.ts";
import { naming, NameRegistry } from "./naming.ts";
import { dependencyOrder } from "./record-order.ts";
import { buildRecords, markRecursive } from "./records.ts";
import { isScalar } from "./scalars.ts";
import { ref, tt } from "./symbols.ts";
import { RT_TYPES } from "../runtime-symbols.ts";
import type { EndpointModel, EnumModel, ExampleModel, HeaderModel, RecordModel, ServiceModel } from "./types.ts";

export interface BuildResult {
  readonly model: ServiceModel;
  readonly issues: readonly SpecIssue[];
}

export interface BuildOptions {
  /** Namespace override (default: the spec's). */
  readonly namespace?: string | undefined;
  /** How generated files name their spec in the header (default: the spec's name in messages). Never a line number or absolute path. */
  readonly sourceLabel?: string | undefined;
  /** Licence of the generated package (default: the spec's, else UNLICENSED). */
  readonly license?: string | undefined;
  /** Version of the generated package (default: the spec's). */
  readonly version?: string | undefined;
  /** Name of the generated package (default: the spec's). */
  readonly packageName?: string | undefined;
}

/** Enums and records share one namespace, and may not shadow a scalar. */
function checkTypeNames(ctx: BuildContext): void {
  const enumNames = new Set(Object.keys(ctx.raw.enums ?? {}));
  const recordNames = new Set(Object.keys(ctx.raw.records ?? {}));
  for (const name of [...enumNames, ...recordNames]) {
    const kind = enumNames.has(name) ? "enums" : "records";
    if (isScalar(name)) ctx.report("duplicate-name", `/${kind}/${name}`, `type name "${name}" shadows the XSD scalar type`, true);
    if (enumNames.has(name) && recordNames.has(name)) ctx.report("duplicate-name", `/records/${name}`, `"${name}" is both an enum and a record`, true);
  }
}

/** Every exported name: valid, not reserved, unique across the package. */
function checkExportedNames(enums: readonly EnumModel[], records: readonly RecordModel[], endpoints: readonly EndpointModel[], soapHeaders: ServiceModel["soapHeaders"]): SpecIssue[] {
  const names = new NameRegistry();
  if (soapHeaders !== null) names.claim(soapHeaders.symbol.name, "the SOAP headers of client and call options", soapHeaders.headers[0]!.pos);
  for (const e of enums) {
    names.claim(e.typeSymbol.name, `enum ${e.name}`, e.pos);
    names.claim(e.valuesSymbol.name, `values of enum ${e.name}`, e.pos);
    names.claim(e.descriptorSymbol.name, `descriptor of enum ${e.name}`, e.pos);
  }
  for (const r of records) {
    names.claim(r.typeSymbol.name, `record ${r.name}`, r.pos);
    if (r.shapeSymbol !== null && r.shapeSymbol !== r.typeSymbol && r.shapeSymbol.name !== r.typeSymbol.name) names.claim(r.shapeSymbol.name, `exact shape of record ${r.name}`, r.pos);
    names.claim(r.descriptorSymbol.name, `descriptor of record ${r.name}`, r.pos);
  }
  for (const ep of endpoints) {
    names.claim(ep.groupSymbol.name, `group type of endpoint ${ep.name}`, ep.pos);
    for (const o of ep.operations) {
      names.claim(o.fnSymbol.name, `operation ${o.name}`, o.pos);
      names.claim(o.paramsSymbol.name, `parameters of ${o.name}`, o.pos);
      names.claim(o.resultSymbol.name, `result of ${o.name}`, o.pos);
      names.claim(o.descriptorSymbol.name, `descriptor of ${o.name}`, o.pos);
    }
  }
  return names.issues;
}

/** Every header some operation sends, by element name (one type per element name, checked). */
function sentHeaders(ctx: BuildContext, endpoints: readonly EndpointModel[]): ServiceModel["soapHeaders"] {
  const byElement = new Map<string, HeaderModel>();
  for (const ep of endpoints)
    for (const o of [...ep.operations, ...ep.partialOperations])
      for (const h of o.headers) {
        if (!h.sent || h.type.kind !== "record") continue;
        const other = byElement.get(h.element);
        if (other === undefined) byElement.set(h.element, h);
        else if (other.type.name !== h.type.name)
          ctx.report("header-type", `${h.pos.path}/type`, `SOAP header "${h.element}" is sent as ${h.type.name} here and as ${other.type.name} elsewhere: one element, one type (the client's soapHeaders are shared)`);
      }
  return byElement.size === 0 ? null : { symbol: naming.soapHeaders, headers: [...byElement.values()] };
}

/** The example call: the first operation with a list result, else the first operation. */
function pickExample(endpoints: readonly EndpointModel[]): ExampleModel | null {
  const all = endpoints.flatMap((endpoint) => endpoint.operations.map((operation) => ({ endpoint, operation })));
  return all.find(({ operation }) => operation.result.kind === "list") ?? all[0] ?? null;
}

export function buildModel(spec: LoadedSpec, options: BuildOptions = {}): BuildResult {
  const { raw } = spec;
  const ctx = new BuildContext(raw, spec.locate, spec.file, options.namespace ?? raw.service.namespace);
  checkTypeNames(ctx);
  const enums = buildEnums(ctx);
  const records = markRecursive(buildRecords(ctx));
  const endpoints = buildEndpoints(ctx);
  const operations = endpoints.flatMap((ep) => ep.operations);
  const soapHeaders = sentHeaders(ctx, endpoints);
  const model: ServiceModel = {
    name: raw.service.name,
    description: raw.service.description ?? "",
    namespace: ctx.namespace,
    packageName: options.packageName ?? raw.service.package.name,
    packageVersion: options.version ?? raw.service.package.version,
    packageDescription: raw.service.package.description ?? raw.service.description ?? "",
    license: options.license ?? raw.service.package.license ?? "UNLICENSED",
    specFile: options.sourceLabel ?? spec.file,
    enums,
    records,
    recordsInDeclarationOrder: dependencyOrder(records),
    endpoints,
    soapHeaders,
    clientOptionsType: soapHeaders === null ? ref(RT_TYPES.ClientOptions) : tt`${ref(RT_TYPES.ClientOptions)}<${ref(soapHeaders.symbol)}>`,
    usesCredentials: endpoints.some((ep) => [...ep.operations, ...ep.partialOperations].some((o) => o.params.some((p) => p.credential !== null))),
    operations,
    example: pickExample(endpoints),
    clientSymbol: naming.client,
    createClientSymbol: naming.createClient,
  };
  const issues = ctx.issues.length === 0 ? checkExportedNames(enums, records, endpoints, soapHeaders) : ctx.issues;
  return { model, issues };
}
