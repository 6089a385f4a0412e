/**
 * XSD QName (.NET `XmlQualifiedName`): a namespace and a local name. On the wire it is
 * `prefix:local` text whose prefix must be declared where it is read, so it needs the namespace
 * declarations in scope both ways: the decoder resolves the prefix at the element, the encoder
 * writes the whole element with the declaration on it.
 *
 * Wire facts (Mono's ASMX, test/import/corpus.test.ts): XmlSerializer writes
 * `<r xmlns:q1="urn:x">q1:name</r>`; a name in the element's default namespace unprefixed; a name
 * in no namespace as `<q1:r xmlns="" xmlns:q1="…service…">name</q1:r>`, undeclaring the default
 * namespace (an unprefixed QName reads as the default namespace in scope). HTTP GET/POST answer
 * the same forms on the root element `QName`; QName parameters are offered in SOAP only.
 */
import { CodecError, forbiddenXmlChar, isNCName } from "./codec.js";

/** An XML qualified name: `{ namespace, name }`; `namespace` is "" for no namespace. */
export interface QName {
  /** Namespace URI ("" for none). */
  readonly namespace: string;
  /** Local name (an XML NCName: no colon). */
  readonly name: string;
}

const shown = (s: string): string => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** Reads `prefix:local` (XSD whitespace collapsed) with `namespaceOf` resolving prefixes in scope ("" = the default namespace). */
export function decodeQName(text: string, namespaceOf: (prefix: string) => string | undefined): QName {
  const t = text.trim();
  const colon = t.indexOf(":");
  const prefix = colon < 0 ? "" : t.slice(0, colon);
  const name = colon < 0 ? t : t.slice(colon + 1);
  if (!isNCName(name) || (colon >= 0 && !isNCName(prefix))) throw new CodecError(`not a QName: ${shown(t)}`);
  const namespace = namespaceOf(prefix);
  if (namespace === undefined) throw new CodecError(`not a QName: prefix ${shown(prefix)} is not declared`);
  return Object.freeze({ namespace, name });
}

/** Checks a caller's QName value. */
export function checkQName(value: unknown): QName {
  if (value === null || typeof value !== "object") throw new CodecError(`expected a QName { namespace, name }, got ${value === null ? "null" : typeof value}`);
  const { namespace, name } = value as { namespace?: unknown; name?: unknown };
  if (typeof name !== "string" || !isNCName(name)) throw new CodecError(`QName name must be an XML name without a colon, got ${typeof name === "string" ? shown(name) : typeof name}`);
  if (typeof namespace !== "string") throw new CodecError(`QName namespace must be a string ("" for none), got ${typeof namespace}`);
  return { namespace, name };
}

const attr = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;").replace(/\t/g, "&#x9;").replace(/\n/g, "&#xA;").replace(/\r/g, "&#xD;");

/**
 * The SOAP element `<element>…</element>` holding a QName, where `defaultNs` is the default
 * namespace in scope (the element itself is in it): XmlSerializer's own three forms.
 */
export function qnameElement(value: unknown, element: string, defaultNs: string): string {
  const q = checkQName(value);
  const bad = forbiddenXmlChar(q.namespace);
  if (bad !== null) throw new CodecError(`QName namespace: character ${bad} cannot be sent in XML 1.0`);
  if (q.namespace === defaultNs) return `<${element}>${q.name}</${element}>`;
  if (q.namespace === "") return `<q0:${element} xmlns:q0="${attr(defaultNs)}" xmlns="">${q.name}</q0:${element}>`;
  return `<${element} xmlns:q1="${attr(q.namespace)}">q1:${q.name}</${element}>`;
}
