/**
 * The mock as MSW request handlers. msw is an optional peer dependency of the package: only
 * this module imports it, and only the `./testing/msw` entry imports this module.
 */
import { http, type HttpHandler } from "msw";
import type { MockService } from "./mock.js";

/** A mock service that also has MSW handlers: `setupServer(...mock.handlers)`. */
export interface MswMockService<C> extends MockService<C> {
  /**
   * MSW handlers answering every request to the service's endpoint files (any origin, or only
   * `baseUrl` when given); other requests fall through to the next handler.
   */
  readonly handlers: readonly HttpHandler[];
}

/** Adds MSW handlers to a mock. */
export function withMswHandlers<C>(mock: MockService<C>, baseUrl?: string): MswMockService<C> {
  const pattern = baseUrl === undefined ? "*" : `${baseUrl.replace(/\/+$/, "")}/*`;
  const handler = http.all(pattern, async ({ request }) =>
    mock.serves(request.url) ? mock.handle(request) : undefined,
  );
  return Object.assign(mock, { handlers: Object.freeze([handler]) });
}
