/**
 * The test kit with the leaf types, offline (against Mono: test/import/corpus.test.ts): a package
 * generated from a small spec, its mock reading hexBinary, char, QName and raw XML parameters
 * as ASMX reads them and writing results as ASMX writes them, over every binding offered; the
 * client decodes what the mock wrote to what the handler returned.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { generate } from "../../generator/generate.ts";
import { miniModel, op } from "../support/mini.ts";
import { tempDir } from "../import/support.ts";

type Client = Record<string, Record<string, (p: object, o: object) => Promise<unknown>>>;
interface Kit {
  createMockService: (h: object, o?: object) => { fetch: typeof fetch; calls: Array<{ params: Record<string, unknown>; binding: string }> };
}

const ALL = ["soap11", "soap12", "httpGet", "httpPost"];
const ops =
  op("EchoHex", "{ name: v, type: hexBinary, optional: true }", "{ kind: scalar, type: hexBinary, soapElement: EchoHexResult, httpRoot: base64Binary }") +
  op("EchoChar", "{ name: v, type: char }", "{ kind: scalar, type: char, soapElement: EchoCharResult, httpRoot: char }") +
  op("QNameOf", "{ name: ns, type: string, optional: true }", "{ kind: scalar, type: QName, soapElement: QNameOfResult, httpRoot: QName }") +
  op("Table", "{ name: rows, type: int }", "{ kind: scalar, type: xml, soapElement: TableResult, httpRoot: DataSet }") +
  op("Make", "{ name: name, type: string, optional: true }", "{ kind: scalar, type: xml, soapElement: MakeResult }") +
  `      - name: Wrap
        bindings: [soap11, soap12]
        params: [{ name: e, type: xml, optional: true }, { name: q, type: QName, optional: true }]
        result: { kind: scalar, type: xml, soapElement: WrapResult }
`;

const tmp = tempDir("asmx-leaf-kit-");
let pkg: { createClient: (o: object) => Client };
let kit: Kit;
beforeAll(async () => {
  const files = await generate(miniModel(ops), { shipSource: true });
  for (const [path, text] of files) {
    mkdirSync(dirname(join(tmp.dir, path)), { recursive: true });
    writeFileSync(join(tmp.dir, path), text);
  }
  pkg = (await import(pathToFileURL(join(tmp.dir, "src", "index.ts")).href)) as typeof pkg;
  kit = (await import(pathToFileURL(join(tmp.dir, "src", "testing", "index.ts")).href)) as Kit;
}, 120_000);
afterAll(() => tmp.remove());

const plain = (v: unknown): unknown => JSON.parse(JSON.stringify(v, (_k, x: unknown) => (x instanceof Uint8Array ? [...x] : x)));
const schema = { name: "schema", namespace: "http://www.w3.org/2001/XMLSchema", prefix: "xs", namespaces: [{ prefix: "xs", namespace: "http://www.w3.org/2001/XMLSchema" }], attributes: [{ name: "type", namespace: "", prefix: "", value: "xs:int" }], children: [] };
const made = { name: "n", namespace: "urn:made", prefix: "m", namespaces: [], attributes: [{ name: "at", namespace: "urn:attr", prefix: "d1p1", value: "t&" }], children: ["t&", { name: "empty", namespace: "", prefix: "", namespaces: [], attributes: [], children: [] }] };

describe("the mock with the leaf types", () => {
  const cases: Array<[string, Record<string, unknown>, unknown, readonly string[]]> = [
    ["EchoHex", { v: new Uint8Array([0, 15, 255]) }, new Uint8Array([1, 2]), ALL],
    ["EchoChar", { v: "é" }, "\u0000", ALL],
    ["QNameOf", { ns: "urn:a" }, { namespace: "", name: "n" }, ALL],
    ["Table", { rows: 2 }, [schema], ALL],
    ["Make", { name: "n" }, [made], ALL],
    ["Wrap", { e: [{ name: "in", namespace: "urn:x", prefix: "x", children: ["hi <&>"] }], q: { namespace: "", name: "local" } }, [{ name: "wrapped", namespace: "", children: [] }], ["soap11", "soap12"]],
  ];
  for (const [name, params, reply, bindings] of cases)
    for (const binding of bindings)
      test(`${name} × ${binding}: the handler gets what was sent; the client gets what the handler returned`, async () => {
        const mock = kit.createMockService({ things: { [name]: () => reply } });
        const client = pkg.createClient({ baseUrl: "http://mock.test", fetch: mock.fetch });
        const got = await client.things![name]!(params, { binding });
        const received = mock.calls[0]!.params;
        if (name === "Wrap") {
          const e = (received.e as Array<{ name: string; namespace: string; children: unknown[] }>)[0]!;
          expect([e.name, e.namespace, e.children]).toEqual(["in", "urn:x", ["hi <&>"]]);
          expect(received.q).toEqual({ namespace: "", name: "local" });
          expect((got as Array<{ name: string }>)[0]!.name).toBe("wrapped");
        } else {
          expect(plain(received)).toEqual(plain(params));
          // (declarations are as written: the writer adds those the names need, per binding)
          const noDecls = (v: unknown): unknown => JSON.parse(JSON.stringify(plain(v), (k, x: unknown) => (k === "namespaces" ? undefined : x)));
          expect(noDecls(got)).toEqual(noDecls(reply));
        }
      });

  test("an XmlElement result over HTTP GET/POST must be one element: a handler's mistake is reported, not sent", async () => {
    const mock = kit.createMockService({ things: { Make: () => ["text"] } });
    const client = pkg.createClient({ baseUrl: "http://mock.test", fetch: mock.fetch });
    await expect(client.things!.Make!({ name: "n" }, { binding: "httpGet" })).rejects.toThrow("an XmlElement result over HTTP GET/POST is one element (the document's root)");
  });
});
