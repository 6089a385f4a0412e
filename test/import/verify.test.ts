/**
 * `verify`: the spec against the WSDL recorded from the Mono fixture passes; deliberately
 * changed specs fail with the expected diff lines, asserted verbatim.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runVerify } from "../../generator/commands/verify.ts";
import { fixtureWsdls, repoRoot, specPath, tempDir } from "./support.ts";

const original = readFileSync(specPath, "utf8");
const tmp = tempDir("asmx-verify-");
afterAll(() => tmp.remove());
process.chdir(repoRoot);

/** Writes a changed copy of spec/service.yaml and verifies it against the fixture WSDLs. */
async function verifyChanged(edit: (text: string) => string) {
  const text = edit(original);
  expect(text).not.toBe(original);
  const file = join(tmp.dir, "service.yaml");
  writeFileSync(file, text);
  return runVerify({ spec: file, specName: "service.yaml", against: fixtureWsdls });
}

function replaceOnce(text: string, from: string, to: string): string {
  const i = text.indexOf(from);
  if (i < 0 || text.indexOf(from, i + 1) >= 0) throw new Error(`not exactly one "${from}"`);
  return text.slice(0, i) + to + text.slice(i + from.length);
}

describe("verify", () => {
  test("spec/service.yaml matches the 9 WSDL documents recorded from the Mono fixture", async () => {
    const r = await runVerify({ spec: "spec/service.yaml", against: fixtureWsdls });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("spec/service.yaml matches 9 WSDL documents (35 operations, 9 records, 2 enums).\n");
    expect(r.code).toBe(0);
  });

  test("a reordered parameter", async () => {
    const r = await verifyChanged((t) =>
      replaceOnce(t, "          - { name: OperatorACount, type: int, description: \"Original spelling carries a mobile operator's brand in place of OperatorA.\" }\n", "").replace(
        "          - { name: from, type: string, optional: true }\n          - { name: text, type: string, optional: true }\n        result: { kind: scalar, type: double",
        "          - { name: from, type: string, optional: true }\n          - { name: OperatorACount, type: int }\n          - { name: text, type: string, optional: true }\n        result: { kind: scalar, type: double",
      ),
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      [
        "service.yaml differs from 9 WSDL documents (35 operations, 9 records, 2 enums): 1 difference",
        "  service.yaml:284:11 /post/Send.asmx GetSmsPrice: parameter order: spec (username, password, OperatorBCount, from, OperatorACount, text) | WSDL (username, password, OperatorACount, OperatorBCount, from, text)",
        "",
      ].join("\n"),
    );
  });

  test("a wrong parameter type, a wrong field type, a wrong optional flag and a wrong list item (lines in WSDL document order)", async () => {
    const r = await verifyChanged((t) => {
      t = replaceOnce(t, "          - { name: msgId, type: long }\n        result: { kind: list, type: MessagesBL, item: MessagesBL, soapElement: GetMessagesAfterIDResult", "          - { name: msgId, type: int }\n        result: { kind: list, type: MessagesBL, item: MessagesBL, soapElement: GetMessagesAfterIDResult");
      t = replaceOnce(t, "      - { name: MsgType, type: unsignedByte,", "      - { name: MsgType, type: int,");
      t = replaceOnce(t, "          - { name: targetUsername, type: string, optional: true }\n        result: { kind: record", "          - { name: targetUsername, type: string }\n        result: { kind: record");
      t = replaceOnce(t, "          - { name: recIds, type: long, optional: true, list: true, item: long }", "          - { name: recIds, type: long, optional: true, list: true, item: Long }");
      return t;
    });
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n")).toEqual([
      "service.yaml differs from 9 WSDL documents (35 operations, 9 records, 2 enums): 4 differences",
      '  service.yaml:294:13 /post/Send.asmx GetDeliveries: parameter recIds: spec "recIds: long list of <Long>, optional" | WSDL "recIds: long list of <long>, optional"',
      '  service.yaml:308:13 /post/Users.asmx GetUserDetails: parameter targetUsername: spec "targetUsername: string" | WSDL "targetUsername: string, optional"',
      '  service.yaml:227:13 /post/receive.asmx GetMessagesAfterID: parameter msgId: spec "msgId: int" | WSDL "msgId: long"',
      '  service.yaml:38:9 record MessagesBL: field MsgType: spec "MsgType: int" | WSDL "MsgType: unsignedByte"',
      "",
    ]);
  });

  test("a missing operation, an extra operation, a wrong result element and a wrong enum value", async () => {
    const r = await verifyChanged((t) => {
      t = replaceOnce(t, "      - name: RemoveCode\n", "      - name: RemoveCodes\n");
      t = replaceOnce(t, "soapElement: GetSmsPriceResult, httpRoot: double", "soapElement: GetSmsPriceResponse, httpRoot: double");
      t = replaceOnce(t, "values: [Received, Sent, Removed, Deleted]", "values: [Received, Sent, Deleted]");
      return t;
    });
    expect(r.code).toBe(1);
    expect(r.stderr.split("\n")).toEqual([
      "service.yaml differs from 9 WSDL documents (35 operations, 9 records, 2 enums): 4 differences",
      '  service.yaml:290:17 /post/Send.asmx GetSmsPrice: result: spec "scalar double in <GetSmsPriceResponse>, HTTP root <double>" | WSDL "scalar double in <GetSmsPriceResult>, HTTP root <double>"',
      "  service.yaml:598:7 /post/codes.asmx: operation RemoveCode is in the WSDL, not in the spec",
      "  service.yaml:598:9 /post/codes.asmx: operation RemoveCodes is in the spec, not in the WSDL",
      "  service.yaml:27:13 enum MessageLocation: values: spec (Received, Sent, Deleted) | WSDL (Received, Sent, Removed, Deleted)",
      "",
    ]);
  });

  test("a WSDL that cannot be read gives a clear error and exit code 2, not a diff", async () => {
    const r = await runVerify({ spec: "spec/service.yaml", against: ["test/fixtures/wsdl/nope.wsdl"] });
    expect(r).toEqual({ code: 2, stdout: "", stderr: "test/fixtures/wsdl/nope.wsdl: cannot read: no such file\n" });
  });
});
