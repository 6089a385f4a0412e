// The part of msw's API the test kit uses, for type-checking the generated package in memory
// (the generator has no node_modules there). Never written to the package: users type-check
// against msw's own declarations.
export interface HttpHandler {
  readonly info: unknown;
}
export declare const http: {
  all(
    predicate: string,
    resolver: (info: { readonly request: Request }) => Promise<Response | undefined> | Response | undefined,
  ): HttpHandler;
};
