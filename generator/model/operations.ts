/** Operations of the spec → complete or partial OperationModel. */
import { BINDING_INFO, BINDINGS, type Binding } from "../../templates/runtime/binding.ts";
import { soapActionFor } from "../../templates/runtime/encode.ts";
import type { RawHeader, RawOperation, RawResult, RawVoidResult } from "../spec/raw.ts";
import { RT_TYPES } from "../runtime-symbols.ts";
import type { BuildContext } from "./context.ts";
import { naming } from "./naming.ts";
import { buildParam, withSample } from "./params.ts";
import { buildResult } from "./results.ts";
import { propertyKey } from "./naming.ts";
import { join, ref, tt, type TypeText } from "./symbols.ts";
import type { AnyOperationModel, HeaderModel, ParamModel } from "./types.ts";

function checkParams(ctx: BuildContext, params: readonly ParamModel[], path: string, opName: string): void {
  const seen = new Set<string>();
  const seenTs = new Set<string>();
  params.forEach((p, i) => {
    if (seen.has(p.wireName)) ctx.report("duplicate-name", `${path}/params/${i}/name`, `duplicate parameter "${p.wireName}" in ${opName}`);
    else if (seenTs.has(p.tsName)) ctx.report("duplicate-name", `${path}/params/${i}/name`, `duplicate TypeScript parameter name "${p.tsName}" in ${opName}`);
    seen.add(p.wireName);
    seenTs.add(p.tsName);
  });
  for (const role of ["username", "password"] as const) {
    const withRole = params.filter((p) => p.credential === role);
    if (withRole.length > 1) ctx.report("duplicate-credential", `${path}/params`, `${opName} has ${withRole.length} "${role}" credential parameters`);
  }
}

/**
 * The bindings that serve an operation, in the runtime's order; null when all of them do. A record
 * parameter travels only in a SOAP envelope (ASMX offers no HTTP GET/POST for such an operation),
 * so the bindings without one are left out.
 */
function offered(bindings: readonly Binding[] | undefined, params: readonly ParamModel[]): readonly Binding[] | null {
  const complex = params.some((p) => p.type.kind === "record");
  const set = BINDINGS.filter((b) => (bindings === undefined || bindings.includes(b)) && (!complex || BINDING_INFO[b].envelope !== null));
  return set.length === BINDINGS.length ? null : set;
}

export function buildHeader(ctx: BuildContext, h: RawHeader, path: string, opName: string): HeaderModel {
  const type = ctx.resolve(h.type, `${path}/type`);
  if (type.kind !== "record" && !ctx.isUnresolved(type)) ctx.report("header-type", `${path}/type`, `SOAP header "${h.element}" of ${opName} must be a record, not "${h.type}"`);
  return {
    element: h.element,
    tsName: h.element,
    propertyKey: propertyKey(h.element),
    type,
    sent: h.direction !== "out",
    received: h.direction !== "in",
    direction: h.direction,
    description: h.description ?? "",
    pos: ctx.locate(path),
    tsType: ctx.valueType(type),
    descriptorType: ctx.descriptorType(type),
  };
}

/** What the function resolves to: the result, or `{ result, headers }` when the service sends headers back. */
function outputType(result: TypeText, headers: readonly HeaderModel[]): TypeText {
  const back = headers.filter((h) => h.received);
  if (back.length === 0) return result;
  return tt`{ readonly result: ${result}; readonly headers: { ${join(back.map((h) => tt`readonly ${h.propertyKey}: ${h.tsType} | null`), "; ")} } }`;
}

/** The per-call options type: typed `soapHeaders` when the service has headers to send. */
export function optionsType(hasSoapHeaders: boolean): TypeText {
  return hasSoapHeaders ? tt`${ref(RT_TYPES.CallOptions)}<${ref(naming.soapHeaders)}>` : ref(RT_TYPES.CallOptions);
}

export function buildOperation(
  ctx: BuildContext,
  o: RawOperation,
  path: string,
  endpointName: string,
  endpointPath: string,
  endpointBindings: readonly Binding[] | undefined,
  endpointNamespace: string | undefined,
): AnyOperationModel {
  // A namespace per endpoint file (several services side by side); else the service's (or the override).
  const namespace = endpointNamespace ?? ctx.namespace;
  const params = o.params.map((p, i) => buildParam(ctx, p, `${path}/params/${i}`, o.name));
  checkParams(ctx, params, path, o.name);
  const headers = (o.headers ?? []).map((h, i) => buildHeader(ctx, h, `${path}/headers/${i}`, o.name));
  const seenHeaders = new Set<string>();
  headers.forEach((h, i) => {
    if (seenHeaders.has(h.element)) ctx.report("duplicate-name", `${path}/headers/${i}/element`, `duplicate SOAP header "${h.element}" in ${o.name}`);
    seenHeaders.add(h.element);
  });
  const base = {
    name: o.name,
    description: o.description ?? "",
    path: o.path ?? endpointPath,
    namespace,
    soapAction: o.soapAction ?? soapActionFor(namespace, o.name),
    bindings: offered(o.bindings ?? endpointBindings, params),
    params,
    headers,
    pos: ctx.locate(path),
  };
  if (o.partial === true) {
    if (o.result !== undefined) ctx.report("partial-with-result", `${path}/result`, `${o.name} is marked partial but has a result: remove "partial" or the result`, true);
    return { ...base, partial: true, result: null };
  }
  const fn = o.tsName ?? o.name;
  const callerParams = params.filter((p) => p.credential === null).map((p, i) => withSample(ctx, p, i));
  const result = buildResult(ctx, o.result as RawResult | RawVoidResult, `${path}/result`, o.name, base.bindings === null || base.bindings.some((b) => BINDING_INFO[b].result === "httpRoot"));
  return {
    ...base,
    partial: false,
    result,
    outputType: outputType(result.tsType, headers),
    optionsType: optionsType(ctx.hasSoapHeaders),
    fnSymbol: naming.opFunction(fn, endpointName),
    paramsSymbol: naming.opParams(fn, endpointName),
    resultSymbol: naming.opResult(fn, endpointName),
    descriptorSymbol: naming.opDescriptor(fn, endpointName),
    callerParams,
    paramsRequired: callerParams.some((p) => !p.optional),
    exampleArgs: callerParams.length === 0 ? join(["{}"]) : join(["{ ", join(callerParams.map((p) => join([p.propertyKey, ": ", p.example])), ", "), " }"]),
  };
}
