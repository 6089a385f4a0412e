/** Small inline specs for the per-module tests (openapi-typescript style): a model from a few lines of YAML. */
import { printSources } from "../../generator/compile.ts";
import type { EmittedSource } from "../../generator/codegen/generated-file.ts";
import { loadModelText } from "../../generator/load.ts";
import type { ServiceModel } from "../../generator/model/types.ts";

/** A spec with one endpoint `things` at /Things.asmx; `extra` goes before `endpoints:` (enums, records). */
export function miniSpec(operations: string, extra = ""): string {
  return `service:
  name: Mini
  namespace: http://tempuri.org/
  package: { name: mini-client, version: 1.2.3 }
${extra}endpoints:
  - name: things
    path: /Things.asmx
    operations:
${operations}`;
}

export const miniModel = (operations: string, extra = ""): ServiceModel => loadModelText(miniSpec(operations, extra), "mini.yaml", { sourceLabel: "mini.yaml" });

/** The printed TypeScript of an emitted file. */
export function print(source: EmittedSource): string {
  return printSources([source]).get(source.path) ?? "";
}

/** An operation line for miniSpec. */
export const op = (name: string, params: string, result: string): string => `      - name: ${name}
        params: [${params}]
        result: ${result}
`;
