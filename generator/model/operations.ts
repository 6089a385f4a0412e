/** Operations of the spec → complete or partial OperationModel. */
import { BINDING_INFO, BINDINGS, type Binding } from "../../templates/runtime/binding.ts";
import { soapActionFor } from "../../templates/runtime/encode.ts";
import type { RawOperation, RawResult, RawVoidResult } from "../spec/raw.ts";
import type { BuildContext } from "./context.ts";
import { naming } from "./naming.ts";
import { buildParam, withSample } from "./params.ts";
import { buildResult } from "./results.ts";
import { join } from "./symbols.ts";
import type { AnyOperationModel, ParamModel } from "./types.ts";

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

/** The bindings that serve an operation, in the runtime's order; null when all of them do. */
function offered(bindings: readonly Binding[] | undefined): readonly Binding[] | null {
  if (bindings === undefined) return null;
  const set = BINDINGS.filter((b) => bindings.includes(b));
  return set.length === BINDINGS.length ? null : set;
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
  const base = {
    name: o.name,
    description: o.description ?? "",
    path: o.path ?? endpointPath,
    namespace,
    soapAction: o.soapAction ?? soapActionFor(namespace, o.name),
    bindings: offered(o.bindings ?? endpointBindings),
    params,
    pos: ctx.locate(path),
  };
  if (o.partial === true) {
    if (o.result !== undefined) ctx.report("partial-with-result", `${path}/result`, `${o.name} is marked partial but has a result: remove "partial" or the result`, true);
    return { ...base, partial: true, result: null };
  }
  const fn = o.tsName ?? o.name;
  const callerParams = params.filter((p) => p.credential === null).map((p, i) => withSample(ctx, p, i));
  return {
    ...base,
    partial: false,
    result: buildResult(ctx, o.result as RawResult | RawVoidResult, `${path}/result`, o.name, base.bindings === null || base.bindings.some((b) => BINDING_INFO[b].result === "httpRoot")),
    fnSymbol: naming.opFunction(fn, endpointName),
    paramsSymbol: naming.opParams(fn, endpointName),
    resultSymbol: naming.opResult(fn, endpointName),
    descriptorSymbol: naming.opDescriptor(fn, endpointName),
    callerParams,
    paramsRequired: callerParams.some((p) => !p.optional),
    exampleArgs: callerParams.length === 0 ? join(["{}"]) : join(["{ ", join(callerParams.map((p) => join([p.propertyKey, ": ", p.example])), ", "), " }"]),
  };
}
