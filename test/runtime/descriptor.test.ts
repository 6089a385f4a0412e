/** descriptor.ts: frozen, data-only descriptors; late fields for recursive records. */
import { describe, expect, it } from "vitest";
import { defineEnum, defineOperation, defineRecord, type RecordDescriptor } from "../../templates/runtime/descriptor.ts";

describe("descriptors", () => {
  it("freeze deeply", () => {
    const e = defineEnum({ kind: "enum", name: "E", values: ["A"] });
    const r = defineRecord({ kind: "record", name: "R", wire: "R", fields: [{ wire: "e", prop: "e", type: e, nullable: false }], create: () => ({ e: undefined }) });
    const o = defineOperation({ name: "O", path: "/o", namespace: "n", soapAction: "n/O", params: [], result: { kind: "record", type: r, item: null, soapElement: "OResult", httpRoot: "R", nullable: true } });
    for (const x of [e, e.values, r, r.fields, r.fields[0], o, o.params, o.result]) expect(Object.isFrozen(x)).toBe(true);
  });

  it("resolve the fields of a recursive record once, on first use, to a frozen list that can name the record itself", () => {
    let calls = 0;
    const node: RecordDescriptor = defineRecord({
      kind: "record",
      name: "Node",
      wire: "Node",
      fields: () => {
        calls++;
        return [{ wire: "Next", prop: "Next", type: node, nullable: true }];
      },
      create: () => ({ Next: undefined }),
    });
    expect(calls).toBe(0);
    expect(node.fields[0]?.type).toBe(node);
    expect(node.fields).toBe(node.fields);
    expect(calls).toBe(1);
    expect(Object.isFrozen(node)).toBe(true);
    expect(Object.isFrozen(node.fields)).toBe(true);
  });

  it("keep a record's setter, also when its fields come late", () => {
    const set = (o: Record<string, unknown>, i: number, v: unknown): void => {
      if (i === 0) o["Next"] = v;
    };
    const node: RecordDescriptor = defineRecord({ kind: "record", name: "Node", wire: "Node", fields: () => [{ wire: "Next", prop: "Next", type: node, nullable: true }], create: () => ({ Next: undefined }), set });
    expect(node.set).toBe(set);
    const plain = defineRecord({ kind: "record", name: "P", wire: "P", fields: [], create: () => ({}) });
    expect(plain.set).toBeUndefined();
  });
});
