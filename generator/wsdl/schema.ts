/**
 * The XSD part of a WSDL (`wsdl:types/xs:schema`): indexes named elements and types, and maps
 * the element declarations ASMX writes to spec types — scalars, enums (and [Flags] enums),
 * records (with inheritance), `ArrayOfX` lists, raw XML (DataSet, XmlElement, any). Records and
 * enums met on the way are collected. Anything else is reported with its position, never thrown.
 */
import type { SpecEnum, SpecField, SpecRecord } from "../spec/document.ts";

/** What an imported spec says about System.TimeSpan (test/import/corpus.test.ts proves it against Mono). */
export const TIMESPAN_NOTE =
  "System.TimeSpan: XmlSerializer writes it as an empty element and reads none, so its value never travels (the service receives 00:00:00, the client decodes {}). Send durations as a string with [XmlElement(DataType = \"duration\")] instead.";
import type { ImportIssue } from "./issues.ts";
import { NS } from "./namespaces.ts";
import { REFERENCE_SCALARS, scalarFor } from "./xsd-types.ts";
import { childNamed, childrenNamed, resolveQName, type XmlElement } from "./xml-tree.ts";

/** How a declaration is typed in the spec. */
export type TypeUse =
  | { readonly kind: "scalar"; readonly type: string }
  | { readonly kind: "enum"; readonly type: string }
  | { readonly kind: "record"; readonly type: string }
  | { readonly kind: "list"; readonly type: string; readonly item: string; readonly itemKind: "scalar" | "enum" | "record"; readonly wrapper: string };

const key = (ns: string, local: string): string => `{${ns}}${local}`;

export class SchemaIndex {
  readonly elements = new Map<string, XmlElement>();
  readonly complexTypes = new Map<string, XmlElement>();
  readonly simpleTypes = new Map<string, XmlElement>();
  /** Records by wire name, in the order first met. */
  readonly records = new Map<string, SpecRecord>();
  readonly enums = new Map<string, SpecEnum>();
  private readonly inProgress = new Set<string>();

  constructor(
    types: XmlElement | undefined,
    private readonly issues: ImportIssue[],
  ) {
    for (const schema of types ? childrenNamed(types, NS.xsd, "schema") : []) {
      const tns = schema.attrs.get("targetNamespace") ?? "";
      for (const c of schema.children) {
        if (c.ns !== NS.xsd) continue;
        const name = c.attrs.get("name");
        if (c.local === "import" || c.local === "annotation") continue;
        if (name === undefined) {
          this.report("unmapped-construct", `unnamed top-level xs:${c.local} is not mapped`, c);
          continue;
        }
        if (c.local === "element") this.elements.set(key(tns, name), c);
        else if (c.local === "complexType") this.complexTypes.set(key(tns, name), c);
        else if (c.local === "simpleType") this.simpleTypes.set(key(tns, name), c);
        else this.report("unmapped-construct", `top-level xs:${c.local} "${name}" is not mapped`, c);
      }
    }
  }

  report(code: string, message: string, at: XmlElement): void {
    this.issues.push({ code, message, pos: at.pos });
  }

  /** A global element by QName attribute value (e.g. `tns:GetX`), as written on `at`. */
  element(at: XmlElement, qname: string | undefined): XmlElement | undefined {
    if (qname === undefined) return undefined;
    const q = resolveQName(at, qname);
    return q && this.elements.get(key(q.ns, q.local));
  }

  /** The sequence children of a complex type (or undefined, reported, when it has another shape). */
  sequenceOf(ct: XmlElement, what: string): XmlElement[] | undefined {
    const out: XmlElement[] = [];
    for (const c of ct.children) {
      if (c.ns !== NS.xsd) continue;
      if (c.local === "sequence") {
        for (const e of c.children) {
          if (e.ns !== NS.xsd) continue;
          if (e.local === "element") out.push(e);
          else if (e.local === "any") out.push(e);
          else {
            this.report("unmapped-construct", `xs:${e.local} inside the sequence of ${what} is not mapped`, e);
            return undefined;
          }
        }
      } else if (c.local === "anyAttribute" || c.local === "annotation") {
        // SoapHeader classes carry anyAttribute (actor, mustUnderstand): nothing to map.
      } else if (c.local !== "complexContent") {
        this.report("unmapped-construct", `xs:${c.local} in ${what} is not mapped`, c);
        return undefined;
      }
    }
    return out;
  }

  /**
   * Whether an inline or named complex type is raw XML: only wildcards and references to XSD
   * elements — DataSet (`ref=xs:schema` + any, or Mono's two `any`), XmlElement (`any`).
   */
  isRawXml(ct: XmlElement): boolean {
    const seq = childNamed(ct, NS.xsd, "sequence");
    if (!seq) return false;
    const kids = seq.children.filter((c) => c.ns === NS.xsd);
    if (kids.length === 0 || !kids.some((k) => k.local === "any")) return false;
    return kids.every((k) => k.local === "any" || (k.local === "element" && k.attrs.get("ref") !== undefined && resolveQName(k, k.attrs.get("ref")!)?.ns === NS.xsd));
  }

  /** Maps the records that extend a mapped record (reached only through XmlInclude, never named by an element). */
  addDerivedRecords(): void {
    for (let grew = true; grew; ) {
      grew = false;
      for (const [k, ct] of this.complexTypes) {
        const name = k.slice(k.indexOf("}") + 1);
        if (this.records.has(name)) continue;
        const ext = childNamed(childNamed(ct, NS.xsd, "complexContent") ?? ct, NS.xsd, "extension");
        const base = ext?.attrs.get("base");
        const q = base === undefined ? undefined : resolveQName(ext!, base);
        if (q && this.records.has(q.local) && this.recordType(ct, name)) grew = true;
      }
    }
  }

  /**
   * The spec type of an element declaration inside a sequence (parameter, field, result), or
   * undefined (reported) when it cannot be mapped.
   */
  typeOf(decl: XmlElement, what: string): TypeUse | undefined {
    const typeAttr = decl.attrs.get("type");
    if (typeAttr === undefined) {
      const inline = childNamed(decl, NS.xsd, "complexType");
      if (inline && this.isRawXml(inline)) return { kind: "scalar", type: "xml" };
      if (decl.attrs.get("ref") !== undefined) {
        this.report("unmapped-construct", `element reference (ref="${decl.attrs.get("ref")}") in ${what} is not mapped`, decl);
        return undefined;
      }
      this.report("unmapped-construct", `${what} has no type (xs:anyType / inline type) and is not mapped`, decl);
      return undefined;
    }
    return this.typeByName(decl, typeAttr, what);
  }

  /** Maps a type QName as written on `at`. */
  typeByName(at: XmlElement, typeAttr: string, what: string): TypeUse | undefined {
    const q = resolveQName(at, typeAttr);
    if (!q) {
      this.report("unmapped-construct", `undeclared prefix in type "${typeAttr}" of ${what}`, at);
      return undefined;
    }
    const scalar = scalarFor(q.ns, q.local);
    if (scalar !== undefined) return { kind: "scalar", type: scalar };
    if (q.ns === NS.xsd || q.ns === NS.msTypes) {
      this.report("unmapped-construct", `XSD type ${q.local} of ${what} is not mapped`, at);
      return undefined;
    }
    const st = this.simpleTypes.get(key(q.ns, q.local));
    if (st) return this.enumType(st, q.local) ? { kind: "enum", type: q.local } : undefined;
    const ct = this.complexTypes.get(key(q.ns, q.local));
    if (!ct) {
      this.report("missing-type", `type ${typeAttr} of ${what} is not declared in the WSDL's schema`, at);
      return undefined;
    }
    if (this.isRawXml(ct)) return { kind: "scalar", type: "xml" };
    const arrayItem = this.arrayItem(ct);
    if (arrayItem) {
      const t = this.typeOf(arrayItem, `items of ${q.local}`);
      if (!t) return undefined;
      if (t.kind === "list") {
        this.report("unmapped-construct", `list of lists (${q.local}) in ${what} is not mapped`, ct);
        return undefined;
      }
      return { kind: "list", type: t.type, item: arrayItem.attrs.get("name") ?? "", itemKind: t.kind, wrapper: q.local };
    }
    return this.recordType(ct, q.local) ? { kind: "record", type: q.local } : undefined;
  }

  /** The item declaration of an `ArrayOfX`-shaped type: one element, maxOccurs unbounded, nothing else. */
  private arrayItem(ct: XmlElement): XmlElement | undefined {
    if (ct.children.some((c) => c.ns === NS.xsd && c.local === "complexContent")) return undefined;
    const seq = childNamed(ct, NS.xsd, "sequence");
    if (!seq) return undefined;
    const kids = seq.children.filter((c) => c.ns === NS.xsd);
    if (kids.length !== 1 || kids[0]!.local !== "element" || kids[0]!.attrs.get("maxOccurs") !== "unbounded") return undefined;
    return kids[0];
  }

  private enumType(st: XmlElement, name: string): boolean {
    if (this.enums.has(name)) return true;
    let restriction = childNamed(st, NS.xsd, "restriction");
    let flags = false;
    const list = childNamed(st, NS.xsd, "list");
    if (!restriction && list) {
      const inner = childNamed(list, NS.xsd, "simpleType");
      restriction = inner && childNamed(inner, NS.xsd, "restriction");
      flags = true;
    }
    const values = restriction ? childrenNamed(restriction, NS.xsd, "enumeration").map((e) => e.attrs.get("value") ?? "") : [];
    if (!restriction || values.length === 0) {
      this.report("unmapped-construct", `simple type ${name} is not an enumeration and is not mapped`, st);
      return false;
    }
    const e: SpecEnum = flags ? { flags: true, values } : { values };
    this.enums.set(name, e);
    return true;
  }

  recordType(ct: XmlElement, name: string): boolean {
    if (this.records.has(name) || this.inProgress.has(name)) return true;
    this.inProgress.add(name);
    const rec = {} as SpecRecord; // fields are set last, after base/abstract (the spec's key order)
    const fields: SpecRecord["fields"] = [];
    this.records.set(name, rec); // parents before the records they contain
    let ok = false;
    try {
      let body: XmlElement = ct;
      const content = childNamed(ct, NS.xsd, "complexContent");
      if (content) {
        const ext = childNamed(content, NS.xsd, "extension");
        const base = ext?.attrs.get("base");
        if (!ext || base === undefined) {
          this.report("unmapped-construct", `complexContent of ${name} other than an extension is not mapped`, content);
          return false;
        }
        const baseType = this.typeByName(ext, base, `the base of ${name}`);
        if (!baseType || baseType.kind !== "record") {
          if (baseType) this.report("unmapped-construct", `base ${base} of ${name} is not a record`, ext);
          return false;
        }
        rec.base = baseType.type;
        body = ext;
      }
      if (ct.attrs.get("abstract") === "true") rec.abstract = true;
      for (const a of body.children) {
        if (a.ns === NS.xsd && (a.local === "attribute" || a.local === "attributeGroup"))
          this.report("unmapped-construct", `attribute ${a.attrs.get("name") ?? a.attrs.get("ref") ?? ""} of ${name} is not mapped (skipped)`, a);
      }
      const seq = this.sequenceOf(body, `type ${name}`);
      if (!seq) return false;
      for (const decl of seq) {
        const fname = decl.attrs.get("name");
        if (decl.local === "any" || fname === undefined) {
          this.report("unmapped-construct", `${decl.local === "any" ? "xs:any" : "unnamed element"} in record ${name} is not mapped (skipped)`, decl);
          continue;
        }
        // Repeated without a wrapper ([XmlElement] on an array): one element per item.
        const repeated = decl.attrs.get("maxOccurs") === "unbounded";
        const t = this.typeOf(decl, `field ${name}.${fname}`);
        if (!t) continue;
        if (repeated && t.kind === "list") {
          this.report("unmapped-construct", `field ${name}.${fname} repeats a list (a list of lists) and is not mapped (skipped)`, decl);
          continue;
        }
        const f: SpecField = { name: fname, type: t.type };
        if (t.kind === "list") {
          f.list = true;
          f.item = t.item;
        }
        if (repeated) f.repeated = true;
        const minZero = decl.attrs.get("minOccurs") === "0";
        const byDefault = repeated || (t.kind !== "scalar" && t.kind !== "enum" ? true : REFERENCE_SCALARS.has(t.type));
        if (minZero !== byDefault) f.nullable = minZero;
        if (decl.attrs.get("nillable") === "true" && (t.kind === "scalar" || t.kind === "enum") && !REFERENCE_SCALARS.has(t.type)) f.nillable = true;
        fields.push(f);
      }
      // .NET's XmlSerializer publishes System.TimeSpan as an empty complex type and writes every
      // TimeSpan as an empty element, both ways (Mono and .NET Framework alike): say so where users read.
      if (name === "TimeSpan" && fields.length === 0 && rec.base === undefined) rec.description = TIMESPAN_NOTE;
      rec.fields = fields;
      ok = true;
      return true;
    } finally {
      this.inProgress.delete(name);
      if (!ok) this.records.delete(name);
    }
  }
}
