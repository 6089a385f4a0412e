/**
 * The one table of what each XSD scalar means to the generator. Exhaustive by type, so a new
 * scalar fails to compile until every column is filled.
 */
import type { ScalarType } from "./types.ts";

export interface ScalarInfo {
  /** TypeScript type of decoded values. */
  readonly tsType: string;
  /** TypeScript type accepted when encoding (may be wider than the decoded type). */
  readonly tsInputType: string;
  /** Whether .NET treats it as a reference type (so the service may send null). */
  readonly reference: boolean;
  /** Name used in ASMX `ArrayOf…` root elements for lists of this type. */
  readonly arrayOfName: string;
}

export const SCALARS: { readonly [K in ScalarType]: ScalarInfo } = {
  string: { tsType: "string", tsInputType: "string", reference: true, arrayOfName: "String" },
  int: { tsType: "number", tsInputType: "number", reference: false, arrayOfName: "Int" },
  long: { tsType: "bigint", tsInputType: "bigint", reference: false, arrayOfName: "Long" },
  double: { tsType: "number", tsInputType: "number", reference: false, arrayOfName: "Double" },
  boolean: { tsType: "boolean", tsInputType: "boolean", reference: false, arrayOfName: "Boolean" },
  dateTime: { tsType: "XsdDateTime", tsInputType: "XsdDateTime | Date", reference: false, arrayOfName: "DateTime" },
  unsignedByte: { tsType: "number", tsInputType: "number", reference: false, arrayOfName: "UnsignedByte" },
  base64Binary: { tsType: "Uint8Array", tsInputType: "Uint8Array", reference: true, arrayOfName: "Base64Binary" },
};

/** Every scalar type name, in the table's order. */
export const SCALAR_TYPES: readonly ScalarType[] = Object.freeze(Object.keys(SCALARS) as ScalarType[]);
