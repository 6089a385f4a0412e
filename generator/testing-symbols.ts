/**
 * The test-kit symbols the generated `testing` entries use, checked against the kit's exports
 * (templates/testing/kit.ts) at compile time, like the runtime's (runtime-symbols.ts).
 */
import type * as Kit from "../templates/testing/kit.ts";
import { symbol, type GenSymbol } from "./model/symbols.ts";

/** Module of the hand-written kit in the generated package (relative to `src/`). */
export const KIT_MODULE = "testing/kit";
/** Modules of the generated test-kit entries. */
export const TESTING_MODULES = { index: "testing/index", msw: "testing/msw", mswHandlers: "testing/msw-handlers" } as const;

const values = ["createMock", "MockFault", "fault", "httpFault", "soapFault"] as const satisfies ReadonlyArray<keyof typeof Kit>;
const types = ["MockCallOf", "MockContext", "MockFaultInit", "MockHandler", "MockOptions", "MockServer", "MockService", "ReceivedCredentials", "SoapFaultCode"] as const;
type CheckTypes = [Kit.MockCallOf<string, string, unknown>, Kit.MockContext, Kit.MockFaultInit, Kit.MockHandler<unknown, unknown>, Kit.MockOptions, Kit.MockServer, Kit.MockService<unknown>, Kit.ReceivedCredentials, Kit.SoapFaultCode];
export type { CheckTypes };

/** Kit values (imported as values). */
export const KIT = Object.fromEntries(values.map((n) => [n, symbol(n, KIT_MODULE, false)])) as { readonly [K in (typeof values)[number]]: GenSymbol };
/** Kit types (imported with `type`). */
export const KIT_TYPES = Object.fromEntries(types.map((n) => [n, symbol(n, KIT_MODULE, true)])) as { readonly [K in (typeof types)[number]]: GenSymbol };
/** The MSW part (only `testing/msw` imports it). */
export const MSW = { withMswHandlers: symbol("withMswHandlers", TESTING_MODULES.mswHandlers, false), MswMockService: symbol("MswMockService", TESTING_MODULES.mswHandlers, true) } as const;
/** What the generated `testing/index` entry declares. */
export const TESTING = {
  MockHandlers: symbol("MockHandlers", TESTING_MODULES.index, true),
  MockCall: symbol("MockCall", TESTING_MODULES.index, true),
  createMockService: symbol("createMockService", TESTING_MODULES.index, false),
} as const;
