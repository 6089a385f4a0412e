/**
 * The error of a failed strict type-check of the generated package (a generator bug: nothing is
 * written). Its own module, so that the CLI can name it without loading TypeScript.
 */
export class CompileError extends Error {
  override readonly name = "CompileError";
}
