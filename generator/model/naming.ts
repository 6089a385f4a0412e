/**
 * Naming rules, decided once: types are PascalCase always; operation functions and client
 * methods keep the service's exact operation names (users look them up by those). Every
 * exported name is checked here: valid identifier, not reserved, unique across the package;
 * problems are spec errors reported at the place that introduced the name.
 */
import { RUNTIME_PUBLIC_NAMES } from "../runtime-symbols.ts";
import type { SpecIssue } from "../spec/errors.ts";
import type { SourcePos } from "../spec/position.ts";
import { MODULES, symbol, type GenSymbol } from "./symbols.ts";

/** `sendReport` → `SendReport`; names that already start upper-case are kept. */
export const pascal = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);

/** The names of everything the generated package declares for one spec object. */
export const naming = {
  enumType: (name: string): GenSymbol => symbol(pascal(name), MODULES.types, true),
  enumValues: (name: string): GenSymbol => symbol(`${pascal(name)}Values`, MODULES.types, false),
  enumDescriptor: (name: string): GenSymbol => symbol(`${pascal(name)}Enum`, MODULES.descriptors, false),
  recordType: (name: string): GenSymbol => symbol(pascal(name), MODULES.types, true),
  recordDescriptor: (name: string): GenSymbol => symbol(`${pascal(name)}Record`, MODULES.descriptors, false),
  opFunction: (fn: string, endpoint: string): GenSymbol => symbol(fn, MODULES.endpoint(endpoint), false),
  opParams: (fn: string, endpoint: string): GenSymbol => symbol(`${pascal(fn)}Params`, MODULES.endpoint(endpoint), true),
  opResult: (fn: string, endpoint: string): GenSymbol => symbol(`${pascal(fn)}Result`, MODULES.endpoint(endpoint), true),
  opDescriptor: (fn: string, endpoint: string): GenSymbol => symbol(`${pascal(fn)}Operation`, MODULES.endpoint(endpoint), false),
  endpointGroup: (endpoint: string): GenSymbol => symbol(`${pascal(endpoint)}Operations`, MODULES.client, true),
  client: symbol("Client", MODULES.client, true),
  createClient: symbol("createClient", MODULES.client, false),
} as const;

const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "as implements interface let package private protected public static yield any boolean constructor declare get " +
    "module require number set string symbol type from of async await undefined never unknown object bigint"
  ).split(" "),
);

/** Whether a name can be declared and exported as it is: an identifier, not a reserved word. */
export const isUsableName = (name: string): boolean => IDENT.test(name) && !RESERVED.has(name);

/** Property names that would not be own data properties of a decoded object or a parameter object. */
const RESERVED_PROPERTIES = new Set(["__proto__"]);

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name as TypeScript source: bare when it is an identifier, quoted otherwise. */
export const propertyKey = (name: string): string => (IDENT.test(name) ? name : JSON.stringify(name));

/** A problem with a property name (record field or parameter), or null. */
export function propertyNameProblem(name: string): string | null {
  return RESERVED_PROPERTIES.has(name) ? `"${name}" cannot be a property name of a plain object: set tsName` : null;
}

/** Collects exported names and reports the unusable and the colliding ones. */
export class NameRegistry {
  private readonly taken = new Map<string, string>(RUNTIME_PUBLIC_NAMES.map((n) => [n, "the runtime"]));
  readonly issues: SpecIssue[] = [];

  claim(name: string, owner: string, pos: SourcePos): void {
    const at = { file: pos.file, line: pos.line, column: pos.column, path: pos.path };
    if (!isUsableName(name)) {
      this.issues.push({ code: "reserved-name", message: `"${name}" (${owner}) is not a usable TypeScript name: set tsName`, ...at });
      return;
    }
    const other = this.taken.get(name);
    if (other !== undefined) {
      this.issues.push({ code: "name-collision", message: `"${name}" (${owner}) collides with ${other}: set tsName`, ...at });
      return;
    }
    this.taken.set(name, owner);
  }
}
