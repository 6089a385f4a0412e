/** qname.ts: reading `prefix:name` against the scope, writing XmlSerializer's three element forms. */
import { describe, expect, test } from "vitest";
import { CodecError } from "../../templates/runtime/codec.ts";
import { checkQName, decodeQName, qnameElement } from "../../templates/runtime/qname.ts";

const scope = (m: Record<string, string>) => (p: string): string | undefined => (Object.hasOwn(m, p) ? m[p] : p === "" ? "" : undefined);

describe("decodeQName", () => {
  test("a prefix resolves in scope; no prefix is the default namespace; whitespace collapses", () => {
    expect(decodeQName("q1:n", scope({ q1: "urn:x" }))).toEqual({ namespace: "urn:x", name: "n" });
    expect(decodeQName(" n\n", scope({ "": "urn:d" }))).toEqual({ namespace: "urn:d", name: "n" });
    expect(decodeQName("n", scope({}))).toEqual({ namespace: "", name: "n" });
    expect(Object.isFrozen(decodeQName("n", scope({})))).toBe(true);
  });
  test("an undeclared prefix or a malformed name is a CodecError", () => {
    expect(() => decodeQName("p:n", scope({}))).toThrow('not a QName: prefix "p" is not declared');
    for (const bad of ["", ":n", "p:", "a:b:c", "1n", "n m", "p:1"]) expect(() => decodeQName(bad, scope({ p: "urn:p", a: "urn:a" })), bad).toThrow(CodecError);
  });
});

describe("qnameElement: the namespace declared on the element itself", () => {
  test("another namespace: a q1 prefix", () => {
    expect(qnameElement({ namespace: "urn:x", name: "n" }, "v", "urn:svc")).toBe('<v xmlns:q1="urn:x">q1:n</v>');
  });
  test("the element's own (default) namespace: unprefixed", () => {
    expect(qnameElement({ namespace: "urn:svc", name: "n" }, "v", "urn:svc")).toBe("<v>n</v>");
  });
  test("no namespace: the element keeps its namespace through a prefix and undeclares the default", () => {
    expect(qnameElement({ namespace: "", name: "n" }, "v", "urn:svc")).toBe('<q0:v xmlns:q0="urn:svc" xmlns="">n</q0:v>');
  });
  test("a namespace with markup characters is escaped; one XML cannot carry is refused", () => {
    expect(qnameElement({ namespace: 'urn:"<&', name: "n" }, "v", "urn:svc")).toBe('<v xmlns:q1="urn:&quot;&lt;&amp;">q1:n</v>');
    expect(() => qnameElement({ namespace: "urn:\u0001", name: "n" }, "v", "urn:svc")).toThrow("character U+0001 at index 4 cannot be sent in XML 1.0");
  });
  test("checkQName: the value's shape, with what was wrong", () => {
    expect(() => checkQName("n")).toThrow("expected a QName { namespace, name }, got string");
    expect(() => checkQName(null)).toThrow("got null");
    expect(() => checkQName({ namespace: "", name: "a:b" })).toThrow('QName name must be an XML name without a colon, got "a:b"');
    expect(() => checkQName({ name: "n" })).toThrow('QName namespace must be a string ("" for none), got undefined');
  });
});
