/** Copies the hand-written runtime (templates/runtime/*.ts) into `src/runtime/`, each with the generated-file header. */
import type { Assets } from "../assets.ts";
import { header } from "../codegen/doc.ts";
import type { EmittedText } from "../codegen/generated-file.ts";
import type { ServiceModel } from "../model/types.ts";

export function emitRuntime(model: ServiceModel, assets: Assets): EmittedText[] {
  return assets.runtime.map(({ name, text }) => ({
    path: `src/runtime/${name}`,
    text: header(model.specFile, `Runtime copied verbatim from the generator's templates/runtime/${name}.`) + text,
  }));
}
