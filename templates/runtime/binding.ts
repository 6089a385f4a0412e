/**
 * The four ways every ASMX operation can be called, and everything that follows from the choice:
 * one table that the encoder, the decoder and the transport read. No other module compares
 * binding names.
 */

/** The four ways every ASMX operation can be called. */
export type Binding = "soap11" | "soap12" | "httpGet" | "httpPost";

/** All bindings, in a fixed order. */
export const BINDINGS: readonly Binding[] = Object.freeze(["soap11", "soap12", "httpGet", "httpPost"]);

export const SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";
export const SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope";

/** What a binding means on the wire. */
export interface BindingInfo {
  readonly name: Binding;
  /** Human name, e.g. `SOAP 1.1`. */
  readonly label: string;
  /** HTTP method of a request. */
  readonly method: "GET" | "POST";
  /** Request body: a SOAP envelope, form pairs, or nothing (pairs in the query string). */
  readonly request: "envelope" | "form" | "query";
  /** SOAP envelope namespace and the prefix we write; null for HTTP GET/POST. */
  readonly envelope: { readonly ns: string; readonly prefix: string; readonly version: "1.1" | "1.2" } | null;
  /** Request content type; null when the request has no body. */
  readonly contentType: string | null;
  /** Content type of the service's answers (results and SOAP faults). */
  readonly responseContentType: string;
  /** Whether the request carries a `SOAPAction` header (SOAP 1.1 only). */
  readonly soapActionHeader: boolean;
  /** Whether the URL path ends in `/<Operation>` (HTTP GET/POST). */
  readonly operationInPath: boolean;
  /** Where the result is: inside `<Operation>Response` in the SOAP body, or the document's root element. */
  readonly result: "soapBody" | "httpRoot";
  /** How the service reports a failure: a SOAP fault envelope, or plain text with HTTP 500. */
  readonly fault: "soap" | "httpText";
  /** Between the names of a [Flags] enum value sent: XmlSerializer's list (SOAP), or what Enum.Parse reads (HTTP GET/POST). */
  readonly flagsSeparator: " " | ",";
}

/** The per-binding table. */
export const BINDING_INFO: Readonly<Record<Binding, BindingInfo>> = Object.freeze({
  soap11: Object.freeze({
    name: "soap11",
    label: "SOAP 1.1",
    method: "POST",
    request: "envelope",
    envelope: Object.freeze({ ns: SOAP11_NS, prefix: "soap", version: "1.1" }),
    contentType: "text/xml; charset=utf-8",
    responseContentType: "text/xml; charset=utf-8",
    soapActionHeader: true,
    operationInPath: false,
    result: "soapBody",
    fault: "soap",
    flagsSeparator: " ",
  }),
  soap12: Object.freeze({
    name: "soap12",
    label: "SOAP 1.2",
    method: "POST",
    request: "envelope",
    envelope: Object.freeze({ ns: SOAP12_NS, prefix: "soap12", version: "1.2" }),
    contentType: "application/soap+xml; charset=utf-8",
    responseContentType: "application/soap+xml; charset=utf-8",
    soapActionHeader: false,
    operationInPath: false,
    result: "soapBody",
    fault: "soap",
    flagsSeparator: " ",
  }),
  httpGet: Object.freeze({
    name: "httpGet",
    label: "HTTP GET",
    method: "GET",
    request: "query",
    envelope: null,
    contentType: null,
    responseContentType: "text/xml; charset=utf-8",
    soapActionHeader: false,
    operationInPath: true,
    result: "httpRoot",
    fault: "httpText",
    flagsSeparator: ",",
  }),
  httpPost: Object.freeze({
    name: "httpPost",
    label: "HTTP POST",
    method: "POST",
    request: "form",
    envelope: null,
    contentType: "application/x-www-form-urlencoded",
    responseContentType: "text/xml; charset=utf-8",
    soapActionHeader: false,
    operationInPath: true,
    result: "httpRoot",
    fault: "httpText",
    flagsSeparator: ",",
  }),
} satisfies Record<Binding, BindingInfo>);

/** The table entry of a binding, or undefined for a name that is not a binding. */
export function bindingInfo(name: string): BindingInfo | undefined {
  return Object.prototype.hasOwnProperty.call(BINDING_INFO, name) ? BINDING_INFO[name as Binding] : undefined;
}
