/**
 * `import --merge`: what the spec lacks is added in place (comments, descriptions and order of
 * the rest kept, byte for byte outside the additions); differences are reported, and applied
 * only with --write, keeping hand-written descriptions and credential marks.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runImport } from "../../generator/commands/import.ts";
import { runVerify } from "../../generator/commands/verify.ts";
import { fixtureWsdls, repoRoot, specPath, tempDir } from "./support.ts";

process.chdir(repoRoot);
const tmp = tempDir("asmx-merge-");
afterAll(() => tmp.remove());
const original = readFileSync(specPath, "utf8");

function cut(text: string, from: string, to: string): string {
  const i = text.indexOf(from);
  const j = text.indexOf(to, i + from.length);
  if (i < 0 || j < 0) throw new Error(`cannot cut ${from}`);
  return text.slice(0, i) + text.slice(j);
}

describe("import --merge", () => {
  test("adds a missing operation, record, enum and field; leaves every other line as it was", async () => {
    let text = original;
    text = cut(text, "      - name: GetSmsQueue\n", "      - name: GetMultipleSMS3Deliveries\n"); // operation
    text = cut(text, "  SmsQueueList:\n", "  Contact:\n"); // record used only by that operation
    text = cut(text, "  MessageLocation:\n", "\nrecords:"); // enum
    text = text.replace("      - { name: Udh, type: string }\n", ""); // field
    const file = join(tmp.dir, "cut.yaml");
    writeFileSync(file, text);
    const r = await runImport({ sources: fixtureWsdls, merge: file });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n").filter((l) => l.startsWith("  added"))).toEqual([
      "  added enum MessageLocation",
      "  added record SmsQueueList",
      "  added field MessagesBL.Udh",
      "  added operation /post/Actions.asmx GetSmsQueue",
    ]);
    const merged = readFileSync(file, "utf8");
    // Everything the cut spec had is still there, in order (comments and descriptions included).
    const kept = text.split("\n");
    const lines = merged.split("\n");
    let at = 0;
    for (const line of kept) {
      const found = lines.indexOf(line, at);
      expect(found, `kept line: ${line}`).toBeGreaterThanOrEqual(at);
      at = found + 1;
    }
    expect(merged).toContain("      - { name: Body, type: string }\n      - { name: Udh, type: string }\n      - { name: SendDate, type: dateTime }\n");
    expect(merged).toContain(
      [
        "      - name: GetSmsQueue",
        "        params:",
        "          - { name: username, type: string, optional: true, credential: username }",
        "          - { name: password, type: string, optional: true, credential: password }",
        "          - { name: Id, type: long }",
        "        result: { kind: record, type: SmsQueueList, soapElement: GetSmsQueueResult, httpRoot: SmsQueueList }",
      ].join("\n"),
    );
    const v = await runVerify({ spec: file, specName: "cut.yaml", against: fixtureWsdls });
    expect(v.code).toBe(0);
  });

  test("reports differences without --write, applies them with --write and keeps descriptions", async () => {
    const text = original
      .replace("      - { name: MsgType, type: unsignedByte, description:", "      - { name: MsgType, type: int, description:")
      .replace("values: [Once, Daily, Weekly, Monthly, Yearly, Custom]", "values: [Once, Daily]");
    expect(text).not.toBe(original);
    const file = join(tmp.dir, "drift.yaml");
    writeFileSync(file, text);
    const r1 = await runImport({ sources: fixtureWsdls, merge: file });
    expect(r1.code).toBe(0);
    expect(r1.stdout.split("\n").filter((l) => l.startsWith("  differs"))).toEqual([
      '  differs: record MessagesBL: field MsgType: spec "MsgType: int" | WSDL "MsgType: unsignedByte"',
      "  differs: enum PeriodType: values: spec (Once, Daily) | WSDL (Once, Daily, Weekly, Monthly, Yearly, Custom)",
    ]);
    expect(r1.stdout).toContain("Run again with --write");
    expect(readFileSync(file, "utf8")).toBe(text);

    const r2 = await runImport({ sources: fixtureWsdls, merge: file, write: true });
    expect(r2.code).toBe(0);
    const merged = readFileSync(file, "utf8");
    expect(merged).toBe(original);
  });
});
