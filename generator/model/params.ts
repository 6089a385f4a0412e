/** Operation parameters of the spec → ParamModel, in wire order. */
import type { RawParam } from "../spec/raw.ts";
import type { BuildContext } from "./context.ts";
import { propertyKey, propertyNameProblem } from "./naming.ts";
import { join, plain } from "./symbols.ts";
import type { ParamModel } from "./types.ts";

export function buildParam(ctx: BuildContext, p: RawParam, path: string, opName: string): ParamModel {
  const type = ctx.resolve(p.type, `${path}/type`);
  if (p.list === true && p.item === undefined)
    ctx.report("list-item-missing", path, `list parameter "${p.name}" of ${opName} has no item element (add "item")`);
  if (p.list !== true && p.item !== undefined)
    ctx.report("item-without-list", `${path}/item`, `parameter "${p.name}" of ${opName} has an item element but is not a list (add "list: true")`);
  if (p.nillable === true && type.kind === "record") ctx.report("nillable-record", `${path}/nillable`, `record parameter "${p.name}" of ${opName} cannot be nillable (it may be omitted: set "optional")`);
  if (p.credential !== undefined && (type.kind !== "scalar" || type.name !== "string" || p.list === true))
    ctx.report("credential-type", `${path}/credential`, `credential parameter "${p.name}" of ${opName} must be a single string`);
  const tsName = p.tsName ?? p.name;
  const problem = propertyNameProblem(tsName);
  if (problem !== null) ctx.report("reserved-name", `${path}/name`, problem);
  const list = p.list === true;
  const optional = p.optional ?? false;
  const nillable = p.nillable === true && !list;
  const one = ctx.inputType(type);
  const base = list ? join(["readonly (", one, ")[]"]) : one;
  const example = ctx.example(type);
  return {
    wireName: p.name,
    tsName,
    propertyKey: propertyKey(tsName),
    type,
    listItem: list ? (p.item ?? "") : null,
    optional,
    nillable,
    credential: p.credential ?? null,
    description: p.description ?? "",
    pos: ctx.locate(path),
    inputType: optional ? join([base, " | null | undefined"]) : nillable ? join([base, " | null"]) : base,
    descriptorType: ctx.descriptorType(type),
    wireType: ctx.wireLabel(type),
    example: list ? join(["[", example, "]"]) : example,
    sample: plain(""),
  };
}

/** The parameter with its golden-test sample, `i` being its place among the caller's parameters. */
export function withSample(ctx: BuildContext, p: ParamModel, i: number): ParamModel {
  const one = (j: number) => ctx.sample(p.type, p.wireName, j);
  return { ...p, sample: p.listItem !== null ? join(["[", one(i), ", ", one(i + 1), "]"]) : one(i) };
}
