/** What every emitter returns: a file path inside the output folder and its ts-morph structure. */
import type { SourceFileStructure, OptionalKind } from "ts-morph";

export interface EmittedSource {
  /** Path relative to the output folder, with forward slashes. */
  readonly path: string;
  readonly structure: OptionalKind<SourceFileStructure>;
}

/** An emitted non-TypeScript file (from a template, or copied). */
export interface EmittedText {
  readonly path: string;
  readonly text: string;
}
