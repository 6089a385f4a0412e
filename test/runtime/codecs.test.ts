/**
 * The codec name table (templates/runtime/codecs.ts) holds the very codec objects the runtime
 * exports and descriptors reference: one object per scalar, whose `name` is its key.
 */
import { describe, expect, test } from "vitest";
import * as Runtime from "../../templates/runtime/index.ts";
import { CODECS } from "../../templates/runtime/codecs.ts";

describe("CODECS", () => {
  test("each entry is the runtime's `<name>Codec` export, a scalar codec named as its key", () => {
    const exported = Runtime as unknown as Record<string, unknown>;
    for (const [name, codec] of Object.entries(CODECS)) {
      expect(codec.kind).toBe("scalar");
      expect(codec.name).toBe(name);
      expect(exported[`${name}Codec`]).toBe(codec);
    }
  });
  test("every codec the runtime exports is in the table (no second copy of a codec)", () => {
    const exported = Object.entries(Runtime).filter(([k]) => k.endsWith("Codec"));
    expect(exported.length).toBe(Object.keys(CODECS).length);
    for (const [k, v] of exported) expect(CODECS[k.slice(0, -"Codec".length) as keyof typeof CODECS]).toBe(v);
  });
});
