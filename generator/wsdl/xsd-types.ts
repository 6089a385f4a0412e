/**
 * XSD built-in types that .NET's XmlSerializer emits, and Microsoft's guid/char, mapped to spec
 * scalar names. One table; anything else in the XSD namespace is reported as unmapped.
 */
import { NS } from "./namespaces.ts";

/** Spec scalar name of each XSD built-in (same name unless noted). */
const XSD_SCALARS: Readonly<Record<string, string>> = {
  string: "string",
  boolean: "boolean",
  byte: "byte",
  unsignedByte: "unsignedByte",
  short: "short",
  unsignedShort: "unsignedShort",
  int: "int",
  unsignedInt: "unsignedInt",
  long: "long",
  unsignedLong: "unsignedLong",
  float: "float",
  double: "double",
  decimal: "decimal",
  dateTime: "dateTime",
  date: "date",
  time: "time",
  duration: "duration",
  base64Binary: "base64Binary",
  hexBinary: "hexBinary",
  anyURI: "anyURI",
  QName: "QName",
};
const MS_SCALARS: Readonly<Record<string, string>> = { guid: "guid", char: "char" };

/**
 * Scalars that are .NET reference types (the service may send null without `nillable`).
 * `duration`: XmlSerializer writes it only for strings (DataType="duration"); a TimeSpan is an
 * empty complex type.
 */
export const REFERENCE_SCALARS: ReadonlySet<string> = new Set(["string", "base64Binary", "hexBinary", "anyURI", "QName", "duration", "xml"]);

/** Every spec scalar name the importer can write, plus `xml` (raw XML: DataSet, XmlElement, any). */
export const SPEC_SCALARS: readonly string[] = [...Object.values(XSD_SCALARS), ...Object.values(MS_SCALARS), "xml"];

/** `ArrayOf…` name part XmlSerializer uses for a list of each scalar (ArrayOfInt, ArrayOfUnsignedByte, …). */
export function arrayOfName(scalar: string): string {
  return scalar.charAt(0).toUpperCase() + scalar.slice(1);
}

/** The spec scalar for an XSD/Microsoft type, or undefined. */
export function scalarFor(ns: string, local: string): string | undefined {
  if (ns === NS.xsd) return Object.hasOwn(XSD_SCALARS, local) ? XSD_SCALARS[local] : undefined;
  if (ns === NS.msTypes) return Object.hasOwn(MS_SCALARS, local) ? MS_SCALARS[local] : undefined;
  return undefined;
}
