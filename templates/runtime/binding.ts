/** The four ways every ASMX operation can be called. */
export type Binding = "soap11" | "soap12" | "httpGet" | "httpPost";

/** All bindings, in a fixed order. */
export const BINDINGS: readonly Binding[] = Object.freeze(["soap11", "soap12", "httpGet", "httpPost"]);

export const SOAP11_NS = "http://schemas.xmlsoap.org/soap/envelope/";
export const SOAP12_NS = "http://www.w3.org/2003/05/soap-envelope";
