/**
 * Writes an imported spec as YAML (the `yaml` package), in the layout of spec/service.yaml:
 * parameters, fields, headers and results one per line in flow style, a comment naming the
 * source WSDL above each endpoint, and the schema reference for editor completion.
 */
import { Document, isMap, isSeq, type Node, type YAMLMap } from "yaml";
import type { SpecDocument } from "../spec/document.ts";

export interface WriteOptions {
  /** Source (file or URL) of each endpoint, in order. */
  readonly sources: readonly string[];
  /** `$schema` reference written in the first line, relative to the output file. */
  readonly schemaRef?: string;
}

/** Marks maps that should be written on one line. */
function flowItems(node: unknown): void {
  if (isSeq(node)) for (const item of node.items) if (isMap(item)) item.flow = true;
}

export type LayoutKind = "operation" | "record" | "enum" | "endpoint" | "field" | "param" | "header" | "result" | "list" | "items";

/** YAML text of one spec value in the house layout, without a trailing newline (merge inserts it). */
export function renderValue(value: unknown, kind: LayoutKind): string {
  const doc = new Document(value);
  const node = doc.contents;
  if (kind === "result" && isMap(node)) node.flow = true;
  else if (kind === "list" && isSeq(node)) node.flow = true;
  else if (kind === "items") flowItems(node);
  else layout(node, kind);
  return unpadFlowSeqs(doc.toString({ lineWidth: 0, flowCollectionPadding: true }).replace(/\n$/, ""));
}

function layout(node: unknown, kind: LayoutKind): void {
  if (!isMap(node)) return;
  if (kind === "field" || kind === "param" || kind === "header") {
    node.flow = true;
    return;
  }
  if (kind === "enum") {
    const values = node.get("values", true);
    if (isSeq(values)) values.flow = true;
    return;
  }
  if (kind === "record") {
    flowItems(node.get("fields", true));
    return;
  }
  if (kind === "operation") {
    flowItems(node.get("params", true));
    flowItems(node.get("headers", true));
    const bindings = node.get("bindings", true);
    if (isSeq(bindings)) bindings.flow = true;
    const result = node.get("result", true);
    if (isMap(result)) result.flow = true;
    return;
  }
  // endpoint
  const bindings = node.get("bindings", true);
  if (isSeq(bindings)) bindings.flow = true;
  const ops = node.get("operations", true);
  if (isSeq(ops)) for (const op of ops.items) layout(op, "operation");
}

export function specToYaml(spec: SpecDocument, options: WriteOptions): string {
  const doc = new Document(spec);
  const root = doc.contents as YAMLMap;
  const enums = root.get("enums", true);
  if (isMap(enums)) for (const p of enums.items) layout(p.value, "enum");
  const records = root.get("records", true);
  if (isMap(records)) for (const p of records.items) layout(p.value, "record");
  const endpoints = root.get("endpoints", true);
  if (isSeq(endpoints)) endpoints.items.forEach((ep, i) => {
    layout(ep, "endpoint");
    (ep as Node).commentBefore = ` Source: ${options.sources[i] ?? "(unknown)"}`;
  });
  doc.commentBefore = [
    ...(options.schemaRef ? [` yaml-language-server: $schema=${options.schemaRef}`, ""] : []),
    " Imported from the WSDL of each endpoint file by `asmx-ts import`. Parameter and field order is the",
    " wire order. Add descriptions by hand; `asmx-ts import <wsdl> --merge <this file>` keeps them.",
  ].join("\n");
  return unpadFlowSeqs(doc.toString({ lineWidth: 0, flowCollectionPadding: true }));
}

/** spec/service.yaml writes `{ a: 1 }` but `[a, b]`; yaml pads both or neither. */
function unpadFlowSeqs(text: string): string {
  return text.replace(/\[ ([^[\]{}\n]*) \]/g, "[$1]");
}
