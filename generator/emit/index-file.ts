/** Emits `src/index.ts`: the package's entry point, re-exporting the runtime and every generated module. */
import { Kind } from "../codegen/kinds.ts";
import { header } from "../codegen/doc.ts";
import type { EmittedSource } from "../codegen/generated-file.ts";
import { MODULES } from "../model/symbols.ts";
import type { ServiceModel } from "../model/types.ts";

export function emitIndex(model: ServiceModel): EmittedSource {
  const modules = [MODULES.runtime, MODULES.types, MODULES.descriptors, ...model.endpoints.map((ep) => ep.module), MODULES.client];
  return {
    path: "src/index.ts",
    structure: {
      statements: [header(model.specFile, "Entry point of the package."), ...modules.map((m) => ({ kind: Kind.ExportDeclaration, moduleSpecifier: `./${m}.js` }))],
    },
  };
}
