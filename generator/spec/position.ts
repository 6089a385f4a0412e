/** A place in a spec file, kept on every model node for error messages (never printed into generated code). */
export interface SourcePos {
  /** Spec file name as shown in messages (e.g. `spec/service.yaml`). */
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column: number;
  /** JSON-pointer-like path inside the document, e.g. `/endpoints/0/operations/3/params/2`. */
  readonly path: string;
}

/** Looks up source positions of document paths (JSON pointers) in a parsed spec document. */
export type Locator = (path: string, atKey?: boolean) => SourcePos;
