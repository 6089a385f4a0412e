/** node-soap (npm `soap`) side of the benchmark. */
import soap from "soap";
import type { Client } from "soap";

export type SoapClient = Client;

export const SOAP_ARGS_BASE = { username: "bench", password: "secret", location: 1, from: "" } as const;

export async function createSoapClient(wsdlPath: string, baseUrl: string): Promise<SoapClient> {
  return soap.createClientAsync(wsdlPath, { endpoint: `${baseUrl}/post/receive.asmx` });
}

/** What node-soap does with a response body: axios hands it a string, then wsdl.xmlToObject. */
export function soapDecode(client: SoapClient, bytes: Buffer): unknown {
  return client.wsdl.xmlToObject(bytes.toString("utf8"));
}

/** Items in an xmlToObject() envelope result. */
export function soapEnvelopeItems(obj: unknown): unknown[] {
  const o = obj as { Body?: { GetMessagesAfterIDResponse?: { GetMessagesAfterIDResult?: { MessagesBL?: unknown } } } };
  const list = o.Body?.GetMessagesAfterIDResponse?.GetMessagesAfterIDResult?.MessagesBL;
  return list === undefined ? [] : Array.isArray(list) ? list : [list];
}

/** One full call through node-soap's generated method (SOAP 1.1 port, the first one). */
export async function soapCall(client: SoapClient, count: number): Promise<unknown[]> {
  const fn = (client as unknown as Record<string, (args: unknown) => Promise<[unknown]>>)["GetMessagesAfterIDAsync"];
  if (!fn) throw new Error("node-soap client has no GetMessagesAfterIDAsync");
  const [result] = await fn.call(client, { ...SOAP_ARGS_BASE, count, msgId: "0" });
  const list = (result as { GetMessagesAfterIDResult?: { MessagesBL?: unknown } } | null)?.GetMessagesAfterIDResult
    ?.MessagesBL;
  return list === undefined ? [] : Array.isArray(list) ? list : [list];
}
