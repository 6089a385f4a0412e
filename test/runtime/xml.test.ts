import { describe, expect, it } from "vitest";
import {
  XmlSyntaxError,
  XmlTokenizer,
  parseAttributes,
  xmlName,
  latin1OrUtf8,
  type XmlErrorCode,
  type XmlLimits,
  type XmlSink,
} from "../../templates/runtime/xml.ts";

type Ev = ["open", string, string] | ["text", string] | ["close", string];
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Collects events; adjacent text events are coalesced (a text node may arrive in several calls). */
function collect(chunks: readonly string[], limits?: XmlLimits): Ev[] {
  const events: Ev[] = [];
  const sink: XmlSink = {
    open(name, attrs) {
      events.push(["open", name, attrs.raw()]);
    },
    text(bytes, start, end) {
      const value = utf8.decode(bytes.subarray(start, end));
      expect(value.length).toBeGreaterThan(0);
      const last = events[events.length - 1];
      if (last !== undefined && last[0] === "text") last[1] += value;
      else events.push(["text", value]);
    },
    close(name) {
      events.push(["close", name]);
    },
  };
  const t = new XmlTokenizer(sink, limits);
  for (const c of chunks) t.write(c);
  t.end();
  return events;
}

/** Events for `doc`, asserting that single-write, 1-char chunks and 3-char chunks all agree. */
function events(doc: string, limits?: XmlLimits): Ev[] {
  const whole = collect([doc], limits);
  expect(collect(doc.split(""), limits)).toEqual(whole);
  const threes: string[] = [];
  for (let i = 0; i < doc.length; i += 3) threes.push(doc.slice(i, i + 3));
  expect(collect(threes, limits)).toEqual(whole);
  return whole;
}

/** The XmlSyntaxError thrown for `chunks`. */
function failure(chunks: readonly string[] | string, limits?: XmlLimits): XmlSyntaxError {
  try {
    collect(typeof chunks === "string" ? [chunks] : chunks, limits);
  } catch (e) {
    if (e instanceof XmlSyntaxError) return e;
    throw e;
  }
  throw new Error("expected an XmlSyntaxError");
}

/** Asserts code + offset, for a single write and for 1-char chunks. */
function expectError(doc: string, code: XmlErrorCode, offset: number, limits?: XmlLimits): XmlSyntaxError {
  const e = failure(doc, limits);
  expect({ code: e.code, offset: e.offset }).toEqual({ code, offset });
  const e1 = failure(doc.split(""), limits);
  expect({ code: e1.code, offset: e1.offset }).toEqual({ code, offset });
  expect(e).toBeInstanceOf(Error);
  expect(e.name).toBe("XmlSyntaxError");
  return e;
}

describe("XmlTokenizer: SOAP envelopes and plain roots", () => {
  it("SOAP 1.1 response", () => {
    const doc =
      '<?xml version="1.0" encoding="utf-8"?>\r\n' +
      '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">' +
      "<soap:Body>" +
      '<GetMessagesResponse xmlns="http://tempuri.org/">' +
      "<GetMessagesResult><MessagesBL><MsgID>9007199254740993</MsgID><Body>سلام دنیا</Body>" +
      '<Sender>09121234567</Sender><Udh xsi:nil="true" /><SendDate>2024-03-01T12:34:56.1234567+03:30</SendDate></MessagesBL>' +
      "</GetMessagesResult></GetMessagesResponse></soap:Body></soap:Envelope>";
    expect(events(doc)).toEqual([
      [
        "open",
        "soap:Envelope",
        'xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"',
      ],
      ["open", "soap:Body", ""],
      ["open", "GetMessagesResponse", 'xmlns="http://tempuri.org/"'],
      ["open", "GetMessagesResult", ""],
      ["open", "MessagesBL", ""],
      ["open", "MsgID", ""],
      ["text", "9007199254740993"],
      ["close", "MsgID"],
      ["open", "Body", ""],
      ["text", "سلام دنیا"],
      ["close", "Body"],
      ["open", "Sender", ""],
      ["text", "09121234567"],
      ["close", "Sender"],
      ["open", "Udh", 'xsi:nil="true"'],
      ["close", "Udh"],
      ["open", "SendDate", ""],
      ["text", "2024-03-01T12:34:56.1234567+03:30"],
      ["close", "SendDate"],
      ["close", "MessagesBL"],
      ["close", "GetMessagesResult"],
      ["close", "GetMessagesResponse"],
      ["close", "soap:Body"],
      ["close", "soap:Envelope"],
    ]);
    expect(parseAttributes('xsi:nil="true"')).toEqual([["xsi:nil", "true"]]);
  });

  it("SOAP 1.2 fault with whitespace between elements (reported as text)", () => {
    const doc = `<?xml version="1.0" encoding="utf-8"?>
<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope">
  <env:Body>
    <env:Fault>
      <env:Code><env:Value>env:Sender</env:Value></env:Code>
      <env:Reason><env:Text xml:lang="fa">درخواست نامعتبر است</env:Text></env:Reason>
    </env:Fault>
  </env:Body>
</env:Envelope>
`;
    expect(events(doc)).toEqual([
      ["open", "env:Envelope", 'xmlns:env="http://www.w3.org/2003/05/soap-envelope"'],
      ["text", "\n  "],
      ["open", "env:Body", ""],
      ["text", "\n    "],
      ["open", "env:Fault", ""],
      ["text", "\n      "],
      ["open", "env:Code", ""],
      ["open", "env:Value", ""],
      ["text", "env:Sender"],
      ["close", "env:Value"],
      ["close", "env:Code"],
      ["text", "\n      "],
      ["open", "env:Reason", ""],
      ["open", "env:Text", 'xml:lang="fa"'],
      ["text", "درخواست نامعتبر است"],
      ["close", "env:Text"],
      ["close", "env:Reason"],
      ["text", "\n    "],
      ["close", "env:Fault"],
      ["text", "\n  "],
      ["close", "env:Body"],
      ["text", "\n"],
      ["close", "env:Envelope"],
    ]);
  });

  it("plain XML root (HTTP GET/POST response)", () => {
    const doc = '<?xml version="1.0" encoding="utf-8"?>\n<long xmlns="http://tempuri.org/">-9007199254740993</long>';
    expect(events(doc)).toEqual([
      ["open", "long", 'xmlns="http://tempuri.org/"'],
      ["text", "-9007199254740993"],
      ["close", "long"],
    ]);
  });

  it("namespace declarations and prefixed attributes are passed through raw and parsed by parseAttributes", () => {
    const doc =
      '<m:Item xmlns:m="urn:m"  xmlns="urn:d"\n  xsi:type="m:T" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ></m:Item>';
    const ev = events(doc);
    expect(ev[0]).toEqual([
      "open",
      "m:Item",
      'xmlns:m="urn:m"  xmlns="urn:d"\n  xsi:type="m:T" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    ]);
    expect(parseAttributes((ev[0] as ["open", string, string])[2])).toEqual([
      ["xmlns:m", "urn:m"],
      ["xmlns", "urn:d"],
      ["xsi:type", "m:T"],
      ["xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance"],
    ]);
  });
});

describe("XmlTokenizer: character data", () => {
  it("Persian text, ZWNJ and astral characters are passed through", () => {
    const doc = "<p>می‌خواهم ۱۲۳ 😀 𐀀</p>";
    expect(events(doc)).toEqual([
      ["open", "p", ""],
      ["text", "می‌خواهم ۱۲۳ 😀 𐀀"],
      ["close", "p"],
    ]);
  });

  it("decodes the five predefined entities (< > & \" ' round-trip)", () => {
    expect(events("<a>&lt;&gt;&amp;&quot;&apos;</a>")).toEqual([
      ["open", "a", ""],
      ["text", `<>&"'`],
      ["close", "a"],
    ]);
    expect(events("<a>x &lt;y&gt; &amp;&amp; z</a>")[1]).toEqual(["text", "x <y> && z"]);
    expect(events("<a>>'\"</a>")[1]).toEqual(["text", ">'\""]);
  });

  it("decodes decimal and hex character references, astral ones as surrogate pairs", () => {
    expect(events("<a>&#65;&#x42;&#x0063;&#1575;&#x1F600;&#128512;</a>")[1]).toEqual(["text", "ABcا😀😀"]);
    expect("😀".length).toBe(2);
    expect(events("<a>&#x10FFFF;</a>")[1]).toEqual(["text", "\u{10FFFF}"]);
  });

  it("plain text arrives as a single slice", () => {
    const texts: string[] = [];
    const t = new XmlTokenizer({ open() {}, text: (b, s, e) => texts.push(utf8.decode(b.subarray(s, e))), close() {} });
    t.write("<a>one two three</a>");
    t.end();
    expect(texts).toEqual(["one two three"]);
  });

  it("CDATA sections are reported as text, markup inside is literal", () => {
    expect(events("<a>x<![CDATA[<b>&amp; ]] ]>]]>y</a>")).toEqual([
      ["open", "a", ""],
      ["text", "x<b>&amp; ]] ]>y"],
      ["close", "a"],
    ]);
    expect(events("<a><![CDATA[]]></a>")).toEqual([
      ["open", "a", ""],
      ["close", "a"],
    ]);
    expect(events("<a><![CDATA[]]]]></a>")[1]).toEqual(["text", "]]"]);
  });

  it("comments and processing instructions are skipped anywhere", () => {
    const doc =
      "<!-- before --><?pi before?>\n<a><!-- in <b> & -->x<?target data <c>?>y<!---->z</a><!-- after -->\n<?after?>";
    expect(events(doc)).toEqual([
      ["open", "a", ""],
      ["text", "xyz"],
      ["close", "a"],
    ]);
  });

  it("a leading byte-order mark is skipped; offsets (in bytes) still count it", () => {
    expect(events('\ufeff<?xml version="1.0"?><a/>')).toEqual([
      ["open", "a", ""],
      ["close", "a"],
    ]);
    expectError("\ufeff<a/>x", "syntax", 7);
  });

  it("normalises CRLF and lone CR to LF in text and CDATA (not in character references)", () => {
    expect(events("<a>1\r\n2\r3\n4\r\n\r\n5&#13;6&#xD;&#10;</a>")[1]).toEqual(["text", "1\n2\n3\n4\n\n5\r6\r\n"]);
    expect(events("<a><![CDATA[x\r\ny\rz]]></a>")[1]).toEqual(["text", "x\ny\nz"]);
    expect(events("<a>&amp;\r\n&amp;\r</a>")[1]).toEqual(["text", "&\n&\n"]);
  });

  it("CRLF split across chunks is one LF", () => {
    expect(collect(["<a>x\r", "\ny</a>"])[1]).toEqual(["text", "x\ny"]);
    expect(collect(["<a>x\r", "\r\ny</a>"])[1]).toEqual(["text", "x\n\ny"]);
    expect(collect(["<a><![CDATA[x\r", "\ny]]></a>"])[1]).toEqual(["text", "x\ny"]);
  });

  it("self-closing tags open and close, with and without attributes and spaces", () => {
    expect(events('<a><b/><c /><d x="1"/><e\ty="2"\n/></a>')).toEqual([
      ["open", "a", ""],
      ["open", "b", ""],
      ["close", "b"],
      ["open", "c", ""],
      ["close", "c"],
      ["open", "d", 'x="1"'],
      ["close", "d"],
      ["open", "e", 'y="2"'],
      ["close", "e"],
      ["close", "a"],
    ]);
  });

  it("end tags may have trailing whitespace; names with dots, dashes, colons and non-ASCII letters", () => {
    expect(events("<a.b-c:d_é>x</a.b-c:d_é \n>")).toEqual([
      ["open", "a.b-c:d_é", ""],
      ["text", "x"],
      ["close", "a.b-c:d_é"],
    ]);
    expect(events("<دریافت>۱</دریافت>")[0]).toEqual(["open", "دریافت", ""]);
    expect(events("<\u{10000}x/>")[0]).toEqual(["open", "\u{10000}x", ""]);
  });

  it("text outside the root is not reported (only whitespace is allowed there)", () => {
    expect(events("\n \t\r\n<a> </a>\r\n ")).toEqual([
      ["open", "a", ""],
      ["text", " "],
      ["close", "a"],
    ]);
  });

  it("entity references and CDATA markers split across chunks", () => {
    expect(collect(["<a>x&a", "mp;y&#x1F", "600;<!", "[CDA", "TA[z]", "]", ">w</a>"])).toEqual([
      ["open", "a", ""],
      ["text", "x&y😀zw"],
      ["close", "a"],
    ]);
  });

  it("a surrogate pair split across chunks is still one character", () => {
    expect(collect(["<a>\ud83d", "\ude00</a>"])[1]).toEqual(["text", "😀"]);
    expect(collect(["<\ud800", "\udc00/>"])[0]).toEqual(["open", "\u{10000}", ""]);
  });

  it("offsets are document offsets across chunks", () => {
    const e = failure(["<root>", "<x>", "</y>"]);
    expect([e.code, e.offset]).toEqual(["mismatched-tag", 9]);
    const e2 = failure(["<root>abc", "def&bogus;"]);
    expect([e2.code, e2.offset]).toEqual(["entity-unknown", 12]);
  });
});

describe("XmlTokenizer: DOCTYPE is refused", () => {
  it("refuses a DOCTYPE before the root", () => {
    const e = expectError("<!DOCTYPE a><a/>", "doctype-forbidden", 0);
    expect(e.message).toMatch(/DOCTYPE/);
  });

  it("refuses a billion-laughs payload without expanding anything", () => {
    const lol =
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n' +
      Array.from({ length: 9 }, (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i === 0 ? "" : i};`.repeat(10)}">\n`).join(
        "",
      ) +
      "]>\n<lolz>&lol9;</lolz>";
    expectError(lol, "doctype-forbidden", 22);
  });

  it("refuses an external-entity (XXE) payload", () => {
    expectError('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', "doctype-forbidden", 0);
  });

  it("refuses a DOCTYPE after the root and inside content", () => {
    expectError("<a/><!DOCTYPE a>", "doctype-forbidden", 4);
    expectError("<a><!DOCTYPE a></a>", "doctype-forbidden", 3);
  });

  it("refuses as soon as the 9 characters '<!DOCTYPE' are seen, even if the DOCTYPE is huge", () => {
    const t = new XmlTokenizer({ open() {}, text() {}, close() {} });
    t.write("<!DOC");
    let err: unknown;
    try {
      t.write(`TYPE x [${"<!ENTITY a 'b'>".repeat(100_000)}`);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(XmlSyntaxError);
    expect((err as XmlSyntaxError).code).toBe("doctype-forbidden");
    expect((err as XmlSyntaxError).offset).toBe(0);
  });

  it("'<!DOCTYPE' inside a comment or CDATA is just data", () => {
    expect(events("<a><!--<!DOCTYPE a>--><![CDATA[<!DOCTYPE b>]]></a>")[1]).toEqual(["text", "<!DOCTYPE b>"]);
  });
});

describe("XmlTokenizer: entity and character errors", () => {
  it("unknown named entities", () => {
    expectError("<a>x&nbsp;</a>", "entity-unknown", 4);
    expectError('<a b="&e;"/>', "entity-unknown", 6);
  });

  it("character references to characters XML does not allow", () => {
    expectError("<a>&#0;</a>", "invalid-char", 3);
    expectError("<a>&#xD800;</a>", "invalid-char", 3);
    expectError("<a>&#xFFFE;</a>", "invalid-char", 3);
    expectError("<a>&#xFFFF;</a>", "invalid-char", 3);
    expectError("<a>&#x110000;</a>", "invalid-char", 3);
    expectError("<a>&#1;</a>", "invalid-char", 3);
    expectError('<a b="&#x1B;"/>', "invalid-char", 6);
  });

  it("a bare or malformed '&'", () => {
    expectError("<a>fish & chips</a>", "syntax", 8);
    expectError("<a>&</a>", "syntax", 3);
    expectError("<a>&;</a>", "syntax", 3);
    expectError("<a>&#;</a>", "syntax", 3);
    expectError("<a>&#x;</a>", "syntax", 3);
    expectError("<a>&#X41;</a>", "syntax", 3);
    expectError("<a>&#12a;</a>", "syntax", 3);
    expectError("<a>&l t;</a>", "syntax", 3);
    expectError('<a b="x & y"/>', "syntax", 8);
  });

  it("raw characters XML does not allow, wherever they are", () => {
    expectError("<a>x\u0001</a>", "invalid-char", 4);
    expectError("<a>\u0000</a>", "invalid-char", 3);
    expectError("<a>\u000b</a>", "invalid-char", 3);
    expectError("<a>\ud800x</a>", "invalid-char", 3);
    expectError("<a>x\udc00</a>", "invalid-char", 4);
    expectError("<a>\ufffe</a>", "invalid-char", 3);
    expectError("<a>\uffff</a>", "invalid-char", 3);
    expectError('<a b="\u0007"/>', "invalid-char", 6);
    expectError("<a><!-- \u0002 --></a>", "invalid-char", 8);
    expectError("<a><![CDATA[\u001f]]></a>", "invalid-char", 12);
    expectError("<a/>\ud800", "invalid-char", 4);
    expect(events("<a>\t\n\r\u0020\ud7ff\ue000\ufffd\u{10000}\u{10FFFF}</a>")[1]).toEqual([
      "text",
      "\t\n\n \ud7ff\ue000\ufffd\u{10000}\u{10FFFF}",
    ]);
  });

  it("events before an invalid character are still delivered", () => {
    const ev: string[] = [];
    const t = new XmlTokenizer({ open: (n) => ev.push(n), text: (b, s, e) => ev.push(utf8.decode(b.subarray(s, e))), close: (n) => ev.push(`/${n}`) });
    expect(() => t.write("<a><b>ok</b>bad\u0001")).toThrow(XmlSyntaxError);
    expect(ev).toEqual(["a", "b", "ok", "/b", "bad"]);
  });
});

describe("XmlTokenizer: well-formedness", () => {
  it("mismatched end tags", () => {
    expectError("<a><b></a></b>", "mismatched-tag", 6);
    expectError("<a></ab>", "mismatched-tag", 3);
    expectError("<ab></a>", "mismatched-tag", 4);
    expectError("<a/></a>", "mismatched-tag", 4);
    expectError("</a>", "mismatched-tag", 0);
  });

  it("malformed end tags", () => {
    expectError("<a></a b>", "syntax", 7);
    expectError("<a></ >", "syntax", 5);
  });

  it("exactly one root element", () => {
    expectError("<a/><b/>", "syntax", 4);
    expectError("<a></a><a></a>", "syntax", 7);
    expectError("", "truncated", 0);
    expectError("  <!-- only a comment -->  ", "truncated", 27);
  });

  it("non-whitespace text outside the root", () => {
    expectError("x<a/>", "syntax", 0);
    expectError("<a/> x", "syntax", 5);
    expectError("<a/>&amp;", "syntax", 4);
    expectError("<a/><![CDATA[x]]>", "syntax", 4);
    expectError("\u00a0<a/>", "syntax", 0);
  });

  it("attribute syntax", () => {
    expectError('<a b="<"/>', "syntax", 6);
    expectError("<a b=c/>", "syntax", 5);
    expectError("<a b/>", "syntax", 4);
    expectError('<a b="1" b="2"/>', "syntax", 9);
    expectError('<a b="1"c="2"/>', "syntax", 8);
    expectError("<a b=\"1'/>", "truncated", 0);
    expectError('<a ="1"/>', "syntax", 3);
    expectError('<a b="1" / >', "syntax", 9);
    expectError("<a b='1'>x</a", "truncated", 10);
    expect(events("<a b = '1' c\n=\n\"2\" d=\"'\" e='\"'></a>")[0]).toEqual([
      "open",
      "a",
      "b = '1' c\n=\n\"2\" d=\"'\" e='\"'",
    ]);
  });

  it("'>' is allowed in attribute values and text", () => {
    expect(events('<a b=">" c="/>">></a>')).toEqual([
      ["open", "a", 'b=">" c="/>"'],
      ["text", ">"],
      ["close", "a"],
    ]);
  });

  it("']]>' is not allowed in character data", () => {
    expectError("<a>x]]>y</a>", "syntax", 4);
    expectError("<a>]]]></a>", "syntax", 4);
    expect(events("<a>]] ]>]]&gt;</a>")[1]).toEqual(["text", "]] ]>]]>"]);
    const e = failure(["<a>x]", "]", ">y</a>"]);
    expect([e.code, e.offset]).toEqual(["syntax", 4]);
  });

  it("comments may not contain '--' nor end with '-'", () => {
    expectError("<a><!-- a -- b --></a>", "syntax", 10);
    expectError("<a><!-- a ---></a>", "syntax", 10);
    expectError("<a><!- x --></a>", "syntax", 3);
    expect(events("<a><!-- a - b -->x</a>")[1]).toEqual(["text", "x"]);
  });

  it("XML declaration only at the very start, and well-formed", () => {
    expectError(' <?xml version="1.0"?><a/>', "syntax", 1);
    expectError('<a/><?xml version="1.0"?>', "syntax", 4);
    expectError('<?xml encoding="utf-8"?><a/>', "syntax", 0);
    expectError('<?xml version="2.0"?><a/>', "syntax", 0);
    expectError('<?xml version="1.0" standalone="maybe"?><a/>', "syntax", 0);
    expectError("<?XML version='1.0'?><a/>", "syntax", 0);
    expect(events("<?xml version='1.0' encoding='windows-1256' standalone='yes' ?><a/>")).toHaveLength(2);
  });

  it("processing instruction syntax", () => {
    expectError("<? x?><a/>", "syntax", 0);
    expectError("<?pi?x?><a/>", "syntax", 0);
    expectError("<a><?pi", "truncated", 3);
    expect(events("<a><?xml-stylesheet href='a'?><?pi?></a>")).toHaveLength(2);
  });

  it("CDATA outside the root and malformed markup declarations", () => {
    expectError("<![CDATA[x]]><a/>", "syntax", 0);
    expectError("<a><![CDAT[x]]></a>", "syntax", 3);
    expectError("<a><!ELEMENT a></a>", "syntax", 3);
    expectError("<a>< b/></a>", "syntax", 4);
    expectError("<a><1/></a>", "syntax", 4);
  });

  it("write() after end() fails", () => {
    const t = new XmlTokenizer({ open() {}, text() {}, close() {} });
    t.write("<a/>");
    t.end();
    expect(() => t.write("<b/>")).toThrow(XmlSyntaxError);
  });
});

describe("XmlTokenizer: limits", () => {
  it("rejects 100,000-deep nesting with depth-limit, without recursion", () => {
    const n = 100_000;
    const doc = "<a>".repeat(n) + "</a>".repeat(n);
    const e = failure(doc);
    expect([e.code, e.offset]).toEqual(["depth-limit", 512 * 3]);
  });

  it("accepts 100,000-deep nesting when the limit allows it (iterative)", () => {
    const n = 100_000;
    let opens = 0;
    let closes = 0;
    const t = new XmlTokenizer({ open: () => void opens++, text() {}, close: () => void closes++ }, { maxDepth: n });
    t.write("<a>".repeat(n) + "</a>".repeat(n));
    t.end();
    expect([opens, closes]).toEqual([n, n]);
  });

  it("maxDepth is inclusive", () => {
    expect(events("<a><b><c/></b></a>", { maxDepth: 3 })).toHaveLength(6);
    expectError("<a><b><c><d/></c></b></a>", "depth-limit", 9, { maxDepth: 3 });
  });

  it("maxNameLength applies to element names, attribute names and PI targets", () => {
    expect(events("<abcd/>", { maxNameLength: 4 })).toHaveLength(2);
    expectError("<abcde/>", "token-too-long", 0, { maxNameLength: 4 });
    expectError('<a bcdef="1"/>', "token-too-long", 3, { maxNameLength: 4 });
    expectError("<?abcde?><a/>", "token-too-long", 0, { maxNameLength: 4 });
    // Detected while the name is still arriving.
    const t = new XmlTokenizer({ open() {}, text() {}, close() {} }, { maxNameLength: 4 });
    expect(() => t.write("<abcdefgh")).toThrow(expect.objectContaining({ code: "token-too-long" }));
  });

  it("maxTokenLength bounds what is buffered across chunks", () => {
    const t = new XmlTokenizer({ open() {}, text() {}, close() {} }, { maxTokenLength: 100 });
    t.write("<a>");
    t.write(`<b c="${"x".repeat(50)}`);
    expect(() => t.write("x".repeat(60))).toThrow(expect.objectContaining({ code: "token-too-long", offset: 3 }));
    // Text is streamed, never buffered: no limit applies.
    const texts: string[] = [];
    const u = new XmlTokenizer({ open() {}, text: (b, s, e) => texts.push(utf8.decode(b.subarray(s, e))), close() {} }, { maxTokenLength: 100 });
    u.write("<a>");
    for (let i = 0; i < 50; i++) u.write("y".repeat(99));
    u.write("</a>");
    u.end();
    expect(texts.join("")).toBe("y".repeat(99 * 50));
  });

  it("a never-ending '&' reference in text is refused early", () => {
    const t = new XmlTokenizer({ open() {}, text() {}, close() {} }, { maxNameLength: 10 });
    t.write("<a>x &");
    expect(() => t.write("a".repeat(100))).toThrow(expect.objectContaining({ code: "syntax", offset: 5 }));
  });
});

describe("XmlTokenizer: truncated documents", () => {
  const doc =
    '\ufeff<?xml version="1.0"?><!-- c --><s:E xmlns:s="urn:s" a=\'1\'><B>x&amp;y&#x1F600;<![CDATA[<z>]]>' +
    "<C/><?pi d?>\r\n</B><D  /></s:E >";

  it("the full document is accepted", () => {
    expect(events(doc)).toHaveLength(10);
  });

  it("every proper prefix is rejected by end() with 'truncated' or 'syntax', single write or char by char", () => {
    for (let cut = 0; cut < doc.length; cut++) {
      const prefix = doc.slice(0, cut);
      for (const chunks of [[prefix], prefix.split("")]) {
        let err: unknown;
        try {
          collect(chunks);
        } catch (e) {
          err = e;
        }
        expect(err, `prefix of length ${cut}`).toBeInstanceOf(XmlSyntaxError);
        expect(["truncated", "syntax"], `prefix of length ${cut}`).toContain((err as XmlSyntaxError).code);
      }
    }
  });

  it("reports where the unfinished token starts", () => {
    expectError("<a><b", "truncated", 3);
    expectError("<a>text", "truncated", 7);
    expectError("<a><!-- x", "truncated", 9);
    expectError("<a><![CDATA[x", "truncated", 13);
    expectError("<a>&amp", "truncated", 7); // inside character data: the end of the document
    expectError("<a></a", "truncated", 3);
    expectError("<a>\r", "truncated", 4);
  });
});

describe("XmlTokenizer: sink exceptions", () => {
  it("propagate unchanged and stop tokenizing", () => {
    const abort = new Error("stop here");
    const seen: string[] = [];
    const t = new XmlTokenizer({
      open(name) {
        seen.push(name);
        if (name === "stop") throw abort;
      },
      text() {},
      close() {},
    });
    let caught: unknown;
    try {
      t.write("<a><b/><stop/><c/></a>");
    } catch (e) {
      caught = e;
    }
    expect(caught).toBe(abort);
    expect(seen).toEqual(["a", "b", "stop"]);
  });

  it("from text() and close() as well", () => {
    class Stop extends Error {}
    const s = new Stop();
    const throwing = (): never => {
      throw s;
    };
    const t1 = new XmlTokenizer({ open() {}, text: throwing, close() {} });
    expect(() => t1.write("<a>x</a>")).toThrow(s);
    const t2 = new XmlTokenizer({ open() {}, text() {}, close: throwing });
    expect(() => t2.write("<a/>")).toThrow(Stop);
    const t3 = new XmlTokenizer({ open() {}, text: throwing, close() {} });
    t3.write("<a>");
    expect(() => t3.write("streamed text")).toThrow(s);
  });
});

describe("parseAttributes", () => {
  it("returns [] for no attributes", () => {
    expect(parseAttributes("")).toEqual([]);
  });

  it("decodes entities and character references, both quote styles", () => {
    expect(parseAttributes(`a="&lt;&gt;&amp;&quot;&apos;" b='"x"' c="'y'" d="&#x1F600;&#1575;"`)).toEqual([
      ["a", `<>&"'`],
      ["b", '"x"'],
      ["c", "'y'"],
      ["d", "😀ا"],
    ]);
  });

  it("normalises literal TAB/LF/CR/CRLF to a space (XML 1.0 §3.3.3), keeps referenced ones", () => {
    expect(parseAttributes('a="1\t2\n3\r\n4\r5" b="&#9;&#10;&#13;"')).toEqual([
      ["a", "1 2 3 4 5"],
      ["b", "\t\n\r"],
    ]);
  });

  it("keeps document order and qualified names (namespace declarations included)", () => {
    expect(parseAttributes('xmlns="urn:d" xmlns:p="urn:p" p:x="1" y="2"')).toEqual([
      ["xmlns", "urn:d"],
      ["xmlns:p", "urn:p"],
      ["p:x", "1"],
      ["y", "2"],
    ]);
  });

  it("Persian values and '>' / ']]>' inside values", () => {
    expect(parseAttributes('t="سلام > دنیا ]]>"')).toEqual([["t", "سلام > دنیا ]]>"]]);
  });

  it("rejects malformed attributes and duplicates with offsets relative to the input", () => {
    const cases: Array<[string, XmlErrorCode, number]> = [
      ['a="1" a="2"', "syntax", 6],
      ["a=1", "syntax", 2],
      ['a="<"', "syntax", 3],
      ['a="1"b="2"', "syntax", 5],
      ["a", "syntax", 1],
      ["a=", "syntax", 2],
      ['a="1', "truncated", 0],
      ['a="&x;"', "entity-unknown", 3],
      ['a="&#0;"', "invalid-char", 3],
      ['a="&"', "syntax", 3],
      ['a="1" />', "syntax", 8],
      ['a="\u0001"', "invalid-char", 3],
    ];
    for (const [raw, code, offset] of cases) {
      let err: unknown;
      try {
        parseAttributes(raw);
      } catch (e) {
        err = e;
      }
      expect(err, raw).toBeInstanceOf(XmlSyntaxError);
      expect({ raw, code: (err as XmlSyntaxError).code, offset: (err as XmlSyntaxError).offset }).toEqual({
        raw,
        code,
        offset,
      });
    }
  });

  it("detects duplicates among many attributes", () => {
    const many = Array.from({ length: 40 }, (_, i) => `a${i}="${i}"`).join(" ");
    expect(parseAttributes(many)).toHaveLength(40);
    expect(() => parseAttributes(`${many} a17="x"`)).toThrow(XmlSyntaxError);
    expectError(`<e ${many} a39="x"/>`, "syntax", 3 + many.length + 1);
  });
});

describe("XmlTokenizer: names compared a word at a time", () => {
  // Names of every length around the 4-byte word size; each variant differs in one byte
  // (first, last, or one inside the overlapping tail word), so a wrong word comparison shows.
  const names = ["a", "ab", "abc", "abcd", "abcde", "abcdef", "abcdefg", "abcdefgh", "abcdefghi", "ShareServiceBodyID", "ناممثال"];
  const variants = (n: string): string[] => {
    const out = new Set<string>();
    for (const i of [0, n.length - 1, Math.max(0, n.length - 3)]) out.add(n.slice(0, i) + (n[i] === "z" ? "y" : "z") + n.slice(i + 1));
    out.delete(n);
    return [...out];
  };

  /** Opens `tag` with `hint` as the tokenizer's expected name; returns the names reported. */
  function openWithHint(hint: string, tag: string): string[] {
    const seen: string[] = [];
    const t = new XmlTokenizer({
      open: (name) => {
        seen.push(name);
        t.expect(xmlName(hint));
      },
      text() {},
      close() {},
    });
    t.expect(xmlName(hint));
    t.write(`<r><${tag}/><${tag}></${tag}><${tag} a="1">x</${tag}></r>`);
    t.end();
    return seen;
  }

  it("a start tag is reported by its own name, whatever the hint", () => {
    for (const n of names) {
      expect(openWithHint(n, n)).toEqual(["r", n, n, n]);
      for (const v of variants(n)) expect(openWithHint(n, v)).toEqual(["r", v, v, v]);
      expect(openWithHint(n, `${n}x`)).toEqual(["r", `${n}x`, `${n}x`, `${n}x`]);
      if (n.length > 1) expect(openWithHint(n, n.slice(0, -1))).toEqual(["r", n.slice(0, -1), n.slice(0, -1), n.slice(0, -1)]);
    }
  });

  it("an end tag that differs in any byte is a mismatched tag", () => {
    for (const n of names) {
      for (const v of variants(n)) {
        const e = failure(`<${n}>x</${v}>`);
        expect(e.code).toBe("mismatched-tag");
        expect(e.offset).toBe(new TextEncoder().encode(`<${n}>x`).length);
      }
      expect(events(`<${n}>x</${n}>`)).toEqual([["open", n, ""], ["text", "x"], ["close", n]]);
    }
  });
});

describe("latin1OrUtf8", () => {
  it("decodes like TextDecoder at every length around its short-string paths, ASCII or not", () => {
    const enc = new TextEncoder();
    for (let n = 0; n <= 40; n++) {
      const ascii = Array.from({ length: n }, (_, i) => String.fromCharCode(0x21 + ((i * 7) % 90))).join("");
      for (const text of [ascii, ascii.slice(0, Math.max(0, n - 1)) + "é", "ب" + ascii]) {
        const bytes = enc.encode(`<${text}>`);
        expect(latin1OrUtf8(bytes, 1, bytes.length - 1)).toBe(text);
      }
    }
  });
});
