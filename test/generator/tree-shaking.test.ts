/**
 * What tree shaking leaves in a one-operation app (the bundle of `npm run bench`'s size section:
 * createConfig + GetMessagesAfterID, esbuild, minified, esm, platform neutral). Descriptors
 * reference the codecs and the record writer they use, so the modules of features this operation
 * never uses must not be in it. Sizes are measured by the bench, not asserted here.
 */
import { build } from "esbuild";
import { describe, expect, test } from "vitest";
import { oneOpEntrySource } from "../bench/ours.ts";

async function bundle(contents: string): Promise<{ inputs: string[]; code: string }> {
  const r = await build({
    stdin: { contents, resolveDir: process.cwd(), sourcefile: "app.ts", loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const out = Object.values(r.metafile.outputs)[0];
  return { inputs: Object.keys(out?.inputs ?? {}).filter((k) => (out?.inputs[k]?.bytesInOutput ?? 0) > 0), code: r.outputFiles[0]?.text ?? "" };
}

describe("one-operation app bundle", () => {
  test("holds no codec, module or writer the operation does not use", async () => {
    const { inputs, code } = await bundle(oneOpEntrySource("./generated/src/index.ts"));
    const modules = inputs.map((p) => p.replace(/^.*generated\/src\//, ""));
    expect(modules).toContain("runtime/scalars.ts");
    for (const m of ["runtime/raw-xml.ts", "runtime/qname.ts", "runtime/leaf-codecs.ts", "runtime/codecs.ts", "runtime/record-writer.ts", "runtime/transport.ts"])
      expect(modules).not.toContain(m);
    // Codecs of scalars GetMessagesAfterID does not use (their error texts are in their own code).
    for (const unused of ["not base64Binary", "unsignedLong out of range", "not a guid", "not hexBinary", "char code out of range"]) expect(code).not.toContain(unused);
    // The ones it does use (long: msgId and MsgID; dateTime: SendDate) are there.
    expect(code).toContain("long out of range");
    expect(code).toContain("not an XSD dateTime");
  }, 60_000);
});
