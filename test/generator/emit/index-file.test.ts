import { describe, expect, it } from "vitest";
import { emitIndex } from "../../../generator/emit/index-file.ts";
import { miniModel, op, print } from "../../support/mini.ts";

describe("emitIndex", () => {
  it("re-exports the runtime, types, descriptors, each endpoint module and the client", () => {
    const text = print(emitIndex(miniModel(op("Ping", "", "{ kind: scalar, type: int, soapElement: PingResult, httpRoot: int }"))));
    const exports = [...text.matchAll(/export \* from "([^"]+)";/g)].map((m) => m[1]);
    expect(exports).toEqual(["./runtime/index.js", "./types.js", "./descriptors.js", "./endpoints/things.js", "./client.js"]);
  });
});
