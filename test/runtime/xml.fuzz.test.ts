/**
 * Differential fuzzing of the runtime XML tokenizer against saxes (a
 * conforming, well-tested SAX parser), plus chunk-split invariance.
 *
 * Deliberate deviations from saxes (we are stricter; each is what XML 1.0
 * requires, saxes is lenient):
 *  - DOCTYPE: always refused by us ("doctype-forbidden"); saxes accepts it.
 *    Documents containing "<!DOCTYPE" are only checked for rejection.
 *  - Unpaired surrogates: saxes does not reject an unpaired *high* surrogate
 *    (it swallows the next code unit as if it were the low half). We reject
 *    every unpaired surrogate with "invalid-char".
 *  - Processing instructions: XML requires whitespace or "?>" right after the
 *    PI target; saxes accepts e.g. `<?pi?x ?>`. We reject it.
 *  - Documents starting with `<?xml` but not a valid XML declaration in ways
 *    saxes does not check are not generated (mutations may still produce
 *    them; any difference there is reported by the test).
 * Text outside the root element (whitespace only) is reported by saxes but
 * not by us; the comparison only looks at text inside the root.
 *
 * The tokenizer reads UTF-8 bytes (strings are encoded first), so the byte path is fuzzed too:
 * documents split at every kind of byte position (inside multi-byte characters), and bytes
 * mutated into malformed UTF-8, which must be refused exactly when a fatal TextDecoder refuses
 * them (or earlier, for an earlier error).
 */
import fc from "fast-check";
import { SaxesParser } from "saxes";
import { describe, expect, it } from "vitest";
import { XmlSyntaxError, XmlTokenizer, parseAttributes, type XmlSink } from "../../templates/runtime/xml.ts";

/** Scale the number of runs, e.g. XML_FUZZ_SCALE=20 for a long soak. */
const SCALE = Number(process.env["XML_FUZZ_SCALE"] ?? 1);
const runs = (n: number): number => Math.max(1, Math.round(n * SCALE));
const TIMEOUT = 20_000 * Math.max(1, SCALE);

type Ev = ["open", string, Array<[string, string]>] | ["text", string] | ["close", string];
type Result = { ok: true; events: Ev[] } | { ok: false; code: string; offset: number };

/**
 * Our tokenizer, attributes decoded, adjacent text coalesced; chunks are strings or UTF-8 bytes.
 * Run twice: with a sink that takes whole leaf elements and indentation apart (XmlSink.leaf,
 * XmlSink.space, which the tokenizer then uses for `<a>text</a>` and for whitespace before a
 * tag) and with one that does not; both must see the same events.
 */
function ours(chunks: ReadonlyArray<string | Uint8Array>): Result {
  const withLeaves = oursWith(chunks, true);
  expect(withLeaves.result, "the same with and without XmlSink.leaf").toEqual(oursWith(chunks, false).result);
  return withLeaves.result;
}

function oursWith(chunks: ReadonlyArray<string | Uint8Array>, leaves: boolean): { result: Result; leafCalls: number; spaceCalls: number } {
  const events: Ev[] = [];
  let text = "";
  let leafCalls = 0;
  let spaceCalls = 0;
  const flush = (): void => {
    if (text !== "") events.push(["text", text]);
    text = "";
  };
  const sink: XmlSink = {
    open(name, attrs) {
      flush();
      const pairs: Array<[string, string]> = [];
      for (let i = 0; i < attrs.length; i++) pairs.push([attrs.name(i), attrs.value(i)]);
      events.push(["open", name, pairs]);
    },
    text(bytes, start, end) {
      const value = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start, end));
      expect(value).not.toBe("");
      text += value;
    },
    close(name) {
      flush();
      events.push(["close", name]);
    },
  };
  if (leaves) {
    sink.leaf = (name, attrs, bytes, start, end) => {
      leafCalls++;
      expect(attrs.length).toBe(0);
      sink.open(name, attrs);
      if (start < end) sink.text(bytes, start, end);
      sink.close(name);
    };
    sink.space = (bytes, start, end) => {
      spaceCalls++;
      expect(end).toBeGreaterThan(start);
      for (let i = start; i < end; i++) expect([0x20, 0x09, 0x0a]).toContain(bytes[i]);
      sink.text(bytes, start, end);
    };
  }
  const t = new XmlTokenizer(sink);
  return { result: run(t, chunks, flush, events), leafCalls, spaceCalls };
}

function run(t: XmlTokenizer, chunks: ReadonlyArray<string | Uint8Array>, flush: () => void, events: Ev[]): Result {
  try {
    for (const c of chunks) t.write(c);
    t.end();
  } catch (e) {
    if (e instanceof XmlSyntaxError) return { ok: false, code: e.code, offset: e.offset };
    throw e; // TypeError & co. are bugs
  }
  flush();
  return { ok: true, events };
}

/** saxes events in the same shape; any saxes error = rejection. */
function saxes(doc: string): Ev[] | null {
  const parser = new SaxesParser({ xmlns: false });
  const events: Ev[] = [];
  let text = "";
  let depth = 0;
  const flush = (): void => {
    if (text !== "") events.push(["text", text]);
    text = "";
  };
  parser.on("opentag", (tag) => {
    flush();
    depth++;
    events.push(["open", tag.name, Object.entries(tag.attributes)]);
  });
  parser.on("text", (t) => {
    if (depth > 0) text += t;
  });
  parser.on("cdata", (t) => {
    text += t;
  });
  parser.on("closetag", (tag) => {
    flush();
    depth--;
    events.push(["close", tag.name]);
  });
  try {
    parser.write(doc).close();
  } catch {
    return null;
  }
  flush();
  return events;
}

// ---------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------

const nameStart = fc.constantFrom("a", "b", "x", "Z", "_", ":", "soap:", "é", "ن", "م", "\u{10000}", "Ω");
const nameChar = fc.constantFrom("a", "1", "-", ".", "ی", "·", ":", "\u{10001}", "\u0301");
const xmlName = fc.tuple(nameStart, fc.array(nameChar, { maxLength: 4 })).map(([s, rest]) => s + rest.join(""));

const asciiNoMarkup = fc.string({ maxLength: 6 }).map((s) => s.replace(/[<&]/g, ""));

const textPiece = fc.oneof(
  fc.constantFrom(
    "&lt;",
    "&gt;",
    "&amp;",
    "&quot;",
    "&apos;",
    "&#65;",
    "&#x1F600;",
    "&#1575;",
    "&#13;",
    "&#x9;",
    ">",
    "]",
    "]]",
    "\r\n",
    "\r",
    "\n",
    "\t",
    " ",
    "😀",
    "سلام دنیا",
    "۱۲۳",
    "'",
    '"',
    "\u00a0",
    "\ufeff",
    "\u200c",
  ),
  asciiNoMarkup,
);

const charData = fc.array(textPiece, { maxLength: 6 }).map((a) => {
  const s = a.join("").replace(/]]>/g, "]]&gt;");
  // Adjacent text nodes are concatenated: never end with ']' (could form "]]>").
  return s.endsWith("]") ? `${s}.` : s;
});

const cdata = fc
  .array(fc.oneof(textPiece, fc.constantFrom("<", "&", "<a>", "&foo;", "]>", "]]")), { maxLength: 5 })
  .map((a) => `<![CDATA[${a.join("").replace(/]]>/g, "]] >")}]]>`);

const comment = fc.array(fc.oneof(textPiece, fc.constantFrom("-", "<", "&", "<a>")), { maxLength: 4 }).map((a) => {
  let s = a.join("").replace(/-+/g, "-");
  if (s.endsWith("-")) s += " ";
  return `<!--${s}-->`;
});

const pi = fc
  .tuple(xmlName, fc.option(fc.array(fc.oneof(textPiece, fc.constantFrom("?", "<", "&", ">")), { maxLength: 3 })))
  .map(([target, body]) => {
    const t = /^xml$/i.test(`p${target}`.slice(0, 3)) ? `q${target}` : `p${target}`;
    if (body === null) return `<?${t}?>`;
    return `<?${t} ${body.join("").replace(/\?>/g, "? >")}?>`;
  });

const attrValuePiece = fc.oneof(
  fc.constantFrom(
    "&lt;",
    "&amp;",
    "&quot;",
    "&#10;",
    "&#x9;",
    "&#13;",
    ">",
    "'",
    "\t",
    "\n",
    "\r\n",
    "\r",
    " ",
    "سلام",
    "😀",
    "]]>",
  ),
  asciiNoMarkup.map((s) => s.replace(/"/g, "")),
);
const attr = fc
  .tuple(xmlName, fc.array(attrValuePiece, { maxLength: 4 }), fc.boolean(), fc.constantFrom(" ", "\n", "\t ", "\r\n"))
  .map(([n, v, single, ws]) => {
    const value = v.join("");
    const q = single ? "'" : '"';
    const escaped = single ? value.replace(/'/g, "&apos;") : value;
    return { name: n, text: `${ws}${n}${single ? " = " : "="}${q}${escaped}${q}` };
  });
const attrs = fc
  .uniqueArray(attr, { selector: (a) => a.name, maxLength: 3 })
  .map((as) => as.map((a) => a.text).join(""));

const { element } = fc.letrec<{ element: string; node: string }>((tie) => ({
  element: fc
    .tuple(xmlName, attrs, fc.array(tie("node"), { maxLength: 4 }), fc.boolean(), fc.constantFrom("", " ", "\n"))
    .map(([name, a, children, selfClose, ws]) =>
      selfClose && children.length === 0
        ? `<${name}${a}${ws}/>`
        : `<${name}${a}${ws}>${children.join("")}</${name}${ws}>`,
    ),
  node: fc.oneof({ depthSize: "small", maxDepth: 4 }, charData, cdata, comment, pi, tie("element")),
}));

const misc = fc.oneof(comment, pi, fc.constantFrom(" ", "\n", "\r\n", "\t"));
const xmlDecl = fc.constantFrom(
  "",
  "",
  '<?xml version="1.0"?>',
  "<?xml version='1.0' encoding='utf-8'?>\n",
  '<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>\r\n',
  '<?xml  version = "1.0"  standalone="no"?>',
);

const anyShape = fc
  .tuple(fc.boolean(), xmlDecl, fc.array(misc, { maxLength: 3 }), element, fc.array(misc, { maxLength: 3 }))
  .map(([bom, decl, pro, root, epi]) => `${bom ? "\ufeff" : ""}${decl}${pro.join("")}${root}${epi.join("")}`);

/**
 * Documents shaped like ASMX answers: indented records of leaf elements (`<name>text</name>`,
 * the shape XmlSink.leaf and XmlSink.space serve), some with text the leaf path must refuse
 * (references, CR, `]`), attributes or nested records. Random documents rarely have this shape.
 */
const leaf = fc
  .tuple(xmlName, charData, fc.constantFrom("", "", "", " a='1'"))
  .map(([name, text, a]) => `<${name}${a}>${text}</${name}>`);
const { record } = fc.letrec<{ record: string; item: string }>((tie) => ({
  record: fc
    .tuple(xmlName, fc.array(tie("item"), { minLength: 1, maxLength: 4 }), fc.constantFrom("\n", "\r\n", "\n\t", ""))
    .map(([name, items, nl]) => `<${name}>${items.map((i) => `${nl}  ${i}`).join("")}${nl}</${name}>`),
  item: fc.oneof({ depthSize: "small", maxDepth: 2 }, leaf, leaf, leaf, tie("record")),
}));
const leafy = fc.tuple(xmlDecl, record).map(([decl, root]) => `${decl}${root}`);

const wellFormed = fc.oneof(anyShape, leafy);

const mutationChar = fc.constantFrom(
  "<",
  ">",
  "&",
  ";",
  '"',
  "'",
  "/",
  "!",
  "-",
  "[",
  "]",
  "?",
  "=",
  " ",
  "\r",
  "#",
  "x",
  ":",
  "\u0000",
  "\u000b",
  "\ud800",
  "\udc00",
  "\uffff",
  "<!--",
  "-->",
  "]]>",
  "<![CDATA[",
  "&#0;",
  "&#xD800;",
  "&foo;",
  "<?xml?>",
  "<!DOCTYPE a>",
  "</a>",
  "<a>",
);
const mutation = fc.record({
  pos: fc.nat(),
  op: fc.constantFrom("delete", "insert", "insert", "duplicate"),
  ch: mutationChar,
  len: fc.integer({ min: 1, max: 4 }),
});
const mutated = fc.tuple(wellFormed, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([doc, ms]) => {
  let d = doc;
  for (const m of ms) {
    const at = m.pos % (d.length + 1);
    if (m.op === "delete") d = d.slice(0, at) + d.slice(at + m.len);
    else if (m.op === "insert") d = d.slice(0, at) + m.ch + d.slice(at);
    else d = d.slice(0, at) + d.slice(at, at + m.len) + d.slice(at);
  }
  return d;
});

/** Split `doc` at the given (unsorted, possibly duplicate) positions. */
function split(doc: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (doc.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let prev = 0;
  for (const p of points) {
    out.push(doc.slice(prev, p));
    prev = p;
  }
  out.push(doc.slice(prev));
  return out;
}

const hasLoneSurrogate = (s: string): boolean =>
  /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);
/** PI target followed by something other than whitespace or "?>" (saxes accepts `<?pi?x?>`). */
const hasPiTargetWithoutSpace = (s: string): boolean => /<\?[^ \t\r\n?>]*\?(?!>)/.test(s);

function compareWithSaxes(doc: string): void {
  const mine = ours([doc]);
  const ref = saxes(doc);
  if (ref === null) {
    // saxes rejects: so must we.
    expect(mine, `saxes rejects ${JSON.stringify(doc)}`).toMatchObject({ ok: false });
    return;
  }
  if (!mine.ok) {
    // Deliberate strictness (see file header).
    if (mine.code === "doctype-forbidden") return;
    if (hasLoneSurrogate(doc) && mine.code === "invalid-char") return;
    if (hasPiTargetWithoutSpace(doc) && mine.code === "syntax") return;
  }
  expect(mine, `document ${JSON.stringify(doc)}`).toEqual({ ok: true, events: ref });
}

describe("XmlTokenizer vs saxes (differential)", () => {
  it(
    "generated well-formed documents: saxes accepts them and the event streams are equal",
    () => {
      fc.assert(
        fc.property(wellFormed, (doc) => {
          const ref = saxes(doc);
          expect(ref, `generator produced a document saxes rejects: ${JSON.stringify(doc)}`).not.toBeNull();
          expect(ours([doc]), `document ${JSON.stringify(doc)}`).toEqual({ ok: true, events: ref });
        }),
        { numRuns: runs(5000) },
      );
    },
    TIMEOUT,
  );

  it(
    "mutated documents: same acceptance as saxes and, when accepted, the same events",
    () => {
      fc.assert(fc.property(mutated, compareWithSaxes), { numRuns: runs(5000) });
    },
    TIMEOUT,
  );

  it(
    "arbitrary strings with markup characters: never crash, agree with saxes",
    () => {
      const junk = fc
        .array(fc.oneof(mutationChar, fc.constantFrom("a", "b", "<a>", "</a>", "<a/>", " ", 'x="1"')), {
          maxLength: 12,
        })
        .map((a) => a.join(""));
      fc.assert(fc.property(junk, compareWithSaxes), { numRuns: runs(5000) });
    },
    TIMEOUT,
  );
});

describe("XmlTokenizer: whole leaf elements and indentation (XmlSink.leaf, XmlSink.space)", () => {
  it("takes plain `<a>text</a>` leaves in one call and everything else the general way", () => {
    const doc = '<r><a>1</a><b></b><c>&amp;</c><d x="1">2</d><p:e>3</p:e><f>4</f ><g>س<h/></g><i>\r</i><j>]</j><k/><l>۱۲</l></r>';
    const { result, leafCalls } = oursWith([doc], true);
    expect(result).toEqual(oursWith([doc], false).result);
    expect(result).toEqual({ ok: true, events: saxes(doc) });
    // a, b, l (h is an empty-element tag; the others need the general way).
    expect(leafCalls).toBe(3);
    // Cut inside a leaf: that leaf goes the general way, the rest is unchanged.
    const cut = oursWith([doc.slice(0, 8), doc.slice(8)], true);
    expect(cut.result).toEqual(result);
    expect(cut.leafCalls).toBe(2);
  });

  it("hands whitespace before a tag inside the root to space(), and any other text to text()", () => {
    const doc = ' \n<r>\n  <a>1</a>\t\n  <b> x </b> \r\n <c/>  y <![CDATA[ ]]>\n</r>\n ';
    const { result, spaceCalls } = oursWith([doc], true);
    expect(result).toEqual(oursWith([doc], false).result);
    expect(result).toEqual({ ok: true, events: saxes(doc) });
    // "\n  " before <a>, "\t\n  " before <b>, "\n" before </r> (not: " x " inside b, the one with a CR,
    // the text with "y", outside the root).
    expect(spaceCalls).toBe(3);
  });

  it(
    "generated documents take the leaf and the space paths",
    () => {
      let calls = 0;
      let spaces = 0;
      fc.assert(
        fc.property(wellFormed, (doc) => {
          const r = oursWith([doc], true);
          calls += r.leafCalls;
          spaces += r.spaceCalls;
        }),
        { numRuns: runs(500) },
      );
      // Half the documents are ASMX-shaped (leafy): both paths are exercised hundreds of times.
      expect(calls).toBeGreaterThan(50);
      expect(spaces).toBeGreaterThan(50);
    },
    TIMEOUT,
  );
});

describe("XmlTokenizer chunk-split invariance", () => {
  it(
    "random splits of well-formed and mutated documents give identical results",
    () => {
      fc.assert(
        fc.property(fc.oneof(wellFormed, mutated), fc.array(fc.nat(), { maxLength: 8 }), (doc, cuts) => {
          const whole = ours([doc]);
          expect(ours(split(doc, cuts)), `document ${JSON.stringify(doc)} cut at ${JSON.stringify(cuts)}`).toEqual(
            whole,
          );
        }),
        { numRuns: runs(5000) },
      );
    },
    TIMEOUT,
  );

  it(
    "one code unit at a time gives identical results",
    () => {
      fc.assert(
        fc.property(fc.oneof(wellFormed, mutated), (doc) => {
          expect(ours([...doc.split("")]), `document ${JSON.stringify(doc)}`).toEqual(ours([doc]));
        }),
        { numRuns: runs(2000) },
      );
    },
    TIMEOUT,
  );
});

// ---------------------------------------------------------------------------
// The byte path
// ---------------------------------------------------------------------------

const encoder = new TextEncoder();
const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Split `bytes` at the given positions. */
function splitBytes(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of points) {
    out.push(bytes.subarray(prev, p));
    prev = p;
  }
  out.push(bytes.subarray(prev));
  return out;
}

describe("XmlTokenizer on UTF-8 bytes", () => {
  it(
    "bytes give the same result as the string, and agree with saxes, whole and split anywhere (inside characters too)",
    () => {
      fc.assert(
        fc.property(fc.oneof(wellFormed, mutated), fc.array(fc.nat(), { maxLength: 10 }), (doc, cuts) => {
          if (hasLoneSurrogate(doc)) return; // not representable in UTF-8
          const bytes = encoder.encode(doc);
          const whole = ours([bytes]);
          expect(whole, `document ${JSON.stringify(doc)}`).toEqual(ours([doc]));
          expect(ours(splitBytes(bytes, cuts)), `document ${JSON.stringify(doc)} cut at ${JSON.stringify(cuts)}`).toEqual(whole);
          compareWithSaxes(doc);
        }),
        { numRuns: runs(5000) },
      );
    },
    TIMEOUT,
  );

  it(
    "one byte at a time gives identical results",
    () => {
      fc.assert(
        fc.property(fc.oneof(wellFormed, mutated), (doc) => {
          if (hasLoneSurrogate(doc)) return;
          const bytes = encoder.encode(doc);
          expect(ours(splitBytes(bytes, [...bytes.keys()])), `document ${JSON.stringify(doc)}`).toEqual(ours([bytes]));
        }),
        { numRuns: runs(1000) },
      );
    },
    TIMEOUT,
  );

  const badByte = fc.constantFrom(0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0xa0, 0x00, 0x1f);
  it(
    "malformed UTF-8 and forbidden characters are refused exactly when a fatal decoder (plus the XML Char rule) refuses them",
    () => {
      fc.assert(
        fc.property(
          wellFormed,
          fc.array(fc.record({ pos: fc.nat(), bytes: fc.array(badByte, { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 3 }),
          fc.array(fc.nat(), { maxLength: 6 }),
          (doc, inserts, cuts) => {
            let bytes = encoder.encode(doc);
            for (const { pos, bytes: ins } of inserts) {
              const at = pos % (bytes.length + 1);
              const next = new Uint8Array(bytes.length + ins.length);
              next.set(bytes.subarray(0, at));
              next.set(ins, at);
              next.set(bytes.subarray(at), at + ins.length);
              bytes = next;
            }
            const mine = ours([bytes]);
            expect(ours(splitBytes(bytes, cuts)), "split invariance").toEqual(mine);
            let text: string | null = null;
            try {
              text = fatal.decode(bytes);
            } catch {
              text = null;
            }
            if (text === null) {
              // Not UTF-8: refused (as malformed UTF-8, or for an earlier error).
              expect(mine.ok, `bytes ${JSON.stringify([...bytes])}`).toBe(false);
              return;
            }
            // Valid UTF-8 (e.g. a complete 2-byte character was formed): same as the text.
            expect(mine).toEqual(ours([text]));
          },
        ),
        { numRuns: runs(3000) },
      );
    },
    TIMEOUT,
  );
});
