/** Endpoint files of the spec → EndpointModel: paths, and operations split into complete and partial. */
import type { BuildContext } from "./context.ts";
import { naming } from "./naming.ts";
import { buildOperation } from "./operations.ts";
import { MODULES } from "./symbols.ts";
import type { CompleteOperationModel, EndpointModel, PartialOperationModel } from "./types.ts";

export function buildEndpoints(ctx: BuildContext): EndpointModel[] {
  const endpointNames = new Set<string>();
  const paths = new Map<string, string>();
  return ctx.raw.endpoints.map((e, ei) => {
    const path = `/endpoints/${ei}`;
    if (endpointNames.has(e.name)) ctx.report("duplicate-name", `${path}/name`, `duplicate endpoint name "${e.name}"`);
    endpointNames.add(e.name);
    [e.path, ...(e.alternatePaths ?? [])].forEach((p, pi) => {
      const other = paths.get(p);
      if (other !== undefined) ctx.report("duplicate-name", pi === 0 ? `${path}/path` : `${path}/alternatePaths/${pi - 1}`, `path "${p}" is also used by endpoint ${other}`);
      paths.set(p, e.name);
    });
    const ops = e.operations.map((o, oi) => buildOperation(ctx, o, `${path}/operations/${oi}`, e.name, e.path, e.bindings, e.namespace));
    const opNames = new Set<string>();
    ops.forEach((o, oi) => {
      if (opNames.has(o.name)) ctx.report("duplicate-name", `${path}/operations/${oi}/name`, `duplicate operation "${o.name}" in endpoint ${e.name}`);
      opNames.add(o.name);
    });
    return {
      name: e.name,
      description: e.description ?? "",
      path: e.path,
      alternatePaths: [...(e.alternatePaths ?? [])],
      operations: ops.filter((o): o is CompleteOperationModel => !o.partial),
      partialOperations: ops.filter((o): o is PartialOperationModel => o.partial),
      pos: ctx.locate(path),
      module: MODULES.endpoint(e.name),
      clientProperty: e.name,
      groupSymbol: naming.endpointGroup(e.name),
    };
  });
}
