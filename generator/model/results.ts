/** Operation results of the spec → ResultModel, with the element-name checks ASMX implies. */
import type { RawResult, RawVoidResult } from "../spec/raw.ts";
import type { BuildContext } from "./context.ts";
import { SCALARS } from "./scalars.ts";
import { join } from "./symbols.ts";
import type { ResultModel, TypeRef } from "./types.ts";

function checkElements(ctx: BuildContext, r: RawResult, type: TypeRef, path: string, opName: string, http: boolean): void {
  const mismatch = (field: string, message: string): void => ctx.report("result-element-mismatch", `${path}/${field}`, `${opName}: ${message}`);
  if (r.soapElement !== `${opName}Result`) mismatch("soapElement", `SOAP result element "${r.soapElement}" must be "${opName}Result"`);
  if (ctx.isUnresolved(type)) return;
  if (r.kind === "record" && type.kind !== "record") mismatch("type", `result kind "record" needs a record type, not "${r.type}"`);
  if (r.kind === "scalar" && type.kind === "record") mismatch("type", `result kind "scalar" cannot have record type "${r.type}"`);
  const root = ctx.wireName(type);
  // Raw XML items are named after the .NET type (XmlElement, XmlNode), not after an XSD type.
  const rawItem = r.kind === "list" && type.kind === "scalar" && SCALARS[type.name].anyHttpRoot === true && r.item !== undefined;
  if (r.kind === "list" && rawItem) {
    if (http && r.httpRoot !== `ArrayOf${r.item}`) mismatch("httpRoot", `HTTP root "${r.httpRoot}" does not match a list of ${r.item} (expected "ArrayOf${r.item}")`);
  } else if (r.kind === "list") {
    const arrayName = type.kind === "scalar" ? SCALARS[type.name].arrayOfName : root;
    if (r.item === undefined) mismatch("kind", `list result needs an item element (expected "${root}")`);
    else if (r.item !== root) mismatch("item", `list item element "${r.item}" does not match type ${r.type} (expected "${root}")`);
    if (http && r.httpRoot !== `ArrayOf${arrayName}`) mismatch("httpRoot", `HTTP root "${r.httpRoot}" does not match a list of ${r.type} (expected "ArrayOf${arrayName}")`);
  } else {
    if (r.item !== undefined) mismatch("item", `only list results have an item element`);
    const httpRoot = type.kind === "scalar" ? (SCALARS[type.name].httpRoot ?? root) : root;
    const any = type.kind === "scalar" && SCALARS[type.name].anyHttpRoot === true;
    if (http && !any && r.httpRoot !== httpRoot) mismatch("httpRoot", `HTTP root "${r.httpRoot}" does not match ${r.kind} type ${r.type} (expected "${httpRoot}")`);
  }
}

/** `http`: whether HTTP GET/POST serve the operation (else it has no HTTP root element to check). */
export function buildResult(ctx: BuildContext, r: RawResult | RawVoidResult, path: string, opName: string, http = true): ResultModel {
  if (r.kind === "void") {
    // Decoded as an absent, nullable string that no element can match: the envelope and faults are
    // still checked; the typed function resolves to undefined.
    const type: TypeRef = { kind: "scalar", name: "string" };
    return {
      kind: "scalar",
      void: true,
      type,
      item: null,
      soapElement: "",
      httpRoot: "",
      nullable: true,
      description: r.description ?? "",
      pos: ctx.locate(path),
      tsType: join(["void"]),
      descriptorType: ctx.descriptorType(type),
    };
  }
  const type = ctx.resolve(r.type, `${path}/type`);
  checkElements(ctx, r, type, path, opName, http);
  const nullable = r.nullable ?? (r.kind !== "scalar" || r.nillable === true || ctx.isReference(type));
  const one = ctx.valueType(type);
  const base = r.kind === "list" ? join([one.text.includes(" ") ? join(["(", one, ")"]) : one, "[]"]) : one;
  return {
    kind: r.kind,
    void: false,
    type,
    item: r.kind === "list" ? (r.item ?? "") : null,
    soapElement: r.soapElement,
    httpRoot: r.httpRoot ?? "",
    nullable,
    description: r.description ?? "",
    pos: ctx.locate(path),
    tsType: nullable ? join([base, " | null"]) : base,
    descriptorType: ctx.descriptorType(type),
  };
}
