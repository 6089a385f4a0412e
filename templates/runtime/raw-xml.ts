/**
 * Raw XML values: what .NET's `DataSet` (schema + diffgram), `XmlElement` and `xs:any` carry.
 * The value of such an element is its content, as a small immutable tree of elements and text:
 * no DOM, no XML text to re-parse, nothing a caller can inject markup through.
 *
 * Decoding: {@link RawXmlBuilder} is fed by the response decoder from the same tokenizer as
 * everything else (no DOCTYPE, no entities beyond the five predefined ones, the depth limit, the
 * response size limit, forbidden characters refused), without recursion. Encoding:
 * {@link writeRawXml} checks a caller's tree (names, namespaces, characters, depth) and writes it
 * with every text and attribute escaped and every namespace declared.
 */
import { CodecError, forbiddenXmlChar, isNCName, type XmlTreeBuilder } from "./codec.js";
import type { XmlAttributes } from "./xml.js";

/** An attribute of an {@link XmlElementNode}. */
export interface XmlAttributeNode {
  /** Local name. */
  readonly name: string;
  /** Namespace URI ("" for none: an unprefixed attribute). */
  readonly namespace: string;
  /** Prefix as written ("" for none). */
  readonly prefix: string;
  readonly value: string;
}

/** A namespace declaration (`xmlns:prefix="namespace"`; prefix "" for `xmlns="…"`). */
export interface XmlNamespaceDeclaration {
  readonly prefix: string;
  readonly namespace: string;
}

/** An element of raw XML, as decoded: every field present, frozen. */
export interface XmlElementNode {
  /** Local name. */
  readonly name: string;
  /** Namespace URI ("" for none). */
  readonly namespace: string;
  /** Prefix as written ("" for none). Kept, with the declarations, so that prefixed names inside text and attributes (`type="xs:int"` in a DataSet schema) still resolve when the tree is sent back. */
  readonly prefix: string;
  /** Namespace declarations written on this element, in order. */
  readonly namespaces: readonly XmlNamespaceDeclaration[];
  /** Attributes in order, namespace declarations excluded. */
  readonly attributes: readonly XmlAttributeNode[];
  /** Child elements and text, in order. Text that is only whitespace between elements (indentation) is dropped. */
  readonly children: readonly XmlNode[];
}

/** Raw XML content: elements and text. */
export type XmlNode = XmlElementNode | string;

/** An element to send: as {@link XmlElementNode}, with everything but `name` optional. */
export interface XmlElementInput {
  readonly name: string;
  /** Namespace URI; default "" (none). */
  readonly namespace?: string;
  /** Prefix to write; default "" (the namespace becomes the default namespace of the element). */
  readonly prefix?: string;
  /** Extra declarations to write (e.g. a prefix used only inside attribute values). */
  readonly namespaces?: readonly XmlNamespaceDeclaration[];
  readonly attributes?: readonly XmlAttributeInput[];
  readonly children?: readonly XmlNodeInput[];
}

/** An attribute to send; a namespaced attribute gets a declared prefix (its own when it has one). */
export interface XmlAttributeInput {
  readonly name: string;
  readonly namespace?: string;
  readonly prefix?: string;
  readonly value: string;
}

/** Raw XML content to send: elements and text (decoded values are accepted as they are). */
export type XmlNodeInput = XmlElementInput | string;

const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";
/** Deepest tree {@link writeRawXml} writes (the tokenizer's default limit): a cycle fails here. */
const MAX_DEPTH = 512;
const EMPTY: readonly never[] = Object.freeze([]);

interface Open {
  readonly name: string;
  readonly namespace: string;
  readonly prefix: string;
  readonly namespaces: readonly XmlNamespaceDeclaration[];
  readonly attributes: readonly XmlAttributeNode[];
  readonly children: XmlNode[];
  text: string;
  elements: boolean;
}

const isWhitespace = (s: string): boolean => {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13) return false;
  }
  return true;
};

/** Ends the pending text of a level: kept unless it is whitespace between elements. */
function flush(level: { children: XmlNode[]; text: string }): void {
  if (level.text !== "") level.children.push(level.text);
  level.text = "";
}

/** Drops whitespace-only text from content that has elements (indentation, as HTTP GET/POST answers are written). */
function content(children: XmlNode[], elements: boolean): readonly XmlNode[] {
  const kept = elements ? children.filter((c) => typeof c !== "string" || !isWhitespace(c)) : children;
  return kept.length === 0 ? EMPTY : Object.freeze(kept);
}

/**
 * Builds the content of one element from tokenizer events (the decoder forwards the events
 * inside the element here). No recursion; depth and size are the tokenizer's limits.
 */
export class RawXmlBuilder implements XmlTreeBuilder {
  private readonly root: { children: XmlNode[]; text: string; elements: boolean } = { children: [], text: "", elements: false };
  private readonly stack: Open[] = [];
  /** Whether anything (text or an element) was seen. */
  any = false;

  /** A start tag; `namespaceOf` resolves a qualified name (element or attribute) in the element's scope, its own declarations included. */
  open(qname: string, attrs: XmlAttributes, namespaceOf: (qname: string) => string | undefined): void {
    this.any = true;
    const parent = this.stack[this.stack.length - 1] ?? this.root;
    flush(parent);
    parent.elements = true;
    const colon = qname.indexOf(":");
    const namespaces: XmlNamespaceDeclaration[] = [];
    const attributes: XmlAttributeNode[] = [];
    for (let i = 0; i < attrs.length; i++) {
      const n = attrs.name(i);
      if (n === "xmlns" || n.startsWith("xmlns:")) {
        namespaces.push(Object.freeze({ prefix: n.length === 5 ? "" : n.slice(6), namespace: attrs.value(i) }));
        continue;
      }
      const c = n.indexOf(":");
      // An unprefixed attribute is in no namespace; a prefixed one resolves like the element's name.
      const namespace = c < 0 ? "" : (namespaceOf(n) ?? "");
      attributes.push(Object.freeze({ name: c < 0 ? n : n.slice(c + 1), namespace, prefix: c < 0 ? "" : n.slice(0, c), value: attrs.value(i) }));
    }
    this.stack.push({
      name: colon < 0 ? qname : qname.slice(colon + 1),
      namespace: namespaceOf(qname) ?? "",
      prefix: colon < 0 ? "" : qname.slice(0, colon),
      namespaces: namespaces.length === 0 ? EMPTY : Object.freeze(namespaces),
      attributes: attributes.length === 0 ? EMPTY : Object.freeze(attributes),
      children: [],
      text: "",
      elements: false,
    });
  }

  /** Elements of the content open now. */
  get depth(): number {
    return this.stack.length;
  }

  /** Character data (already decoded). */
  text(s: string): void {
    this.any = true;
    (this.stack[this.stack.length - 1] ?? this.root).text += s;
  }

  /** An end tag; false when no element of the content is open (the end tag is the raw element's own). */
  close(): boolean {
    const e = this.stack.pop();
    if (e === undefined) return false;
    flush(e);
    const node: XmlElementNode = Object.freeze({
      name: e.name,
      namespace: e.namespace,
      prefix: e.prefix,
      namespaces: e.namespaces,
      attributes: e.attributes,
      children: content(e.children, e.elements),
    });
    (this.stack[this.stack.length - 1] ?? this.root).children.push(node);
    return true;
  }

  /** The content, once the raw element has ended. */
  finish(): readonly XmlNode[] {
    flush(this.root);
    return content(this.root.children, this.root.elements);
  }
}

const escapeText = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\r/g, "&#xD;");
const escapeAttr = (s: string): string =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;").replace(/\t/g, "&#x9;").replace(/\n/g, "&#xA;").replace(/\r/g, "&#xD;");

/** Namespace scope while writing: declarations in order and the count at each depth. */
class Scope {
  private readonly prefixes: string[] = [];
  private readonly uris: string[] = [];
  constructor(defaultNs: string) {
    this.declare("", defaultNs);
  }
  declare(prefix: string, uri: string): void {
    this.prefixes.push(prefix);
    this.uris.push(uri);
  }
  lookup(prefix: string): string | undefined {
    if (prefix === "xml") return XML_NS;
    for (let i = this.prefixes.length - 1; i >= 0; i--) if (this.prefixes[i] === prefix) return this.uris[i];
    return prefix === "" ? "" : undefined;
  }
  /** A prefix bound to `uri` in scope (not the default one), or undefined. */
  prefixOf(uri: string): string | undefined {
    for (let i = this.prefixes.length - 1; i >= 0; i--) {
      const p = this.prefixes[i]!;
      if (p !== "" && this.uris[i] === uri && this.lookup(p) === uri) return p;
    }
    return undefined;
  }
  get mark(): number {
    return this.prefixes.length;
  }
  reset(mark: number): void {
    this.prefixes.length = mark;
    this.uris.length = mark;
  }
}

function fail(path: string, why: string): never {
  throw new CodecError(`${path === "" ? "" : `at ${path}: `}${why}`);
}

function str(v: unknown, path: string, what: string, fallback?: string): string {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== "string") fail(path, `${what} must be a string, got ${v === null ? "null" : typeof v}`);
  const bad = forbiddenXmlChar(v);
  if (bad !== null) fail(path, `${what}: character ${bad} cannot be sent in XML 1.0`);
  return v;
}

function list(v: unknown, path: string, what: string): readonly unknown[] {
  if (v === undefined) return EMPTY;
  if (!Array.isArray(v)) fail(path, `${what} must be an array, got ${v === null ? "null" : typeof v}`);
  return v as readonly unknown[];
}

function prefixOk(p: string, path: string): void {
  if (p !== "" && (!isNCName(p) || p === "xmlns" || (p.length >= 3 && p.slice(0, 3).toLowerCase() === "xml" && p !== "xml")))
    fail(path, `prefix ${JSON.stringify(p)} is not a usable XML prefix`);
}

interface Frame {
  readonly children: readonly unknown[];
  index: number;
  readonly path: string;
  readonly close: string;
  readonly mark: number;
}

/**
 * Writes raw XML content (a caller's tree or a decoded one) inside an element whose default
 * namespace is `defaultNs`. Throws CodecError naming the node (`[0].children[2].attributes[1]`)
 * for anything that is not a well-formed tree; text and attribute values are escaped, every
 * namespace is declared. Iterative: a deep or cyclic tree fails at depth 512, it cannot overflow
 * the stack.
 */
export function writeRawXml(value: unknown, defaultNs: string): string {
  const top = list(value, "", "raw XML content");
  const scope = new Scope(defaultNs);
  let out = "";
  const stack: Frame[] = [{ children: top, index: 0, path: "", close: "", mark: scope.mark }];
  while (stack.length > 0) {
    const f = stack[stack.length - 1]!;
    if (f.index >= f.children.length) {
      stack.pop();
      out += f.close;
      scope.reset(f.mark);
      continue;
    }
    const i = f.index++;
    const path = `${f.path}[${i}]`;
    let node: unknown;
    try {
      node = f.children[i];
    } catch (err) {
      fail(path, `reading the node threw: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (typeof node === "string") {
      out += escapeText(str(node, path, "text"));
      continue;
    }
    if (node === null || typeof node !== "object") fail(path, `expected an element { name, … } or a string, got ${node === null ? "null" : typeof node}`);
    if (stack.length > MAX_DEPTH) fail(path, `nested deeper than ${MAX_DEPTH} elements (a cycle?)`);
    const el = node as Record<string, unknown>;
    const name = str(el.name, path, "name");
    if (!isNCName(name)) fail(path, `name ${JSON.stringify(name)} is not an XML name without a colon`);
    const ns = str(el.namespace, path, "namespace", "");
    const prefix = str(el.prefix, path, "prefix", "");
    prefixOk(prefix, path);
    if (prefix === "xml" && ns !== XML_NS) fail(path, "the xml prefix is bound to its own namespace only");
    const mark = scope.mark;
    const qname = prefix === "" ? name : `${prefix}:${name}`;
    let tag = `<${qname}`;
    const declared = new Map<string, string>();
    const decls = list(el.namespaces, `${path}.namespaces`, "namespaces");
    for (let k = 0; k < decls.length; k++) {
      const dp = `${path}.namespaces[${k}]`;
      const d = decls[k];
      if (d === null || typeof d !== "object") fail(dp, "expected { prefix, namespace }");
      const p = str((d as Record<string, unknown>).prefix, dp, "prefix", "");
      const u = str((d as Record<string, unknown>).namespace, dp, "namespace");
      prefixOk(p, dp);
      if (p === "xml" || u === XML_NS || u === XMLNS_NS) {
        if (p === "xml" && u === XML_NS) continue;
        fail(dp, "the xml and xmlns prefixes and namespaces are reserved");
      }
      if (p !== "" && u === "") fail(dp, `prefix ${JSON.stringify(p)} cannot be bound to no namespace`);
      if (declared.has(p)) {
        if (declared.get(p) !== u) fail(dp, `prefix ${JSON.stringify(p)} declared twice`);
        continue;
      }
      declared.set(p, u);
      scope.declare(p, u);
      tag += p === "" ? ` xmlns="${escapeAttr(u)}"` : ` xmlns:${p}="${escapeAttr(u)}"`;
    }
    if (prefix !== "xml" && scope.lookup(prefix) !== ns) {
      if (declared.has(prefix)) fail(path, `prefix ${JSON.stringify(prefix)} is declared for another namespace than the element's`);
      if (prefix !== "" && ns === "") fail(path, `a prefixed element (${qname}) needs a namespace`);
      declared.set(prefix, ns);
      scope.declare(prefix, ns);
      tag += prefix === "" ? ` xmlns="${escapeAttr(ns)}"` : ` xmlns:${prefix}="${escapeAttr(ns)}"`;
    }
    const attrs = list(el.attributes, `${path}.attributes`, "attributes");
    const seen = new Set<string>();
    let generated = 0;
    for (let k = 0; k < attrs.length; k++) {
      const ap = `${path}.attributes[${k}]`;
      const a = attrs[k];
      if (a === null || typeof a !== "object") fail(ap, "expected { name, value }");
      const ar = a as Record<string, unknown>;
      const an = str(ar.name, ap, "name");
      if (!isNCName(an) || an === "xmlns") fail(ap, `name ${JSON.stringify(an)} is not an attribute name without a colon (declare namespaces with \`namespaces\`)`);
      const au = str(ar.namespace, ap, "namespace", "");
      let apx = str(ar.prefix, ap, "prefix", "");
      const av = str(ar.value, ap, "value");
      prefixOk(apx, ap);
      if (au === XMLNS_NS) fail(ap, "declare namespaces with `namespaces`, not as attributes");
      if (au === "") {
        if (apx !== "") fail(ap, `a prefixed attribute (${apx}:${an}) needs a namespace`);
      } else if (au === XML_NS) apx = "xml";
      else if (apx === "xml") fail(ap, "the xml prefix is bound to its own namespace only");
      else if (apx === "" || (scope.lookup(apx) !== au && (declared.has(apx) || scope.lookup(apx) !== undefined))) {
        // No usable prefix of its own: one in scope for the namespace, or a new one.
        const existing = scope.prefixOf(au);
        if (existing !== undefined) apx = existing;
        else {
          do apx = `a${++generated}`;
          while (scope.lookup(apx) !== undefined);
          declared.set(apx, au);
          scope.declare(apx, au);
          tag += ` xmlns:${apx}="${escapeAttr(au)}"`;
        }
      } else if (scope.lookup(apx) === undefined) {
        declared.set(apx, au);
        scope.declare(apx, au);
        tag += ` xmlns:${apx}="${escapeAttr(au)}"`;
      }
      const key = `${au} ${an}`;
      if (seen.has(key)) fail(ap, `duplicate attribute ${JSON.stringify(an)}`);
      seen.add(key);
      tag += ` ${au === "" ? an : `${apx}:${an}`}="${escapeAttr(av)}"`;
    }
    const children = list(el.children, `${path}.children`, "children");
    if (children.length === 0) {
      out += `${tag} />`;
      scope.reset(mark);
      continue;
    }
    out += `${tag}>`;
    stack.push({ children, index: 0, path: `${path}.children`, close: `</${qname}>`, mark });
  }
  return out;
}
