/**
 * Property tests of raw XML and QName: any tree written by writeRawXml decodes back to the same
 * tree (text merged as XML merges it, indentation dropped as documented); mutated and random
 * content inside a raw XML result, and any caller value, give a value or one of our typed
 * errors, nothing else. Scale with FUZZ_SCALE=10 for a longer soak.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeQName } from "../../templates/runtime/qname.ts";
import { CodecError } from "../../templates/runtime/codec.ts";
import { decodeResponse } from "../../templates/runtime/decode.ts";
import { defineOperation } from "../../templates/runtime/descriptor.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { AsmxError } from "../../templates/runtime/errors.ts";
import { writeRawXml, type XmlNodeInput } from "../../templates/runtime/raw-xml.ts";
import { CODECS } from "../../templates/runtime/codecs.ts";

const SCALE = Number(process.env["FUZZ_SCALE"] ?? 1);
const NS = "urn:svc";
const op = defineOperation({
  name: "Op",
  path: "/S.asmx",
  namespace: NS,
  soapAction: `${NS}/Op`,
  params: [{ wire: "e", prop: "e", type: CODECS.xml, item: null, optional: true, credential: null }],
  result: { kind: "scalar", type: CODECS.xml, item: null, soapElement: "OpResult", httpRoot: "DataSet", nullable: true },
});
const soap = (inner: string): string =>
  `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><OpResponse xmlns="${NS}"><OpResult>${inner}</OpResult></OpResponse></s:Body></s:Envelope>`;

const name = fc.constantFrom("a", "b", "é", "x-y", "_1", "N");
const ns = fc.constantFrom("", "urn:a", "urn:b", NS, 'urn:"<&>');
const prefix = fc.constantFrom("", "", "p", "q", "xs");
const text = fc.oneof(fc.string({ maxLength: 6, unit: "binary" }), fc.constantFrom(" ", "\n", "&amp;", "]]>", "<a>", "\r\n", "é𝄞", "\t"));
const attribute = fc.record({ name, namespace: ns, prefix, value: text });
const { tree } = fc.letrec<{ tree: XmlNodeInput; element: XmlNodeInput }>((tie) => ({
  tree: fc.oneof({ maxDepth: 4, depthSize: "small" }, text, tie("element")),
  element: fc.record({
    name,
    namespace: ns,
    prefix,
    attributes: fc.uniqueArray(attribute, { maxLength: 3, selector: (a) => `${a.namespace} ${a.name}` }),
    children: fc.array(tie("tree"), { maxLength: 4 }),
  }),
}));
/** Only what can be written: a prefixed element needs a namespace (the writer refuses the rest, tested elsewhere). */
const writable = (n: XmlNodeInput): boolean =>
  typeof n === "string" || (!(n.prefix !== undefined && n.prefix !== "" && n.namespace === "") && !(n.attributes ?? []).some((a) => a.namespace === "" && (a.prefix ?? "") !== "") && (n.children ?? []).every(writable));

/** The tree as XML keeps it: adjacent text merged, empty text gone, whitespace-only text dropped beside elements. */
function normal(nodes: readonly XmlNodeInput[]): unknown[] {
  const merged: Array<string | object> = [];
  for (const n of nodes) {
    if (typeof n === "string") {
      const t = n;
      if (typeof merged[merged.length - 1] === "string") merged[merged.length - 1] += t;
      else merged.push(t);
    } else merged.push({ name: n.name, namespace: n.namespace ?? "", attributes: (n.attributes ?? []).map((a) => ({ name: a.name, namespace: a.namespace ?? "", value: a.value })), children: normal(n.children ?? []) });
  }
  const elements = merged.some((m) => typeof m !== "string");
  return merged.filter((m) => (typeof m === "string" ? m !== "" && !(elements && /^[ \t\n\r]*$/.test(m)) : true));
}
const plain = (nodes: unknown): unknown =>
  (nodes as Array<string | { name: string; namespace: string; attributes: Array<{ name: string; namespace: string; value: string }>; children: unknown[] }>).map((n) =>
    typeof n === "string" ? n : { name: n.name, namespace: n.namespace, attributes: n.attributes.map((a) => ({ name: a.name, namespace: a.namespace, value: a.value })), children: plain(n.children) },
  );

describe("raw XML round trip", () => {
  it("writeRawXml → decoder gives back the same tree", () => {
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 4 }), (nodes) => {
        fc.pre(nodes.every(writable));
        let xml: string;
        try {
          xml = writeRawXml(nodes, NS);
        } catch (e) {
          // Only characters XML cannot carry may be refused here.
          expect(e).toBeInstanceOf(CodecError);
          expect((e as Error).message).toContain("cannot be sent in XML 1.0");
          return;
        }
        expect(plain(decodeResponse(op, "soap11", soap(xml)))).toEqual(normal(nodes));
      }),
      { numRuns: Math.round(1500 * SCALE) },
    );
  });
});

describe("never anything but a value or a typed error", () => {
  it("mutated raw XML results: a value or an AsmxError", () => {
    const seed = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="N" type="xs:int" /></xs:schema><d:diffgram xmlns:d="urn:d"><Data xmlns=""><Row d:id="Row1"><N>0</N></Row></Data></d:diffgram>`;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: seed.length }), fc.integer({ min: 0, max: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("<", ">", "</a>", "<!DOCTYPE a>", "&e;", "&#0;", "xmlns:p=''", "p:", "<![CDATA[")), (at, cut, insert) => {
        const body = soap(seed.slice(0, at) + insert + seed.slice(at + cut));
        try {
          decodeResponse(op, "soap11", body);
        } catch (e) {
          expect(e).toBeInstanceOf(AsmxError);
        }
      }),
      { numRuns: Math.round(3000 * SCALE) },
    );
  });

  it("any caller value for a raw XML parameter: a request or an EncodeError", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.array(fc.anything({ maxDepth: 3 }))), (value) => {
        try {
          encodeRequest(op, "soap11", { e: value }, undefined, NS);
        } catch (e) {
          expect(e).toBeInstanceOf(AsmxError);
        }
      }),
      { numRuns: Math.round(2000 * SCALE) },
    );
  });

  it("any text as a QName: a value or a CodecError", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (t) => {
        try {
          const q = decodeQName(t, (p) => (p === "" ? "" : p === "a" ? "urn:a" : undefined));
          expect(q.name).not.toContain(":");
        } catch (e) {
          expect(e).toBeInstanceOf(CodecError);
        }
      }),
      { numRuns: Math.round(2000 * SCALE) },
    );
  });
});
