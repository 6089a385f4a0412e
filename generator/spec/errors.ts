/** One problem found in a spec, with its place. */
export interface SpecIssue {
  /** Stable machine-readable code, e.g. `schema`, `yaml`, `unknown-type`, `duplicate-name`. */
  readonly code: string;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Path inside the document, e.g. `/endpoints/0/operations/2/params/1/type`. */
  readonly path: string;
}

/** Formats an issue as `file:line:column path: message [code]`. */
export function formatIssue(issue: SpecIssue): string {
  const where = `${issue.file}:${issue.line}:${issue.column}`;
  return `${where} ${issue.path || "/"}: ${issue.message} [${issue.code}]`;
}

/** Thrown when a spec cannot be loaded; carries every issue found, not just the first. */
export class SpecError extends Error {
  override readonly name = "SpecError";
  readonly issues: readonly SpecIssue[];

  constructor(issues: readonly SpecIssue[]) {
    super(
      `The spec has ${issues.length} problem${issues.length === 1 ? "" : "s"}:\n` +
        issues.map((i) => `  ${formatIssue(i)}`).join("\n"),
    );
    this.issues = issues;
  }
}
