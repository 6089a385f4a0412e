/**
 * The ts-morph structure kinds the emitters use, as constants typed by ts-morph's own enums, so
 * that emitting structures does not load ts-morph (and with it the TypeScript compiler): a
 * regeneration whose every output is cached never loads it. A test checks the values against
 * ts-morph's.
 */
import type { StructureKind, VariableDeclarationKind } from "ts-morph";

export const Kind = {
  ExportDeclaration: 11 as StructureKind.ExportDeclaration,
  Function: 13 as StructureKind.Function,
  ImportDeclaration: 16 as StructureKind.ImportDeclaration,
  Interface: 19 as StructureKind.Interface,
  TypeAlias: 38 as StructureKind.TypeAlias,
  VariableStatement: 41 as StructureKind.VariableStatement,
} as const;

export const Const = "const" as VariableDeclarationKind.Const;
