/**
 * What every part of the model builder shares: where problems are reported, how spec type names
 * resolve, and what each resolved type is called in TypeScript, in descriptors and on the wire.
 */
import type { RawSpec } from "../spec/raw.ts";
import type { SpecIssue } from "../spec/errors.ts";
import type { Locator } from "../spec/position.ts";
import { naming } from "./naming.ts";
import { isScalar, SCALARS, SCALAR_TYPES } from "./scalars.ts";
import { join, plain, ref, type TypeText } from "./symbols.ts";
import type { TypeRef } from "./types.ts";
import { RT, RT_TYPES, codecSymbol } from "../runtime-symbols.ts";

export class BuildContext {
  readonly issues: SpecIssue[] = [];
  readonly namespace: string;
  private readonly enumWire = new Map<string, string>();
  private readonly recordWire = new Map<string, string>();
  /** Type references that did not resolve; checks that depend on them are skipped (one error, not three). */
  private readonly unresolved = new Set<TypeRef>();

  /** Whether some operation sends a SOAP header (then options have typed `soapHeaders`). */
  readonly hasSoapHeaders: boolean;

  constructor(
    readonly raw: RawSpec,
    readonly locate: Locator,
    readonly file: string,
    namespace: string,
  ) {
    this.namespace = namespace;
    this.hasSoapHeaders = raw.endpoints.some((e) => e.operations.some((o) => (o.headers ?? []).some((h) => h.direction !== "out")));
    for (const [name, e] of Object.entries(raw.enums ?? {})) this.enumWire.set(name, e.wireName ?? name);
    for (const [name, r] of Object.entries(raw.records ?? {})) this.recordWire.set(name, r.wireName ?? name);
  }

  report(code: string, path: string, message: string, atKey = false): void {
    const pos = this.locate(path, atKey);
    this.issues.push({ code, message, file: this.file, line: pos.line, column: pos.column, path });
  }

  /** Resolves a spec type name; reports an unknown one and returns a placeholder. */
  resolve(name: string, path: string): TypeRef {
    if (isScalar(name)) return { kind: "scalar", name };
    if (this.enumWire.has(name)) return { kind: "enum", name };
    if (this.recordWire.has(name)) return { kind: "record", name };
    const known = [...SCALAR_TYPES, ...this.enumWire.keys(), ...this.recordWire.keys()].join(", ");
    this.report("unknown-type", path, `unknown type "${name}" (known: ${known})`);
    const placeholder: TypeRef = { kind: "scalar", name: "string" };
    this.unresolved.add(placeholder);
    return placeholder;
  }

  isUnresolved(type: TypeRef): boolean {
    return this.unresolved.has(type);
  }

  /** Element or enumeration name of a type on the wire (scalars: the XSD name). */
  wireName(type: TypeRef): string {
    if (type.kind === "scalar") return type.name;
    return (type.kind === "enum" ? this.enumWire.get(type.name) : this.recordWire.get(type.name)) ?? type.name;
  }

  /** How a type is written on the wire, for docs. */
  wireLabel(type: TypeRef): string {
    if (type.kind === "scalar") return SCALARS[type.name].wireLabel ?? `xsd:${type.name}`;
    return `${type.kind === "enum" ? "enumeration" : "element"} ${this.wireName(type)}`;
  }

  /** TypeScript type of a decoded value. */
  valueType(type: TypeRef): TypeText {
    if (type.kind === "scalar") return this.scalarText(type.name, SCALARS[type.name].tsType);
    if (type.kind === "enum" && this.raw.enums?.[type.name]?.flags === true) return join(["readonly ", ref(naming.enumType(type.name)), "[]"]);
    return ref(type.kind === "enum" ? naming.enumType(type.name) : naming.recordType(type.name));
  }

  /** TypeScript type accepted when sending a value. */
  inputType(type: TypeRef): TypeText {
    if (type.kind === "scalar") return this.scalarText(type.name, SCALARS[type.name].tsInputType);
    return this.valueType(type);
  }

  /** The descriptor expression of a type: a scalar's runtime codec, or an enum/record descriptor. */
  descriptorType(type: TypeRef): TypeText {
    if (type.kind === "scalar") return ref(codecSymbol(type.name));
    return ref(type.kind === "enum" ? naming.enumDescriptor(type.name) : naming.recordDescriptor(type.name));
  }

  /**
   * A record value as TypeScript source: every property (nullable ones `null`), `$type` for a
   * record of a hierarchy; an abstract record's first concrete subtype. `value` gives each scalar.
   */
  private recordValue(name: string, value: (t: TypeRef, wire: string) => TypeText, depth: number): TypeText {
    const records = this.raw.records ?? {};
    if (depth > 5) return plain("{}");
    let concrete = name;
    if (records[name]?.abstract === true) {
      const sub = Object.keys(records).find((n) => records[n]?.abstract !== true && this.chain(n).includes(name));
      if (sub === undefined) return plain("{}");
      concrete = sub;
    }
    const chain = this.chain(concrete);
    const hierarchy = chain.length > 0 || Object.keys(records).some((n) => this.chain(n).includes(concrete));
    const fields = [...chain].reverse().concat(concrete).flatMap((r) => records[r]?.fields ?? []);
    const parts: TypeText[] = hierarchy ? [plain(`${JSON.stringify("$type")}: ${JSON.stringify(concrete)}`)] : [];
    for (const f of fields) {
      const t = isScalar(f.type) ? ({ kind: "scalar", name: f.type } as TypeRef) : this.enumWire.has(f.type) ? ({ kind: "enum", name: f.type } as TypeRef) : ({ kind: "record", name: f.type } as TypeRef);
      const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(f.tsName ?? f.name) ? (f.tsName ?? f.name) : JSON.stringify(f.tsName ?? f.name);
      const list = f.list === true || f.repeated === true;
      const nullable = f.nullable ?? (f.nillable === true || list || this.isReference(t));
      const v = nullable && (t.kind === "record" ? depth > 1 : list || depth > 1) ? plain("null") : t.kind === "record" ? this.recordValue(t.name, value, depth + 1) : value(t, f.name);
      parts.push(join([`${key}: `, list && v.text !== "null" ? join(["[", v, "]"]) : v]));
    }
    return parts.length === 0 ? plain("{}") : join(["{ ", join(parts, ", "), " }"]);
  }

  /** A record's bases, nearest first (stops at a missing base or a cycle). */
  private chain(name: string): string[] {
    const out: string[] = [];
    let base = this.raw.records?.[name]?.base;
    while (base !== undefined && this.raw.records?.[base] !== undefined && base !== name && !out.includes(base)) {
      out.push(base);
      base = this.raw.records[base]?.base;
    }
    return out;
  }

  /** A plain example value of a type, as TypeScript source. */
  example(type: TypeRef): TypeText {
    if (type.kind === "scalar") return this.scalarText(type.name, SCALARS[type.name].example, false);
    if (type.kind === "enum") {
      const e = this.raw.enums?.[type.name];
      const first = JSON.stringify(e?.values[0] ?? "");
      return plain(e?.flags === true ? `[${first}]` : first);
    }
    return this.recordValue(type.name, (t) => this.example(t), 0);
  }

  /** The i-th representative value of a type for golden request tests, as TypeScript source. */
  sample(type: TypeRef, wireName: string, i: number): TypeText {
    if (type.kind === "scalar") return this.scalarText(type.name, SCALARS[type.name].sample(wireName, i), false);
    if (type.kind === "enum") {
      const values = this.raw.enums?.[type.name]?.values ?? [""];
      return plain(JSON.stringify(values[i % values.length]));
    }
    return this.recordValue(type.name, (t, wire) => this.sample(t, wire, i), 0);
  }

  /** Whether .NET treats values of the type as references (so the service may send null). */
  isReference(type: TypeRef): boolean {
    return type.kind === "record" || (type.kind === "scalar" && SCALARS[type.name].reference);
  }

  private scalarText(name: keyof typeof SCALARS, text: string, asType = true): TypeText {
    const words = new Set(text.split(/[^A-Za-z0-9_$]+/));
    return {
      text,
      refs: SCALARS[name].runtimeTypes.filter((n) => words.has(n)).map((n) => (n in RT ? { ...RT[n as keyof typeof RT], typeOnly: asType } : { ...RT_TYPES[n as keyof typeof RT_TYPES], typeOnly: true })),
    };
  }
}
