/**
 * A small element tree with line/column for every element, built on the runtime's own XML
 * tokenizer (templates/runtime/xml.ts). Reusing it means the importer refuses exactly what the
 * generated client refuses: any DOCTYPE (so no entity expansion or external fetch can happen),
 * unknown entities, forbidden characters, depth beyond the limit. The tokenizer reports no
 * positions for elements, so positions come from a second linear scan: in a document the
 * tokenizer has accepted, every `<` followed by a name character outside comments, CDATA and
 * processing instructions starts an element (XML forbids a raw `<` in text and attribute
 * values), so the n-th such `<` is the n-th `open()` event.
 */
import { XmlSyntaxError, XmlTokenizer } from "../../templates/runtime/xml.ts";

const utf8 = new TextDecoder("utf-8");

/** Position of something in a source document, 1-based. */
export interface SourcePosition {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

const NO_ATTRS: ReadonlyMap<string, string> = new Map();

/** One element. Its position is computed when asked for (most are never reported). */
export class XmlElement {
  readonly children: XmlElement[] = [];
  /** Concatenated character data directly inside the element. */
  text = "";
  constructor(
    /** Namespace URI ("" for none). */
    readonly ns: string,
    /** Local name. */
    readonly local: string,
    /** Attributes by qualified name as written (namespace declarations included). */
    readonly attrs: ReadonlyMap<string, string>,
    /** In-scope prefix → namespace URI ("" key: default namespace). */
    readonly scope: ReadonlyMap<string, string>,
    private readonly offset: number,
    private readonly where: { readonly file: string; readonly lines: LineIndex },
  ) {}
  get pos(): SourcePosition {
    return { file: this.where.file, ...this.where.lines.at(this.offset) };
  }
}

/** A document could not be read as XML; says why and where. */
export class XmlReadError extends Error {
  override readonly name = "XmlReadError";
  constructor(
    message: string,
    readonly pos: SourcePosition,
  ) {
    super(`${pos.file}:${pos.line}:${pos.column}: ${message}`);
  }
}

/** Maps character offsets to 1-based line/column. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }
  at(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}

/** Offsets of every start tag, in document order (see the module comment for why this is exact). */
function startTagOffsets(text: string): number[] {
  const out: number[] = [];
  let i = text.indexOf("<");
  while (i >= 0) {
    if (text.startsWith("<!--", i)) i = text.indexOf("-->", i + 4);
    else if (text.startsWith("<![CDATA[", i)) i = text.indexOf("]]>", i + 9);
    else if (text.startsWith("<?", i)) i = text.indexOf("?>", i + 2);
    else if (text.charCodeAt(i + 1) !== 0x2f && text.charCodeAt(i + 1) !== 0x21) out.push(i);
    if (i < 0) break;
    i = text.indexOf("<", i + 1);
  }
  return out;
}

const XML_NS = "http://www.w3.org/XML/1998/namespace";

export interface ParseXmlOptions {
  /** Maximum element depth. Default 256. */
  readonly maxDepth?: number;
  /** Maximum number of elements. Default 500,000 (a large real WSDL has a few tens of thousands). */
  readonly maxElements?: number;
}

/** Parses a whole document into an element tree; throws XmlReadError with file:line:column. */
export function parseXml(text: string, file: string, options: ParseXmlOptions = {}): XmlElement {
  const lines = new LineIndex(text);
  const where = { file, lines };
  const posAt = (offset: number): SourcePosition => ({ file, ...lines.at(offset) });
  const maxElements = options.maxElements ?? 500_000;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let count = 0;
  // Offsets are computed lazily, once, the first time an element is opened.
  let offsets: number[] | undefined;
  const rootScope = new Map<string, string>([["xml", XML_NS], ["", ""]]);

  const tokenizer = new XmlTokenizer(
    {
      open(name, rawAttrs) {
        offsets ??= startTagOffsets(text);
        const at = offsets[count] ?? text.length;
        count++;
        if (count > maxElements) throw new XmlReadError(`more than ${maxElements} elements`, posAt(at));
        const parent = stack[stack.length - 1];
        const parentScope = parent?.scope ?? rootScope;
        let attrs: Map<string, string> | undefined;
        let scope: Map<string, string> | undefined;
        for (let i = 0; i < rawAttrs.length; i++) {
          const k = rawAttrs.name(i);
          const v = rawAttrs.value(i);
          (attrs ??= new Map()).set(k, v);
          if (k === "xmlns" || k.startsWith("xmlns:")) {
            scope ??= new Map(parentScope);
            scope.set(k === "xmlns" ? "" : k.slice(6), v);
          }
        }
        const sc = scope ?? parentScope;
        const colon = name.indexOf(":");
        const prefix = colon < 0 ? "" : name.slice(0, colon);
        const ns = sc.get(prefix);
        if (ns === undefined) throw new XmlReadError(`undeclared namespace prefix "${prefix}" on <${name}>`, posAt(at));
        const el = new XmlElement(ns, colon < 0 ? name : name.slice(colon + 1), attrs ?? NO_ATTRS, sc, at, where);
        if (parent) parent.children.push(el);
        else root = el;
        stack.push(el);
      },
      text(bytes, start, end) {
        const top = stack[stack.length - 1];
        if (top) top.text += utf8.decode(bytes.subarray(start, end));
      },
      close() {
        stack.pop();
      },
    },
    { maxDepth: options.maxDepth ?? 256 },
  );
  try {
    tokenizer.write(text);
    tokenizer.end();
  } catch (err) {
    if (err instanceof XmlReadError) throw err;
    if (err instanceof XmlSyntaxError) {
      const what = err.code === "doctype-forbidden" ? "a DOCTYPE is not allowed (no DTDs or entity declarations are read)" : err.message;
      throw new XmlReadError(`not well-formed XML: ${what}`, posAt(Math.min(err.offset, text.length)));
    }
    throw err;
  }
  if (!root) throw new XmlReadError("no root element", posAt(0));
  return root;
}

/** Resolves a QName attribute value (e.g. `tns:Foo`) against an element's scope. */
export function resolveQName(el: XmlElement, value: string): { ns: string; local: string } | undefined {
  const colon = value.indexOf(":");
  const prefix = colon < 0 ? "" : value.slice(0, colon);
  const ns = el.scope.get(prefix);
  if (ns === undefined) return undefined;
  return { ns, local: colon < 0 ? value : value.slice(colon + 1) };
}

/** Child elements with the given namespace and local name. */
export function childrenNamed(el: XmlElement, ns: string, local: string): XmlElement[] {
  return el.children.filter((c) => c.ns === ns && c.local === local);
}

/** The first child element with the given namespace and local name. */
export function childNamed(el: XmlElement, ns: string, local: string): XmlElement | undefined {
  return el.children.find((c) => c.ns === ns && c.local === local);
}
