/** Spec types → TypeScript type text (decoded values and accepted inputs). */
import { SCALARS } from "../model/scalars.ts";
import type { FieldModel, ParamModel, ResultModel, TypeRef } from "../model/types.ts";

/** TypeScript type of a decoded value of `type`. */
export function valueType(type: TypeRef): string {
  return type.kind === "scalar" ? SCALARS[type.name].tsType : type.name;
}

/** TypeScript type of a record field. */
export function fieldType(field: FieldModel): string {
  return field.nullable ? `${valueType(field.type)} | null` : valueType(field.type);
}

/** TypeScript type accepted for a parameter (without the optional marker). */
export function paramType(param: ParamModel): string {
  const one = param.type.kind === "scalar" ? SCALARS[param.type.name].tsInputType : param.type.name;
  const base = param.listItem !== null ? `readonly (${one})[]` : one;
  return param.optional ? `${base} | null | undefined` : base;
}

/** TypeScript type of an operation's result. */
export function resultType(result: ResultModel): string {
  const one = valueType(result.type);
  const base = result.kind === "list" ? `${one.includes(" ") ? `(${one})` : one}[]` : one;
  return result.nullable ? `${base} | null` : base;
}

/** Whether TypeScript code for these types needs the runtime's XsdDateTime. */
export function usesDateTime(types: readonly TypeRef[]): boolean {
  return types.some((t) => t.kind === "scalar" && t.name === "dateTime");
}

/** A property name as TypeScript source: bare when it is an identifier, quoted otherwise. */
export function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);
}
