/**
 * Turns a schema-valid spec into the normalised model: every default made explicit, type
 * references resolved, and the semantic checks the JSON Schema cannot express. All problems
 * are collected and returned together.
 */
import { soapActionFor } from "../../templates/runtime/encode.ts";
import type { SpecIssue } from "../spec/errors.ts";
import type { Locator } from "../spec/load.ts";
import type { RawOperation, RawParam, RawResult, RawSpec } from "../spec/raw.ts";
import { checkNames } from "./naming.ts";
import { SCALARS, SCALAR_TYPES } from "./scalars.ts";
import {
  type AnyOperationModel,
  type CompleteOperationModel,
  type EndpointModel,
  type EnumModel,
  type FieldModel,
  type ParamModel,
  type PartialOperationModel,
  type RecordModel,
  type ResultModel,
  type ScalarType,
  type ServiceModel,
  type TypeRef,
} from "./types.ts";

export interface BuildResult {
  readonly model: ServiceModel;
  readonly issues: readonly SpecIssue[];
}

const isScalar = (name: string): name is ScalarType => (SCALAR_TYPES as readonly string[]).includes(name);

export function buildModel(
  raw: RawSpec,
  locate: Locator,
  file: string,
  overrides: { namespace?: string } = {},
): BuildResult {
  const issues: SpecIssue[] = [];
  const report = (code: string, path: string, message: string, atKey = false): void => {
    const pos = locate(path, atKey);
    issues.push({ code, message, file, line: pos.line, column: pos.column, path });
  };
  const namespace = overrides.namespace ?? raw.service.namespace;

  // Named types: enums and records share one namespace, and may not shadow a scalar.
  const enumNames = new Set(Object.keys(raw.enums ?? {}));
  const recordNames = new Set(Object.keys(raw.records ?? {}));
  const wireNames = new Map<string, string>();
  for (const name of [...enumNames, ...recordNames]) {
    const kind = enumNames.has(name) ? "enums" : "records";
    if (isScalar(name)) report("duplicate-name", `/${kind}/${name}`, `type name "${name}" shadows the XSD scalar type`, true);
    if (enumNames.has(name) && recordNames.has(name))
      report("duplicate-name", `/records/${name}`, `"${name}" is both an enum and a record`, true);
  }

  /** Type references that did not resolve; checks that depend on them are skipped (one error, not three). */
  const unresolved = new Set<TypeRef>();
  const resolve = (name: string, path: string): TypeRef => {
    if (isScalar(name)) return { kind: "scalar", name };
    if (enumNames.has(name)) return { kind: "enum", name };
    if (recordNames.has(name)) return { kind: "record", name };
    const known = [...SCALAR_TYPES, ...enumNames, ...recordNames].join(", ");
    report("unknown-type", path, `unknown type "${name}" (known: ${known})`);
    const placeholder: TypeRef = { kind: "scalar", name: "string" };
    unresolved.add(placeholder);
    return placeholder;
  };

  const enums: EnumModel[] = Object.entries(raw.enums ?? {}).map(([name, e]) => {
    const path = `/enums/${name}`;
    const seen = new Set<string>();
    e.values.forEach((v, i) => {
      if (seen.has(v)) report("duplicate-name", `${path}/values/${i}`, `duplicate enum value "${v}" in ${name}`);
      seen.add(v);
    });
    const wireName = e.wireName ?? name;
    wireNames.set(wireName, name);
    return { name, wireName, description: e.description ?? "", values: [...e.values], pos: locate(path, true) };
  });

  const records: RecordModel[] = Object.entries(raw.records ?? {}).map(([name, r]) => {
    const path = `/records/${name}`;
    const wireName = r.wireName ?? name;
    const other = wireNames.get(wireName);
    if (other !== undefined) report("duplicate-name", `${path}/wireName`, `wire name "${wireName}" is also used by ${other}`);
    wireNames.set(wireName, name);
    const seenWire = new Set<string>();
    const seenTs = new Set<string>();
    const fields: FieldModel[] = r.fields.map((f, i) => {
      const fpath = `${path}/fields/${i}`;
      const tsName = f.tsName ?? f.name;
      if (seenWire.has(f.name)) report("duplicate-name", `${fpath}/name`, `duplicate field "${f.name}" in record ${name}`);
      else if (seenTs.has(tsName)) report("duplicate-name", `${fpath}/name`, `duplicate TypeScript field name "${tsName}" in record ${name}`);
      seenWire.add(f.name);
      seenTs.add(tsName);
      const type = resolve(f.type, `${fpath}/type`);
      const nullable = f.nullable ?? (type.kind === "record" || (type.kind === "scalar" && SCALARS[type.name].reference));
      return { wireName: f.name, tsName, type, nullable, description: f.description ?? "", pos: locate(fpath) };
    });
    return { name, wireName, description: r.description ?? "", fields, pos: locate(path, true) };
  });
  const recordByName = new Map(records.map((r) => [r.name, r]));
  const enumByName = new Map(enums.map((e) => [e.name, e]));

  const buildParam = (p: RawParam, path: string, opName: string): ParamModel => {
    const type = resolve(p.type, `${path}/type`);
    if (type.kind === "record") report("unsupported-type", `${path}/type`, `parameter "${p.name}" of ${opName}: record parameters are not supported`);
    if (p.list === true && p.item === undefined)
      report("list-item-missing", path, `list parameter "${p.name}" of ${opName} has no item element (add "item")`);
    if (p.list !== true && p.item !== undefined)
      report("item-without-list", `${path}/item`, `parameter "${p.name}" of ${opName} has an item element but is not a list (add "list: true")`);
    if (p.credential !== undefined && (type.kind !== "scalar" || type.name !== "string" || p.list === true))
      report("credential-type", `${path}/credential`, `credential parameter "${p.name}" of ${opName} must be a single string`);
    return {
      wireName: p.name,
      tsName: p.tsName ?? p.name,
      type,
      listItem: p.list === true ? (p.item ?? "") : null,
      optional: p.optional ?? false,
      credential: p.credential ?? null,
      description: p.description ?? "",
      pos: locate(path),
    };
  };

  const expectedRoot = (type: TypeRef): string =>
    type.kind === "scalar" ? type.name : type.kind === "enum" ? (enumByName.get(type.name)?.wireName ?? type.name) : (recordByName.get(type.name)?.wireName ?? type.name);

  const resultModel = (r: RawResult, type: TypeRef, path: string): ResultModel => {
    const reference = r.kind !== "scalar" || type.kind === "record" || (type.kind === "scalar" && SCALARS[type.name].reference);
    return {
      kind: r.kind,
      type,
      item: r.kind === "list" ? (r.item ?? "") : null,
      soapElement: r.soapElement,
      httpRoot: r.httpRoot,
      nullable: r.nullable ?? reference,
      description: r.description ?? "",
      pos: locate(path),
    };
  };

  const buildResult = (r: RawResult, path: string, opName: string): ResultModel => {
    const type = resolve(r.type, `${path}/type`);
    const mismatch = (field: string, message: string): void => report("result-element-mismatch", `${path}/${field}`, `${opName}: ${message}`);
    if (r.soapElement !== `${opName}Result`) mismatch("soapElement", `SOAP result element "${r.soapElement}" must be "${opName}Result"`);
    if (unresolved.has(type)) return resultModel(r, type, path);
    if (r.kind === "record" && type.kind !== "record") mismatch("type", `result kind "record" needs a record type, not "${r.type}"`);
    if (r.kind === "scalar" && type.kind === "record") mismatch("type", `result kind "scalar" cannot have record type "${r.type}"`);
    if (r.kind === "list") {
      const itemName = expectedRoot(type);
      const arrayName = type.kind === "scalar" ? SCALARS[type.name].arrayOfName : itemName;
      if (r.item === undefined) mismatch("kind", `list result needs an item element (expected "${itemName}")`);
      else if (r.item !== itemName) mismatch("item", `list item element "${r.item}" does not match type ${r.type} (expected "${itemName}")`);
      if (r.httpRoot !== `ArrayOf${arrayName}`) mismatch("httpRoot", `HTTP root "${r.httpRoot}" does not match a list of ${r.type} (expected "ArrayOf${arrayName}")`);
    } else {
      if (r.item !== undefined) mismatch("item", `only list results have an item element`);
      const root = expectedRoot(type);
      if (r.httpRoot !== root) mismatch("httpRoot", `HTTP root "${r.httpRoot}" does not match ${r.kind} type ${r.type} (expected "${root}")`);
    }
    return resultModel(r, type, path);
  };

  const buildOperation = (o: RawOperation, path: string, endpointPath: string): AnyOperationModel => {
    const params = o.params.map((p, i) => buildParam(p, `${path}/params/${i}`, o.name));
    const seen = new Set<string>();
    const seenTs = new Set<string>();
    params.forEach((p, i) => {
      if (seen.has(p.wireName)) report("duplicate-name", `${path}/params/${i}/name`, `duplicate parameter "${p.wireName}" in ${o.name}`);
      else if (seenTs.has(p.tsName)) report("duplicate-name", `${path}/params/${i}/name`, `duplicate TypeScript parameter name "${p.tsName}" in ${o.name}`);
      seen.add(p.wireName);
      seenTs.add(p.tsName);
    });
    for (const role of ["username", "password"] as const) {
      const withRole = params.filter((p) => p.credential === role);
      if (withRole.length > 1) report("duplicate-credential", `${path}/params`, `${o.name} has ${withRole.length} "${role}" credential parameters`);
    }
    const base = {
      name: o.name,
      tsName: o.tsName ?? o.name,
      description: o.description ?? "",
      path: o.path ?? endpointPath,
      soapAction: o.soapAction ?? soapActionFor(namespace, o.name),
      params,
      pos: locate(path),
    };
    if (o.partial === true) {
      if (o.result !== undefined) report("partial-with-result", `${path}/result`, `${o.name} is marked partial but has a result: remove "partial" or the result`, true);
      return { ...base, partial: true, result: null } satisfies PartialOperationModel;
    }
    return { ...base, partial: false, result: buildResult(o.result as RawResult, `${path}/result`, o.name) } satisfies CompleteOperationModel;
  };

  const endpointNames = new Set<string>();
  const paths = new Map<string, string>();
  const endpoints: EndpointModel[] = raw.endpoints.map((e, ei) => {
    const path = `/endpoints/${ei}`;
    if (endpointNames.has(e.name)) report("duplicate-name", `${path}/name`, `duplicate endpoint name "${e.name}"`);
    endpointNames.add(e.name);
    [e.path, ...(e.alternatePaths ?? [])].forEach((p, pi) => {
      const other = paths.get(p);
      if (other !== undefined) report("duplicate-name", pi === 0 ? `${path}/path` : `${path}/alternatePaths/${pi - 1}`, `path "${p}" is also used by endpoint ${other}`);
      paths.set(p, e.name);
    });
    const ops = e.operations.map((o, oi) => buildOperation(o, `${path}/operations/${oi}`, e.path));
    const opNames = new Set<string>();
    ops.forEach((o, oi) => {
      if (opNames.has(o.name)) report("duplicate-name", `${path}/operations/${oi}/name`, `duplicate operation "${o.name}" in endpoint ${e.name}`);
      opNames.add(o.name);
    });
    return {
      name: e.name,
      description: e.description ?? "",
      path: e.path,
      alternatePaths: [...(e.alternatePaths ?? [])],
      operations: ops.filter((o): o is CompleteOperationModel => !o.partial),
      partialOperations: ops.filter((o): o is PartialOperationModel => o.partial),
      pos: locate(path),
    };
  });

  const model: ServiceModel = {
    name: raw.service.name,
    description: raw.service.description ?? "",
    namespace,
    packageName: raw.service.package.name,
    packageVersion: raw.service.package.version,
    packageDescription: raw.service.package.description ?? raw.service.description ?? "",
    specFile: file,
    enums,
    records,
    endpoints,
  };
  if (issues.length === 0) issues.push(...checkNames(model));
  return { model, issues };
}
