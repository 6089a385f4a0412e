/**
 * TypeScript names for what a WSDL names, chosen once at import so that `generate` accepts the
 * spec as written. The wire names never change; where one is not a usable TypeScript name the
 * spec gets a name beside it, by the generator's own rules (model/naming.ts):
 *
 * - a parameter or field that is not an identifier (`first-name`) or not a plain property
 *   (`__proto__`) gets `tsName` (`first_name`), numbered if that is taken in the same object;
 * - an operation whose function name is reserved (`delete`), not an identifier, or already
 *   declared (the same operation name in two endpoint files, a runtime export such as `invoke`)
 *   gets `tsName`: `delete_`; `GetVersion_users` (with its endpoint's name); numbered after that;
 * - a record or enum whose type names are taken (.NET's `LoginResult` class beside the
 *   `Login` operation's `LoginResult` type, a class named `Config`) is keyed `LoginResultType`
 *   with `wireName: LoginResult`, and every reference follows;
 * - an endpoint whose group type would collide is numbered.
 *
 * Operations keep their wire names whenever they can (users look them up by those), so they
 * choose before records and enums. Works in place on a spec the importer has just built.
 */
import { isUsableName, naming, pascal, propertyNameProblem } from "../model/naming.ts";
import { RUNTIME_PUBLIC_NAMES } from "../runtime-symbols.ts";
import type { SpecDocument, SpecEndpoint } from "../spec/document.ts";

/** Letters, digits, `_` and `$` only; `_` before a leading digit. */
const identifierFrom = (s: string): string => s.replace(/[^A-Za-z0-9_$]/g, "_").replace(/^(?=[0-9]|$)/, "_");

/** Declared names of the package so far (the runtime's exports first). */
class Taken {
  private readonly names = new Set<string>(RUNTIME_PUBLIC_NAMES);
  /** Claims all of `names` if each is usable and free. */
  claimAll(names: readonly string[]): boolean {
    if (!names.every((n) => isUsableName(n) && !this.names.has(n)) || new Set(names).size !== names.length) return false;
    for (const n of names) this.names.add(n);
    return true;
  }
}

/** The first candidate whose declared names can all be claimed; later candidates are numbered. */
function choose(taken: Taken, candidates: readonly string[], declared: (name: string) => readonly string[]): string {
  const last = candidates[candidates.length - 1]!;
  for (const c of candidates) if (taken.claimAll(declared(c))) return c;
  for (let i = 2; ; i++) if (taken.claimAll(declared(`${last}${i}`))) return `${last}${i}`;
}

/** The object with `tsName` right after `name` (where a reader of the YAML looks for it). */
function withTsName<T extends { name: string; tsName?: string }>(o: T, tsName: string): T {
  const { name, tsName: _previous, ...rest } = o;
  return { name, tsName, ...rest } as T;
}

/** tsName for each member (parameter or field) whose wire name is not a usable property name. */
function nameMembers<T extends { name: string; tsName?: string }>(members: T[]): void {
  const used = new Set(members.map((m) => m.tsName ?? m.name));
  members.forEach((m, i) => {
    const current = m.tsName ?? m.name;
    if (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(current) && propertyNameProblem(current) === null) return;
    used.delete(current);
    let name = identifierFrom(current);
    if (propertyNameProblem(name) !== null) name = `${name}_`;
    for (let n = 2; used.has(name); n++) name = `${identifierFrom(current)}${n}`;
    members[i] = withTsName(m, name);
    used.add(name);
  });
}

const endpointNames = (name: string): string[] => [naming.endpointGroup(name).name];
const operationNames = (endpoint: SpecEndpoint) => (fn: string): string[] => [
  naming.opFunction(fn, endpoint.name).name,
  naming.opParams(fn, endpoint.name).name,
  naming.opResult(fn, endpoint.name).name,
  naming.opDescriptor(fn, endpoint.name).name,
];
const recordNames = (key: string): string[] => [naming.recordType(key).name, naming.recordDescriptor(key).name];
const enumNames = (key: string): string[] => [naming.enumType(key).name, naming.enumValues(key).name, naming.enumDescriptor(key).name];

/** Gives every name of a freshly imported spec a usable, unique TypeScript name (see above). */
export function assignTsNames(spec: SpecDocument): void {
  const taken = new Taken();
  for (const e of spec.endpoints) {
    const base = identifierFrom(e.name);
    e.name = choose(taken, [base, `${base}_`], endpointNames);
  }
  for (const e of spec.endpoints) {
    e.operations.forEach((o, i) => {
      nameMembers(o.params);
      const base = identifierFrom(o.tsName ?? o.name);
      // reserved: `delete_`; taken (the same name in another endpoint file, a runtime export): `name_endpoint`
      const fn = choose(taken, isUsableName(base) ? [base, `${base}_${e.name}`] : [`${base}_`, `${base}_${e.name}`], operationNames(e));
      if (fn !== (o.tsName ?? o.name)) e.operations[i] = withTsName(o, fn);
    });
  }
  const renamed = new Map<string, string>();
  const rekey = <T extends { wireName?: string }>(entries: Record<string, T> | undefined, declared: (key: string) => string[]): Record<string, T> | undefined => {
    if (entries === undefined) return undefined;
    return Object.fromEntries(
      Object.entries(entries).map(([key, value]) => {
        const base = identifierFrom(key);
        const chosen = choose(taken, [base, `${pascal(base)}Type`], declared);
        if (chosen === key) return [key, value];
        renamed.set(key, chosen);
        return [chosen, { ...value, wireName: value.wireName ?? key }];
      }),
    );
  };
  const records = rekey(spec.records, recordNames);
  const enums = rekey(spec.enums, enumNames);
  if (records !== undefined) spec.records = records;
  if (enums !== undefined) spec.enums = enums;
  const ref = (t: string): string => renamed.get(t) ?? t;
  for (const r of Object.values(spec.records ?? {})) {
    nameMembers(r.fields);
    for (const f of r.fields) f.type = ref(f.type);
    if (r.base !== undefined) r.base = ref(r.base);
  }
  for (const e of spec.endpoints)
    for (const o of e.operations) {
      for (const p of o.params) p.type = ref(p.type);
      for (const h of o.headers ?? []) h.type = ref(h.type);
      if (o.result?.type !== undefined) o.result.type = ref(o.result.type);
    }
}
