/**
 * What a mock handler throws to make the service fail the way an ASMX service does. One thrown
 * value answers in every binding: a SOAP fault envelope (SOAP 1.1 / 1.2) or HTTP 500 with the
 * exception's text (HTTP GET / POST).
 */

/** SOAP 1.1 fault codes; SOAP 1.2 writes Client as `Sender` and Server as `Receiver`. */
export type SoapFaultCode = "Client" | "Server" | "VersionMismatch" | "MustUnderstand";

/** Everything a fault response is made of. */
export interface MockFaultInit {
  /** SOAP fault code (default `Server`). */
  readonly code?: SoapFaultCode | undefined;
  /** SOAP `faultstring` / `Reason/Text`. */
  readonly faultString: string;
  /** SOAP 1.1 `faultactor` / SOAP 1.2 `Role`. */
  readonly actor?: string | undefined;
  /** Text of SOAP `detail` / `Detail` (escaped); ASMX always writes the element, empty by default. */
  readonly detail?: string | undefined;
  /** Raw XML content of `detail` / `Detail` (must be well-formed); instead of `detail`. */
  readonly detailXml?: string | undefined;
  /** Body of the HTTP GET/POST 500 response (`text/plain`). */
  readonly httpText: string;
  /** HTTP status (default 500). */
  readonly status?: number | undefined;
}

/** A service failure thrown by a mock handler (use {@link fault}, {@link soapFault} or {@link httpFault}). */
export class MockFault extends Error {
  override name = "MockFault";
  readonly code: SoapFaultCode;
  readonly faultString: string;
  readonly actor: string | undefined;
  readonly detail: string | undefined;
  readonly detailXml: string | undefined;
  readonly httpText: string;
  readonly status: number;
  constructor(init: MockFaultInit) {
    super(init.faultString);
    this.code = init.code ?? "Server";
    this.faultString = init.faultString;
    this.actor = init.actor;
    this.detail = init.detail;
    this.detailXml = init.detailXml;
    this.httpText = init.httpText;
    this.status = init.status ?? 500;
  }
}

/**
 * The web method threw an exception (what happens when service code fails): SOAP answers
 * `soap:Server` (1.2: `soap:Receiver`) with `System.Web.Services.Protocols.SoapException: Server
 * was unable to process request. ---> <type>: <message>`; HTTP GET/POST answer 500 with
 * `<type>: <message>`. Real servers add a stack trace; the mock does not.
 */
export function fault(message: string, options: { readonly type?: string | undefined } = {}): MockFault {
  const type = options.type ?? "System.Exception";
  return new MockFault({
    code: "Server",
    faultString: `System.Web.Services.Protocols.SoapException: Server was unable to process request. ---> ${type}: ${message}`,
    httpText: `${type}: ${message}\n`,
  });
}

/**
 * The web method threw a `SoapException` with its own code, actor and detail: SOAP bindings
 * answer exactly that fault; HTTP GET/POST answer 500 with `System.Web.Services.Protocols.SoapException: <message>`
 * (or `httpText` when given).
 */
export function soapFault(init: {
  readonly code?: SoapFaultCode | undefined;
  readonly message: string;
  readonly actor?: string | undefined;
  readonly detail?: string | undefined;
  readonly detailXml?: string | undefined;
  readonly httpText?: string | undefined;
}): MockFault {
  return new MockFault({
    code: init.code ?? "Server",
    faultString: init.message,
    actor: init.actor,
    detail: init.detail,
    detailXml: init.detailXml,
    httpText: init.httpText ?? `System.Web.Services.Protocols.SoapException: ${init.message}\n`,
  });
}

/**
 * An HTTP GET/POST error text exactly as given (status 500 unless told), e.g. a recorded ASMX
 * error body. Over SOAP the same failure is a `soap:Server` fault whose text is the first line.
 */
export function httpFault(text: string, status = 500): MockFault {
  const first = text.split(/\r?\n/)[0] ?? "";
  return new MockFault({
    code: "Server",
    faultString: `System.Web.Services.Protocols.SoapException: Server was unable to process request. ---> ${first}`,
    httpText: text,
    status,
  });
}
