/**
 * All exported TypeScript names are decided here, once, before emitting; collisions and
 * reserved words are spec errors, reported with the place that introduced the name.
 */
import { RUNTIME_PUBLIC_NAMES } from "../runtime-symbols.ts";
import type { SpecIssue } from "../spec/errors.ts";
import type { CompleteOperationModel, EndpointModel, EnumModel, RecordModel, ServiceModel, SourcePos } from "./types.ts";

export const names = {
  enumType: (e: EnumModel): string => e.name,
  enumValues: (e: EnumModel): string => `${e.name}Values`,
  enumDescriptor: (e: EnumModel): string => `${e.name}Enum`,
  recordType: (r: RecordModel): string => r.name,
  recordDescriptor: (r: RecordModel): string => `${r.name}Record`,
  opFunction: (o: CompleteOperationModel): string => o.tsName,
  opParams: (o: CompleteOperationModel): string => `${o.tsName}Params`,
  opResult: (o: CompleteOperationModel): string => `${o.tsName}Result`,
  opDescriptor: (o: CompleteOperationModel): string => `${o.tsName}Operation`,
  endpointGroup: (e: EndpointModel): string => e.name,
  endpointGroupType: (e: EndpointModel): string => `${e.name.charAt(0).toUpperCase()}${e.name.slice(1)}Operations`,
  endpointModule: (e: EndpointModel): string => `endpoints/${e.name}`,
} as const;

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "as implements interface let package private protected public static yield any boolean constructor declare get " +
    "module require number set string symbol type from of async await undefined never unknown object bigint"
  ).split(" "),
);

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Checks every exported name: valid identifier, not reserved, unique across the package. */
export function checkNames(model: ServiceModel): SpecIssue[] {
  const issues: SpecIssue[] = [];
  const taken = new Map<string, string>(RUNTIME_PUBLIC_NAMES.map((n) => [n, "the runtime"]));
  const claim = (name: string, owner: string, pos: SourcePos): void => {
    const at = { file: pos.file, line: pos.line, column: pos.column, path: pos.path };
    if (!IDENT.test(name) || RESERVED.has(name)) {
      issues.push({ code: "reserved-name", message: `"${name}" (${owner}) is not a usable TypeScript name: set tsName`, ...at });
      return;
    }
    const other = taken.get(name);
    if (other !== undefined) {
      issues.push({ code: "name-collision", message: `"${name}" (${owner}) collides with ${other}: set tsName`, ...at });
      return;
    }
    taken.set(name, owner);
  };
  for (const e of model.enums) {
    claim(names.enumType(e), `enum ${e.name}`, e.pos);
    claim(names.enumValues(e), `values of enum ${e.name}`, e.pos);
    claim(names.enumDescriptor(e), `descriptor of enum ${e.name}`, e.pos);
  }
  for (const r of model.records) {
    claim(names.recordType(r), `record ${r.name}`, r.pos);
    claim(names.recordDescriptor(r), `descriptor of record ${r.name}`, r.pos);
  }
  for (const ep of model.endpoints) {
    claim(names.endpointGroupType(ep), `group type of endpoint ${ep.name}`, ep.pos);
    for (const o of ep.operations) {
      claim(names.opFunction(o), `operation ${o.name}`, o.pos);
      claim(names.opParams(o), `parameters of ${o.name}`, o.pos);
      claim(names.opResult(o), `result of ${o.name}`, o.pos);
      claim(names.opDescriptor(o), `descriptor of ${o.name}`, o.pos);
    }
  }
  return issues;
}
