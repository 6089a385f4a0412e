/** codec.ts: the shared name and character checks (one pass, no regex). */
import { describe, expect, test } from "vitest";
import { forbiddenXmlChar, isNCName } from "../../templates/runtime/codec.ts";

describe("isNCName", () => {
  test.each(["a", "_x", "a-b.c_1", "é", "سلام", "ab·c"])("%s is a name", (s) => expect(isNCName(s)).toBe(true));
  test.each(["", "1a", "-a", ".a", "a:b", "a b", "a<b", "a&b", 'a"', "a\u0000", "×"])("%j is not", (s) => expect(isNCName(s)).toBe(false));
});

describe("forbiddenXmlChar", () => {
  test("tab, LF, CR and pairs are fine; C0, U+FFFE/F and lone surrogates are named with their index", () => {
    expect(forbiddenXmlChar("a\t\n\r𝄞é")).toBeNull();
    expect(forbiddenXmlChar("ab\u0001")).toBe("U+0001 at index 2");
    expect(forbiddenXmlChar("\uFFFE")).toBe("U+FFFE at index 0");
    expect(forbiddenXmlChar("x\uD800y")).toBe("U+D800 at index 1");
    expect(forbiddenXmlChar("x\uDC00")).toBe("U+DC00 at index 1");
    expect(forbiddenXmlChar("\uD800")).toBe("U+D800 at index 0");
  });
});
