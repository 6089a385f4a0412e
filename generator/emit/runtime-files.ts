/**
 * Copies the hand-written runtime (templates/runtime/*.ts) into `src/runtime/`, and the Node
 * transport entry (templates/node/*.ts) into `src/node/`, each with the generated-file header.
 */
import type { Assets } from "../assets.ts";
import { header } from "../codegen/doc.ts";
import type { EmittedText } from "../codegen/generated-file.ts";
import type { ServiceModel } from "../model/types.ts";

export function emitRuntime(model: ServiceModel, assets: Assets): EmittedText[] {
  const copy = (dir: string, what: string) => (file: { readonly name: string; readonly text: string }) => ({
    path: `src/${dir}/${file.name}`,
    text: header(model.specFile, `${what} copied verbatim from the generator's templates/${dir}/${file.name}.`) + file.text,
  });
  return [...assets.runtime.map(copy("runtime", "Runtime")), ...assets.node.map(copy("node", "Node transport"))];
}
