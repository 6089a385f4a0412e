/**
 * raw-xml.ts and its hook in the decoder: raw XML (DataSet, XmlElement, xs:any) decoded into an
 * immutable tree from the same tokenizer (its DOCTYPE, depth and character defences included),
 * and written from a caller's tree with everything escaped and declared; malformed trees are
 * EncodeErrors naming the node.
 */
import { describe, expect, test } from "vitest";
import { decodeResponse } from "../../templates/runtime/decode.ts";
import { defineOperation, type OperationDescriptor } from "../../templates/runtime/descriptor.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { DecodeError, EncodeError } from "../../templates/runtime/errors.ts";
import { writeRawXml, type XmlElementNode, type XmlNode } from "../../templates/runtime/raw-xml.ts";
import { CODECS } from "../../templates/runtime/codecs.ts";

const NS = "http://corpus.example/shapes/";
const soap = (inner: string): string =>
  `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><TableResponse xmlns="${NS}">${inner}</TableResponse></soap:Body></soap:Envelope>`;

function op(nullable = true, params: OperationDescriptor["params"] = []): OperationDescriptor {
  return defineOperation({
    name: "Table",
    path: "/svc/Shapes.asmx",
    namespace: NS,
    soapAction: `${NS}Table`,
    params,
    result: { kind: "scalar", type: CODECS.xml, item: null, soapElement: "TableResult", httpRoot: "DataSet", nullable },
  });
}

// What Mono's ASMX answered for Table(1) (test/import/corpus/Corpus.cs), SOAP on one line, HTTP GET indented.
const SCHEMA = `<xs:schema id="Data" xmlns="" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:msdata="urn:schemas-microsoft-com:xml-msdata"><xs:element name="Data" msdata:IsDataSet="true"><xs:complexType><xs:choice minOccurs="0" maxOccurs="unbounded"><xs:element name="Row"><xs:complexType><xs:sequence><xs:element name="N" type="xs:int" minOccurs="0" /></xs:sequence></xs:complexType></xs:element></xs:choice></xs:complexType></xs:element></xs:schema>`;
const DIFFGRAM = `<diffgr:diffgram xmlns:msdata="urn:schemas-microsoft-com:xml-msdata" xmlns:diffgr="urn:schemas-microsoft-com:xml-diffgram-v1"><Data xmlns=""><Row diffgr:id="Row1" msdata:rowOrder="0"><N>0</N></Row></Data></diffgr:diffgram>`;
const indent = (xml: string): string => xml.replace(/></g, ">\n    <");

describe("decoding raw XML", () => {
  test("a DataSet: schema and diffgram as element trees, prefixes and declarations kept", () => {
    const v = decodeResponse(op(), "soap11", soap(`<TableResult>${SCHEMA}${DIFFGRAM}</TableResult>`)) as readonly XmlElementNode[];
    expect(v.map((n) => `${n.prefix}:${n.name} {${n.namespace}}`)).toEqual(["xs:schema {http://www.w3.org/2001/XMLSchema}", "diffgr:diffgram {urn:schemas-microsoft-com:xml-diffgram-v1}"]);
    expect(v[0]!.namespaces).toEqual([{ prefix: "", namespace: "" }, { prefix: "xs", namespace: "http://www.w3.org/2001/XMLSchema" }, { prefix: "msdata", namespace: "urn:schemas-microsoft-com:xml-msdata" }]);
    expect(v[0]!.attributes).toEqual([{ name: "id", namespace: "", prefix: "", value: "Data" }]);
    const row = ((v[1]!.children[0] as XmlElementNode).children[0] as XmlElementNode);
    expect(row.attributes.map((a) => `${a.namespace} ${a.name}=${a.value}`)).toEqual(["urn:schemas-microsoft-com:xml-diffgram-v1 id=Row1", "urn:schemas-microsoft-com:xml-msdata rowOrder=0"]);
    expect(row.children).toEqual([{ name: "N", namespace: "", prefix: "", namespaces: [], attributes: [], children: ["0"] }]);
    expect(Object.isFrozen(v) && Object.isFrozen(v[0]) && Object.isFrozen(row.children) && Object.isFrozen(row.attributes[0])).toBe(true);
  });

  test("HTTP GET/POST (root DataSet, indented) decode to the same tree: whitespace between elements is dropped", () => {
    const s = decodeResponse(op(), "soap12", soap(`<TableResult>${SCHEMA}${DIFFGRAM}</TableResult>`).replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope"));
    const h = decodeResponse(op(), "httpGet", `<?xml version="1.0" encoding="utf-8"?>\n<DataSet xmlns="${NS}">\n  ${indent(SCHEMA)}\n  ${indent(DIFFGRAM)}\n</DataSet>`);
    expect(h).toEqual(s);
  });

  test("an XmlElement result over HTTP GET/POST (httpRoot \"\"): the root element is the value, whatever its name", () => {
    const make = defineOperation({ ...op(), result: { kind: "scalar", type: CODECS.xml, item: null, soapElement: "MakeResult", httpRoot: "", nullable: true } });
    const http = decodeResponse(make, "httpGet", `<?xml version="1.0" encoding="utf-8"?>\n<m:n d1p1:at="t&amp;" xmlns:d1p1="urn:attr" xmlns:m="urn:made">t&amp;<empty /></m:n>`);
    const soap11 = decodeResponse(make, "soap11", soap(`<MakeResult><m:n d1p1:at="t&amp;" xmlns:d1p1="urn:attr" xmlns:m="urn:made">t&amp;<empty xmlns="" /></m:n></MakeResult>`));
    expect((http as readonly XmlElementNode[]).map((n) => [n.name, n.namespace, n.attributes[0]?.namespace, n.children.length])).toEqual([["n", "urn:made", "urn:attr", 2]]);
    expect(JSON.stringify((http as readonly XmlElementNode[])[0]!.children)).toBe(JSON.stringify((soap11 as readonly XmlElementNode[])[0]!.children.map((c) => (typeof c === "string" ? c : { ...c, namespaces: [] }))));
    // Only for raw XML: another result type still needs its root element.
    const other = defineOperation({ ...make, result: { ...make.result, type: CODECS.string } });
    expect(() => decodeResponse(other, "httpGet", `<m:n xmlns:m="urn:made">x</m:n>`)).toThrow(DecodeError);
  });

  test("mixed content keeps its text (entities and CDATA resolved), whitespace-only text alone is kept", () => {
    const v = decodeResponse(op(), "soap11", soap(`<TableResult><p>a &amp; <b>b</b><![CDATA[<c>]]> </p><q> </q></TableResult>`));
    expect(v).toEqual([
      { name: "p", namespace: NS, prefix: "", namespaces: [], attributes: [], children: ["a & ", { name: "b", namespace: NS, prefix: "", namespaces: [], attributes: [], children: ["b"] }, "<c> "] },
      { name: "q", namespace: NS, prefix: "", namespaces: [], attributes: [], children: [" "] },
    ]);
  });

  test("nil and empty: null when the result may be null, [] for no content; nil with content is an error", () => {
    expect(decodeResponse(op(), "soap11", soap(`<TableResult xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" />`))).toBeNull();
    expect(decodeResponse(op(), "soap11", soap(`<TableResult />`))).toEqual([]);
    expect(decodeResponse(op(), "soap11", soap(``))).toBeNull();
    expect(() => decodeResponse(op(false), "soap11", soap(`<TableResult xsi:nil="true" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><a/></TableResult>`))).toThrow(DecodeError);
  });

  test("the tokenizer's defences hold inside raw XML: DOCTYPE, undeclared prefixes, depth, forbidden characters, truncation", () => {
    const bad = [
      `<!DOCTYPE x [<!ENTITY e "boom">]>` + soap(`<TableResult><a>&e;</a></TableResult>`).slice(`<?xml version="1.0" encoding="utf-8"?>`.length),
      soap(`<TableResult><p:a /></TableResult>`),
      soap(`<TableResult>${"<a>".repeat(600)}${"</a>".repeat(600)}</TableResult>`),
      soap(`<TableResult><a>&#1;</a></TableResult>`),
      soap(`<TableResult><a>`).slice(0, -40),
      soap(`<TableResult><a></b></TableResult>`),
    ];
    for (const body of bad) {
      let err: unknown;
      try {
        decodeResponse(op(), "soap11", body);
      } catch (e) {
        err = e;
      }
      expect(err, body.slice(0, 80)).toBeInstanceOf(DecodeError);
    }
    try {
      decodeResponse(op(), "soap11", soap(`<TableResult>${"<a>".repeat(600)}${"</a>".repeat(600)}</TableResult>`));
    } catch (e) {
      expect((e as DecodeError).message).toContain("deeper than 512");
    }
  });
});

describe("writing raw XML", () => {
  test("text and attributes escaped, namespaces declared where they change, prefixes kept", () => {
    const xml = writeRawXml(
      [
        { name: "in", namespace: "urn:x", prefix: "x", attributes: [{ name: "b", namespace: "urn:x", value: 'q"<&>\t\n\r' }, { name: "c", namespace: "urn:c", value: "1" }], children: ["a & <b> ]]>\r", { name: "y" }, { name: "z", namespace: "urn:x", prefix: "x" }] },
        "tail",
      ],
      "urn:svc",
    );
    expect(xml).toBe('<x:in xmlns:x="urn:x" x:b="q&quot;&lt;&amp;>&#x9;&#xA;&#xD;" xmlns:a1="urn:c" a1:c="1">a &amp; &lt;b&gt; ]]&gt;&#xD;<y xmlns="" /><x:z /></x:in>tail');
  });

  test("a decoded tree is written back to the same tree (declarations kept: xs:int still resolves)", () => {
    const once = decodeResponse(op(), "soap11", soap(`<TableResult>${SCHEMA}${DIFFGRAM}</TableResult>`)) as readonly XmlNode[];
    const again = decodeResponse(op(), "soap11", soap(`<TableResult>${writeRawXml(once, NS)}</TableResult>`));
    expect(again).toEqual(once);
    expect(writeRawXml(once, NS)).toContain('<xs:element name="N" type="xs:int" minOccurs="0" />');
  });

  test("a malformed tree is refused with the node's path, before anything is sent", () => {
    const wrap = op(true, [{ wire: "e", prop: "e", type: CODECS.xml, item: null, optional: true, credential: null }]);
    const cases: Array<[unknown, string]> = [
      ["<a/>", "raw XML content must be an array, got string"],
      [[{ name: "a:b" }], 'at [0]: name "a:b" is not an XML name without a colon'],
      [[{ name: "a", children: [{ name: "b", attributes: [{ name: "c", value: 1 }] }] }], "at [0].children[0].attributes[0]: value must be a string, got number"],
      [[{ name: "a", children: ["x\u0000"] }], "at [0].children[0]: text: character U+0000 at index 1 cannot be sent in XML 1.0"],
      [[{ name: "a", prefix: "p" }], "at [0]: a prefixed element (p:a) needs a namespace"],
      [[{ name: "a", attributes: [{ name: "xmlns", value: "urn:evil" }] }], "declare namespaces with `namespaces`"],
      [[{ name: "a", attributes: [{ name: "c", value: "1" }, { name: "c", value: "2" }] }], 'at [0].attributes[1]: duplicate attribute "c"'],
      [[{ name: "a", namespaces: [{ prefix: "p", namespace: "" }] }], 'at [0].namespaces[0]: prefix "p" cannot be bound to no namespace'],
      [[{ name: "a", prefix: "p", namespace: "urn:a", namespaces: [{ prefix: "p", namespace: "urn:other" }] }], 'at [0]: prefix "p" is declared for another namespace'],
      [[null], "at [0]: expected an element { name, … } or a string, got null"],
      [[{ name: "a", prefix: "xmlns", namespace: "urn:a" }], 'prefix "xmlns" is not a usable XML prefix'],
    ];
    for (const [value, message] of cases) {
      let err: unknown;
      try {
        encodeRequest(wrap, "soap11", { e: value }, undefined, NS);
      } catch (e) {
        err = e;
      }
      expect(err, message).toBeInstanceOf(EncodeError);
      expect((err as Error).message, message).toContain(message);
      expect((err as Error).message).toContain("parameter e:");
    }
  });

  test("a cyclic or very deep tree fails at depth 512 (no stack overflow)", () => {
    const a: { name: string; children: unknown[] } = { name: "a", children: [] };
    a.children.push(a);
    expect(() => writeRawXml([a], "")).toThrow("nested deeper than 512 elements (a cycle?)");
  });

  test("a getter that throws is reported, not propagated as a TypeError", () => {
    const nodes = [{ name: "a" }];
    Object.defineProperty(nodes, 0, { get: () => { throw new Error("boom"); } });
    expect(() => writeRawXml(nodes, "")).toThrow("at [0]: reading the node threw: boom");
  });
});
