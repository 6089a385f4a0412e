/**
 * Hand-written requests for the interop fixture tests (no generated client involved).
 */
export const NS = "http://tempuri.org/";
export const SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
export const SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
export const XSI = "http://www.w3.org/2001/XMLSchema-instance";

export type RawBinding = "soap11" | "soap12" | "httpGet" | "httpPost";
export const BINDINGS: readonly RawBinding[] = ["soap11", "soap12", "httpGet", "httpPost"];

/** Parameters in wire order; repeat a name for list items. */
export type Params = [name: string, value: string][];

export interface RawResponse {
  status: number;
  contentType: string;
  body: string;
}

export function xmlEscape(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/\r/g, "&#xD;");
}

export function form(params: Params): string {
  return params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&");
}

async function done(res: Response): Promise<RawResponse> {
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", body: await res.text() };
}

/** POSTs a SOAP envelope whose operation element holds `inner` (already XML). */
export async function soap(base: string, version: "soap11" | "soap12", file: string, op: string, inner: string): Promise<RawResponse> {
  const env = version === "soap11" ? SOAP11 : SOAP12;
  const headers: Record<string, string> =
    version === "soap11"
      ? { "Content-Type": "text/xml; charset=utf-8", SOAPAction: `"${NS}${op}"` }
      : { "Content-Type": "application/soap+xml; charset=utf-8" };
  const body =
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${env}" xmlns:xsi="${XSI}">` +
    `<soap:Body><${op} xmlns="${NS}">${inner}</${op}></soap:Body></soap:Envelope>`;
  return done(await fetch(`${base}/post/${file}`, { method: "POST", headers, body }));
}

/** Calls `op` with scalar parameters (strings as given) in one binding. */
export async function call(base: string, binding: RawBinding, file: string, op: string, params: Params): Promise<RawResponse> {
  switch (binding) {
    case "soap11":
    case "soap12":
      return soap(base, binding, file, op, params.map(([k, v]) => `<${k}>${xmlEscape(v)}</${k}>`).join(""));
    case "httpGet":
      return done(await fetch(`${base}/post/${file}/${op}?${form(params)}`));
    case "httpPost":
      return done(
        await fetch(`${base}/post/${file}/${op}`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: form(params),
        }),
      );
  }
}
