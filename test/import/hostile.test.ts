/**
 * Hostile or broken WSDL: a clear error naming the document (and line:column where there is
 * one), or a partial import that reports what it skipped — never a hang or a stack trace, and
 * nothing written on error.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { runImport } from "../../generator/commands/import.ts";
import { importDocuments, importWsdl } from "../../generator/wsdl/import.ts";
import { formatImportIssue } from "../../generator/wsdl/issues.ts";
import { fixtureWsdlDir, tempDir } from "./support.ts";

const tmp = tempDir("asmx-hostile-");
const send = readFileSync(join(fixtureWsdlDir, "Send.wsdl"), "utf8");

function file(name: string, text: string): string {
  const p = join(tmp.dir, name);
  writeFileSync(p, text);
  return p;
}

/** Runs `import -o out` on one document; returns the result and whether out was written. */
async function importOne(name: string, text: string) {
  const src = file(name, text);
  const out = join(tmp.dir, `${name}.yaml`);
  const r = await runImport({ sources: [src], out });
  return { ...r, stderr: r.stderr.replaceAll(tmp.dir + "/", ""), written: existsSync(out), out };
}

function edit(text: string, from: string, to: string): string {
  expect(text.includes(from), from).toBe(true);
  return text.replace(from, to);
}

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/silent") return; // never answers
    if (req.url === "/big") {
      // 50 MB without Content-Length (chunked): the limit must stop the read.
      res.writeHead(200, { "content-type": "text/xml" });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 50 && res.write(chunk)) sent++;
        if (sent < 50) res.once("drain", pump);
        else res.end();
      };
      res.on("error", () => undefined);
      pump();
      return;
    }
    if (req.url === "/send.asmx?WSDL") {
      res.writeHead(200, { "content-type": "text/xml; charset=utf-8" });
      res.end(send);
      return;
    }
    res.writeHead(404, "Not Found");
    res.end("no");
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((ok) => server.close(ok));
  tmp.remove();
});

describe("documents that are refused, with a clear error and nothing written", () => {
  test("not XML", async () => {
    const r = await importOne("text.wsdl", "this is not XML\n");
    expect(r).toMatchObject({ code: 2, written: false, stdout: "" });
    expect(r.stderr).toBe("text.wsdl:1:1: not well-formed XML: text is not allowed outside the root element\nNothing was written.\n");
  });

  test("a DOCTYPE with entity declarations (billion laughs) is refused before any expansion", async () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">\n]>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">&lol2;</wsdl:definitions>\n`;
    const r = await importOne("laughs.wsdl", laughs);
    expect(r).toMatchObject({ code: 2, written: false });
    expect(r.stderr).toBe("laughs.wsdl:2:1: not well-formed XML: a DOCTYPE is not allowed (no DTDs or entity declarations are read)\nNothing was written.\n");
  });

  test("an external entity reference without a DOCTYPE is an unknown entity", async () => {
    const r = await importOne("xxe.wsdl", edit(send, "<wsdl:types>", "<wsdl:types>&xxe;"));
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("xxe.wsdl:3:15: not well-formed XML: unknown entity '&xxe;'\nNothing was written.\n");
  });

  test("well-formed XML that is not WSDL", async () => {
    const r = await importOne("page.wsdl", "<html><body>Service unavailable</body></html>");
    expect(r.stderr).toBe('page.wsdl:1:1: not a WSDL 1.1 document (root element is <html> in namespace "")\nNothing was written.\n');
    expect(r.written).toBe(false);
  });

  test("a 50 MB file is refused by size before it is read", async () => {
    const big = join(tmp.dir, "big.wsdl");
    writeFileSync(big, Buffer.alloc(50 * 1024 * 1024, 0x20));
    const r = await runImport({ sources: [big], out: join(tmp.dir, "big.yaml") });
    expect(r.stderr).toBe(`${big}: document is 52428800 bytes, over the 16 MiB limit\nNothing was written.\n`);
  });

  test("50 MB streamed without a length over HTTP stops at the limit", async () => {
    const r = await runImport({ sources: [`${base}/big`], out: join(tmp.dir, "bigurl.yaml") });
    expect(r.stderr).toBe(`${base}/big: document is over the 16 MiB limit\nNothing was written.\n`);
  });

  test("a server that never answers times out", async () => {
    const r = await runImport({ sources: [`${base}/silent`], timeoutMs: 300 });
    expect(r.stderr).toBe(`${base}/silent: no answer within 300 ms\nNothing was written.\n`);
  });

  test("an HTTP error status", async () => {
    const r = await runImport({ sources: [`${base}/missing.asmx?WSDL`] });
    expect(r.stderr).toBe(`${base}/missing.asmx?WSDL: HTTP 404 Not Found\nNothing was written.\n`);
  });

  test("600,000 elements under the size limit are refused by count", async () => {
    const text = `<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">${"<a/>".repeat(600_000)}</wsdl:definitions>`;
    const r = await importOne("many.wsdl", text);
    expect(r.stderr).toBe("many.wsdl:1:2000061: more than 500000 elements\nNothing was written.\n");
  });

  test("nesting deeper than 256 elements", async () => {
    const r = await importOne("deep.wsdl", `${"<a>".repeat(300)}${"</a>".repeat(300)}`);
    expect(r.stderr).toBe("deep.wsdl:1:769: not well-formed XML: element nesting deeper than 256\nNothing was written.\n");
  });
});

describe("documents imported in part, with a report of what was skipped", () => {
  test("a type the schema does not declare: that operation is skipped, the rest imported", async () => {
    const r = await importOne("missing-type.wsdl", edit(send, 'name="recIds" type="tns:ArrayOfLong"', 'name="recIds" type="tns:ArrayOfLongs"'));
    expect(r.code).toBe(0);
    expect(r.written).toBe(true);
    expect(r.stderr).toBe(
      [
        "Not mapped (2), the rest was imported:",
        "  missing-type.wsdl:85:13: type tns:ArrayOfLongs of parameter GetDeliveries.recIds is not declared in the WSDL's schema [missing-type]",
        "  missing-type.wsdl:85:13: operation GetDeliveries skipped: parameter recIds cannot be mapped [skipped-operation]",
        "",
      ].join("\n"),
    );
    const yaml = readFileSync(r.out, "utf8");
    expect(yaml).toContain("      - name: getMessages\n");
    expect(yaml).toContain("      - name: GetSmsPrice\n");
    expect(yaml).not.toContain("GetDeliveries");
  });

  test("an XSD construct the importer does not map (xs:choice in a record)", async () => {
    const r = await importOne(
      "choice.wsdl",
      edit(send, '<s:element minOccurs="0" maxOccurs="1" name="Udh" type="s:string" />', '<s:choice><s:element name="A" type="s:int" /><s:element name="B" type="s:string" /></s:choice>'),
    );
    expect(r.code).toBe(0);
    expect(r.stderr.split("\n")).toEqual([
      "Not mapped (2), the rest was imported:",
      "  choice.wsdl:38:11: xs:choice inside the sequence of type MessagesBL is not mapped [unmapped-construct]",
      "  choice.wsdl:20:13: operation getMessages skipped: its result cannot be mapped [skipped-operation]",
      "",
    ]);
    const yaml = readFileSync(r.out, "utf8");
    expect(yaml).not.toContain("getMessages");
    expect(yaml).toContain("      - name: GetDeliveries\n");
  });

  test("an XSD built-in type XmlSerializer does not emit (xs:gYear) in a record field", () => {
    const r = importDocuments([{ name: "gyear.wsdl", text: edit(send, 'name="Udh" type="s:string"', 'name="Udh" type="s:gYear"') }]);
    expect(r.issues.map(formatImportIssue)).toEqual(["gyear.wsdl:38:11: XSD type gYear of field MessagesBL.Udh is not mapped [unmapped-construct]"]);
    expect(r.spec.records?.["MessagesBL"]?.fields.map((f) => f.name)).not.toContain("Udh");
    expect(r.spec.records?.["MessagesBL"]?.fields).toHaveLength(29);
  });

  test("a field repeated without a wrapper ([XmlElement] on an array) is mapped; a repeated list (a list of lists) is reported", () => {
    const repeated = importDocuments([{ name: "repeated.wsdl", text: edit(send, 'minOccurs="0" maxOccurs="1" name="Udh" type="s:string"', 'minOccurs="0" maxOccurs="unbounded" name="Udh" type="s:string"') }]);
    expect(repeated.issues).toEqual([]);
    expect(repeated.spec.records?.["MessagesBL"]?.fields.find((f) => f.name === "Udh")).toEqual({ name: "Udh", type: "string", repeated: true });
    const lists = importDocuments([{ name: "lists.wsdl", text: edit(send, 'minOccurs="0" maxOccurs="1" name="Udh" type="s:string"', 'minOccurs="0" maxOccurs="unbounded" name="Udh" type="tns:ArrayOfLong"') }]);
    expect(lists.issues.map(formatImportIssue)).toEqual(["lists.wsdl:38:11: field MessagesBL.Udh repeats a list (a list of lists) and is not mapped (skipped) [unmapped-construct]"]);
  });

  test("HTTP GET parts that disagree with the SOAP parameters are reported (the WSDL contradicts itself)", () => {
    const text = edit(send, '<wsdl:message name="GetSmsPriceHttpGetIn">\n    <wsdl:part name="username" type="s:string" />\n    <wsdl:part name="password" type="s:string" />', '<wsdl:message name="GetSmsPriceHttpGetIn">\n    <wsdl:part name="password" type="s:string" />\n    <wsdl:part name="username" type="s:string" />');
    const r = importDocuments([{ name: "parts.wsdl", text }]);
    expect(r.issues.map(formatImportIssue)).toEqual([
      "parts.wsdl:154:3: HTTP GET parts of GetSmsPrice (password, username, OperatorACount, OperatorBCount, from, text) differ from its SOAP parameters (username, password, OperatorACount, OperatorBCount, from, text) [http-parts]",
    ]);
  });

  test("a document served over HTTP imports like the file", async () => {
    const a = await importWsdl([`${base}/send.asmx?WSDL`]);
    const b = importDocuments([{ name: "Send.wsdl", text: send }]);
    expect(a.spec).toEqual(b.spec);
    expect(a.sources).toEqual([`${base}/send.asmx?WSDL`]);
  });
});
