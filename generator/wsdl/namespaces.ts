/** Namespace URIs of the WSDL 1.1 / XSD vocabularies ASMX publishes. */
export const NS = {
  wsdl: "http://schemas.xmlsoap.org/wsdl/",
  soap11: "http://schemas.xmlsoap.org/wsdl/soap/",
  soap12: "http://schemas.xmlsoap.org/wsdl/soap12/",
  http: "http://schemas.xmlsoap.org/wsdl/http/",
  mime: "http://schemas.xmlsoap.org/wsdl/mime/",
  xsd: "http://www.w3.org/2001/XMLSchema",
  soapenc: "http://schemas.xmlsoap.org/soap/encoding/",
  /** Microsoft's `guid` and `char` simple types. */
  msTypes: "http://microsoft.com/wsdl/types/",
} as const;
