/** Problems found while reading WSDL: what and where (file:line:column). */
import type { SourcePosition } from "./xml-tree.ts";

export interface ImportIssue {
  /** Stable code, e.g. `unmapped-construct`, `missing-type`, `out-params`, `conflict`. */
  readonly code: string;
  readonly message: string;
  readonly pos: SourcePosition;
}

/** `file:line:column: message [code]`. */
export function formatImportIssue(issue: ImportIssue): string {
  return `${issue.pos.file}:${issue.pos.line}:${issue.pos.column}: ${issue.message} [${issue.code}]`;
}

/** A document could not be imported at all (not XML, not WSDL, refused, too large…). */
export class WsdlError extends Error {
  override readonly name = "WsdlError";
}
