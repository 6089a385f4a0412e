/**
 * The record writer (templates/runtime/record-writer.ts) is reached only through the `writer` a
 * descriptor names: it writes record values, and a descriptor that sends a record without naming
 * it gets a clear EncodeError instead of a silent gap.
 */
import { describe, expect, test } from "vitest";
import { defineOperation } from "../../templates/runtime/descriptor.ts";
import { encodeRequest } from "../../templates/runtime/encode.ts";
import { EncodeError } from "../../templates/runtime/errors.ts";
import { writeRecord } from "../../templates/runtime/record-writer.ts";
import { EchoPoints, NS, Point } from "./support/structs.ts";

const ctx = { operation: "Op", binding: "soap11" as const, secrets: [] };

describe("writeRecord", () => {
  test("writes a record value as its element, fields in wire order, with the given attributes", () => {
    expect(writeRecord("p", Point, { X: 1, Y: -2 }, "p", ctx, ' a="1"', NS)).toBe('<p a="1"><X>1</X><Y>-2</Y></p>');
  });
  test("names the field path of a bad value", () => {
    expect(() => writeRecord("p", Point, { X: 1.5, Y: 0 }, "points[0]", ctx, "", NS)).toThrow("parameter points[0].X: int must be an integer, got 1.5");
  });
});

describe("a descriptor that sends a record names the writer", () => {
  test("without it, encoding refuses with an EncodeError that says so", () => {
    const params = EchoPoints.params.map(({ writer: _, ...p }) => p);
    const bare = defineOperation({ ...EchoPoints, params });
    let err: unknown;
    try {
      encodeRequest(bare, "soap11", { points: [{ X: 1, Y: 2 }] }, undefined, NS);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(EncodeError);
    expect((err as Error).message).toBe("EchoPoints (soap11): parameter points: the descriptor sends a record but names no record writer (writer: writeRecord)");
  });
  test("with it, the same call encodes", () => {
    const wire = encodeRequest(EchoPoints, "soap11", { points: [{ X: 1, Y: 2 }] }, undefined, NS);
    expect(wire.body).toContain("<points><Point><X>1</X><Y>2</Y></Point></points>");
  });
});
