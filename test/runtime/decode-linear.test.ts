/**
 * Decoding is linear in the input, with bounded memory (issue 11, items 1, 2 and 5).
 *
 * No timing assertions: the digit-run cases prove the work done (BigInt never sees a long digit
 * run) and the regex-free double reader is checked for super-linear patterns by
 * regex-safety.test.ts; the memory cases run in a fresh child process and compare its peak RSS
 * with the input size (they used to peak at 29× and 9.5× the input).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DecodeError, GetMessagesAfterIDOperation, decodeResponse } from "../../generated/src/index.ts";

const head =
  `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><GetMessagesAfterIDResponse xmlns="http://tempuri.org/">` +
  `<GetMessagesAfterIDResult><MessagesBL>`;
const tail = `</MessagesBL></GetMessagesAfterIDResult></GetMessagesAfterIDResponse></soap:Body></soap:Envelope>`;
const FIELDS: Record<string, string> = {
  MsgID: "1", UserID: "1", LinkID: "1", NumberID: "1", Tariff: "1", MsgType: "1", Body: "b", SendDate: "2024-01-01T00:00:00",
  Sender: "s", Receiver: "r", FirstLocation: "1", CurrentLocation: "1", Parts: "1", IsFlash: "false", IsRead: "false",
  IsUnicode: "false", Credit: "1", Module: "1", RecCount: "1", RecFailed: "0", RecSuccess: "1", IsMoneyBack: "false",
  UserStepedMaster: "0", UserMaster: "0", MoneyBackCount: "0", MoneyBackLevel: "0", AutoSpeechText: "false",
  ShareServiceBodyID: "0", OperatorABackCount: "0",
};
/** A message whose field `name` holds `text` (the other fields valid). */
function message(name: string, text: string): string {
  const fields = { ...FIELDS, [name]: text };
  return head + Object.entries(fields).map(([k, v]) => `<${k}>${v}</${k}>`).join("") + tail;
}

function decodeError(fn: () => unknown): DecodeError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DecodeError) return err;
    throw err;
  }
  throw new Error("expected a DecodeError");
}

describe("long digit runs", () => {
  it("double: 100,000 digits followed by 'x' are refused in one pass (a quadratic regex took 15 s)", () => {
    const e = decodeError(() => decodeResponse(GetMessagesAfterIDOperation, "soap11", message("Tariff", "1".repeat(100_000) + "x")));
    expect(e.path).toBe("GetMessagesAfterIDResult[0].Tariff");
    expect(e.expected).toBe("double");
    expect(e.found).toMatch(/^"1{64}" \(100001 bytes\)$/);
  });

  it("long: the digit count is checked before any BigInt is made", () => {
    const spy = vi.spyOn(globalThis, "BigInt");
    try {
      const errors = ["9".repeat(2_000_000), "-" + "1".repeat(100_000), "0".repeat(50_000) + "12345678901234567890"].map((text) =>
        decodeError(() => decodeResponse(GetMessagesAfterIDOperation, "soap11", message("MsgID", text))),
      );
      const longest = Math.max(0, ...spy.mock.calls.map(([arg]) => String(arg).length));
      expect(longest).toBeLessThanOrEqual(20);
      for (const e of errors) expect(e.expected).toBe("long (long out of range)");
      // Leading zeros do not count; the range is still exact at the edges.
      expect(decodeResponse(GetMessagesAfterIDOperation, "soap11", message("MsgID", "0".repeat(10_000) + "9223372036854775807"))?.[0]?.MsgID).toBe(9223372036854775807n);
      expect(decodeResponse(GetMessagesAfterIDOperation, "soap11", message("MsgID", "-9223372036854775808"))?.[0]?.MsgID).toBe(-9223372036854775808n);
      expect(decodeError(() => decodeResponse(GetMessagesAfterIDOperation, "soap11", message("MsgID", "9223372036854775808"))).expected).toBe("long (long out of range)");
    } finally {
      spy.mockRestore();
    }
  });

  it("int: a long run of digits is out of range, not parsed", () => {
    expect(decodeError(() => decodeResponse(GetMessagesAfterIDOperation, "soap11", message("UserID", "7".repeat(1_000_000)))).expected).toBe("int (int out of range)");
    expect(decodeResponse(GetMessagesAfterIDOperation, "soap11", message("UserID", "0".repeat(100_000) + "2147483647"))?.[0]?.UserID).toBe(2147483647);
  });
});

// ---------------------------------------------------------------------------
// Memory, in a fresh process
// ---------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), "asmx-decode-mem-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let bundle: string | undefined;
function probe(): string {
  if (bundle !== undefined) return bundle;
  const entry = join(dir, "entry.ts");
  writeFileSync(
    entry,
    `import { decodeResponse, GetMessagesAfterIDOperation } from ${JSON.stringify(new URL("../../generated/src/index.ts", import.meta.url).pathname)};
import { readFileSync } from "node:fs";
const [kind, mb] = [process.argv[2], Number(process.argv[3])];
const head = ${JSON.stringify(head)};
const tail = ${JSON.stringify(tail)};
const fields = ${JSON.stringify(Object.entries(FIELDS).filter(([k]) => k !== "Body").map(([k, v]) => `<${k}>${v}</${k}>`).join(""))};
const filler = kind === "attribute" ? '<Body a="' + "x".repeat(mb << 20) + '">b</Body>' : "<Body>" + "&amp;".repeat(Math.floor((mb << 20) / 5)) + "</Body>";
const bytes = new TextEncoder().encode(head + filler + fields + tail);
globalThis.gc();
const hwm = () => Number(/VmHWM:\\s+(\\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) * 1024;
const rss0 = process.memoryUsage().rss;
const hwm0 = hwm();
const r = decodeResponse(GetMessagesAfterIDOperation, "soap11", bytes, { lenient: true });
const grown = hwm() - Math.max(rss0, hwm0 > rss0 ? rss0 : hwm0);
console.log(JSON.stringify({ input: bytes.length, grown, body: r[0].Body.length }));
`,
  );
  bundle = join(dir, "probe.mjs");
  buildSync({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", outfile: bundle, logLevel: "error" });
  return bundle;
}

describe.skipIf(process.platform !== "linux")("peak memory stays within 4× the input", () => {
  it.each([
    ["attribute", "a 16 MiB attribute value (was 29× the input)"],
    ["entities", "16 MiB of &amp; (was 9.5× the input)"],
  ])("%s: %s", (kind) => {
    const out = execFileSync(process.execPath, ["--expose-gc", probe(), kind, "16"], { encoding: "utf8", timeout: 60_000 });
    const { input, grown, body } = JSON.parse(out.trim()) as { input: number; grown: number; body: number };
    expect(body).toBe(kind === "attribute" ? 1 : Math.floor((16 << 20) / 5));
    console.log(`[decode-linear] ${kind}: input ${input} bytes, peak RSS growth ${(grown / input).toFixed(2)}× the input`);
    expect(grown / input).toBeLessThanOrEqual(4);
  }, 60_000);
});
