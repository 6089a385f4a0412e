/**
 * The mock service: one object that answers requests the way the ASMX service would, from typed
 * handlers. Plug it in three ways: `mock.fetch` (pass it to createClient), MSW handlers
 * (`./msw`), or `await mock.listen()` (an HTTP server on 127.0.0.1 for other processes).
 * Every call is logged in `mock.calls`, in order, with the password redacted unless asked.
 */
import { BINDING_INFO, type Binding } from "../runtime/binding.js";
import { MockFault } from "./faults.js";
import { listenHttp, type MockServer } from "./listen.js";
import {
  readRequest,
  ServiceIndex,
  soapRefusal,
  unknownMethod,
  type ReceivedCredentials,
  type ServiceOperations,
} from "./read.js";
import { ResultError, writeFault, writeResult, type MockResponse } from "./write.js";

export type { MockServer } from "./listen.js";
export type { ReceivedCredentials, ServiceOperations } from "./read.js";

/** What a handler knows about the call besides its parameters. */
export interface MockContext {
  /** Endpoint group, e.g. `send`. */
  readonly endpoint: string;
  /** Operation name on the wire. */
  readonly operation: string;
  /** The binding the request came in. */
  readonly binding: Binding;
  /** The username and password parameters as received (the real password; the call log redacts it). */
  readonly credentials: ReceivedCredentials;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Answers one operation: return the result (`null` for a nil result when the operation's result
 * may be null), or throw a fault ({@link fault}, {@link soapFault}, {@link httpFault}).
 */
export type MockHandler<P, R> = (params: P, ctx: MockContext) => R | Promise<R>;

/** One logged call. */
export interface MockCallOf<E extends string, O extends string, P> {
  readonly endpoint: E;
  /** Operation function name (the client's method name). */
  readonly operation: O;
  readonly binding: Binding;
  /** Parameters as the service read them (credentials are in `credentials`). */
  readonly params: P;
  /** The password is `***` unless the mock was created with `revealSecrets: true`. */
  readonly credentials: ReceivedCredentials;
  /** Whether a handler answered (false: the mock answered "unknown method"). */
  readonly handled: boolean;
}

/** Options of a mock service. */
export interface MockOptions {
  /** The namespace the service answers in; default the spec's (set it when the client overrides it). */
  readonly namespace?: string | undefined;
  /** Keep the password in `mock.calls` (default: redacted as `***`). */
  readonly revealSecrets?: boolean | undefined;
}

/** A mock of the service. */
export interface MockService<C> {
  /** A fetch function answering as the service would: `createClient({ baseUrl, fetch: mock.fetch })`. Any origin is accepted. */
  readonly fetch: typeof fetch;
  /** Answers one request. */
  handle(request: Request): Promise<Response>;
  /** Whether a URL is one of the service's endpoint files or operations. */
  serves(url: string): boolean;
  /** Every call, in order. */
  readonly calls: readonly C[];
  /** Forgets the logged calls. */
  reset(): void;
  /** Starts an HTTP server on 127.0.0.1 on a free port (Node.js, Deno and Bun). */
  listen(options?: { readonly port?: number | undefined }): Promise<MockServer>;
}

/** Handler map as the runtime sees it; the generated `MockHandlers` type is its typed form. */
export type AnyHandlers = {
  readonly [endpoint: string]: { readonly [operation: string]: MockHandler<never, unknown> | undefined } | undefined;
};

const toResponse = (r: MockResponse): Response =>
  new Response(r.body === "" ? null : r.body, {
    status: r.status,
    headers: { "content-type": r.contentType, "cache-control": r.status === 200 ? "private, max-age=0" : "private" },
  });

/** Creates a mock of a service from its operation descriptors (the generated `createMockService` calls this). */
export function createMock<C>(
  service: ServiceOperations,
  handlers: AnyHandlers,
  options: MockOptions = {},
): MockService<C> {
  const first = Object.values(service).flatMap((ops) => Object.values(ops))[0];
  const index = new ServiceIndex(service, options.namespace ?? first?.namespace ?? "http://tempuri.org/");
  const calls: C[] = [];

  async function answer(request: Request): Promise<MockResponse> {
    const url = new URL(request.url);
    const body = request.method === "GET" || request.method === "HEAD" ? "" : await request.text();
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      pathname = url.pathname;
    }
    const read = readRequest(index, {
      method: request.method,
      pathname,
      query: url.search.replace(/^\?/, ""),
      headers: request.headers,
      body,
    });
    if (read.kind === "refused") return read.response;
    const { served, binding, params, credentials } = read;
    const info = BINDING_INFO[binding];
    const handler = handlers[served.group]?.[served.fn];
    const call: MockCallOf<string, string, unknown> = Object.freeze({
      endpoint: served.group,
      operation: served.fn,
      binding,
      params: Object.freeze(params),
      credentials: Object.freeze({
        username: credentials.username,
        password: options.revealSecrets === true || credentials.password === null ? credentials.password : "***",
      }),
      handled: handler !== undefined,
    });
    calls.push(call as C);
    if (handler === undefined) {
      const hint = ` (mock: no handler for ${served.group}.${served.fn}; pass it to createMockService)`;
      const action = info.soapActionHeader
        ? (request.headers
            .get("soapaction")
            ?.trim()
            .replace(/^"(.*)"$/, "$1") ?? null)
        : null;
      return unknownMethod(info, served.op.name, action, hint).response;
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((v, k) => {
      headers[k] = v;
    });
    let value: unknown;
    try {
      value = await handler(
        params as never,
        Object.freeze({
          endpoint: served.group,
          operation: served.op.name,
          binding,
          credentials,
          headers: Object.freeze(headers),
        }),
      );
    } catch (err) {
      if (err instanceof MockFault) return writeFault(info, err);
      // Any other exception is what ASMX answers when the web method throws.
      const message =
        err instanceof Error ? (err.name === "Error" ? err.message : `${err.name}: ${err.message}`) : String(err);
      return writeFault(info, {
        code: "Server",
        faultString: `System.Web.Services.Protocols.SoapException: Server was unable to process request. ---> System.Exception: ${message}`,
        actor: undefined,
        detail: undefined,
        detailXml: undefined,
        httpText: `System.Exception: ${message}\n`,
        status: 500,
      });
    }
    try {
      return writeResult(served.op, info, index.namespace, value);
    } catch (err) {
      if (!(err instanceof ResultError)) throw err;
      // What ASMX answers when it cannot serialize the method's return value.
      const message = `There was an error generating the XML document. ---> ${served.group}.${served.fn} handler: ${err.message}`;
      if (info.envelope !== null)
        return soapRefusal(
          info,
          "Server",
          `Server was unable to process request. ---> System.InvalidOperationException: ${message}`,
        ).response;
      return {
        status: 500,
        contentType: "text/plain; charset=utf-8",
        body: `System.InvalidOperationException: ${message}\n`,
      };
    }
  }

  const mock: MockService<C> = {
    fetch: async (input, init) => toResponse(await answer(new Request(input, init))),
    handle: async (request) => toResponse(await answer(request)),
    serves: (url) => {
      try {
        return index.serves(decodeURIComponent(new URL(url).pathname));
      } catch {
        return false;
      }
    },
    calls,
    reset: () => {
      calls.length = 0;
    },
    listen: (opts) => listenHttp((request) => mock.handle(request), opts?.port ?? 0),
  };
  return mock;
}
