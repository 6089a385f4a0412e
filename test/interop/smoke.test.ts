/**
 * Smoke test of the Mono ASMX fixture with hand-written requests (plain fetch):
 * one operation with parameters in all four bindings, and a fault in each binding.
 */
import { describe, expect, inject, test } from "vitest";
import { LogCursor, uniqueName } from "./log.ts";
import { BINDINGS, NS, SOAP11, SOAP12, call as rawCall, type Params, type RawBinding } from "./raw.ts";

const base = inject("asmxBaseUrl");
const logPath = inject("asmxLogPath");

const call = (binding: RawBinding, file: string, op: string, params: Params) => rawCall(base, binding, file, op, params);

describe.skipIf(inject("monoMissing"))("Mono ASMX fixture smoke test", () => {
  test("WSDL is published for every endpoint file and alternative spelling", async () => {
    const files = ["receive", "Receive", "Send", "send", "Users", "Actions", "actions", "contacts", "Contacts", "newbulks", "Schedule", "Voice", "codes"];
    for (const f of files) {
      const res = await fetch(`${base}/post/${f}.asmx?WSDL`);
      const text = await res.text();
      expect(res.status, f).toBe(200);
      expect(text).toContain(`targetNamespace="${NS}"`);
    }
  });

  for (const binding of BINDINGS) {
    test(`GetSmsPrice over ${binding}: result element and received params`, async () => {
      const username = uniqueName("smoke");
      const text = `سلام دنیا <>&"' ${binding}`;
      const params: Params = [
        ["username", username],
        ["password", "pointone"], // magic password: GetSmsPrice returns 0.1
        ["OperatorACount", "-2147483648"],
        ["OperatorBCount", "7"],
        ["from", "50001"],
        ["text", text],
      ];
      const log = new LogCursor(logPath);
      const r = await call(binding, "Send.asmx", "GetSmsPrice", params);
      expect(r.status).toBe(200);
      if (binding === "soap11") {
        expect(r.contentType).toBe("text/xml; charset=utf-8");
        expect(r.body).toContain(`<soap:Envelope xmlns:soap="${SOAP11}"`);
        expect(r.body).toContain(`<soap:Body><GetSmsPriceResponse xmlns="${NS}"><GetSmsPriceResult>0.1</GetSmsPriceResult></GetSmsPriceResponse></soap:Body>`);
      } else if (binding === "soap12") {
        expect(r.contentType).toBe("application/soap+xml; charset=utf-8");
        expect(r.body).toContain(`<soap:Envelope xmlns:soap="${SOAP12}"`);
        expect(r.body).toContain(`<soap:Body><GetSmsPriceResponse xmlns="${NS}"><GetSmsPriceResult>0.1</GetSmsPriceResult></GetSmsPriceResponse></soap:Body>`);
      } else {
        expect(r.contentType).toBe("text/xml; charset=utf-8");
        expect(r.body).toBe(`<?xml version="1.0" encoding="utf-8"?>\n<double xmlns="${NS}">0.1</double>`);
      }

      const e = log.last("GetSmsPrice", (x) => x.params["username"] === username);
      expect(e).toBeDefined();
      expect(e!.binding).toBe(binding);
      expect(e!.params).toEqual({
        username,
        password: "pointone",
        OperatorACount: -2147483648,
        OperatorBCount: 7,
        from: "50001",
        text,
      });
      expect(Object.keys(e!.params)).toEqual(["username", "password", "OperatorACount", "OperatorBCount", "from", "text"]);
      expect(e!.returned).toBe("0.1");
      expect(e!.fault).toBeNull();
      if (binding === "soap11" || binding === "soap12") {
        expect(e!.path).toBe("/post/Send.asmx");
        expect(e!.soapOperation).toBe("GetSmsPrice");
        expect(e!.soapNamespace).toBe(NS);
        expect(e!.soapOrder).toEqual(["username", "password", "OperatorACount", "OperatorBCount", "from", "text"]);
        expect(e!.soapChildNamespaces).toEqual(Array(6).fill(NS));
        expect(e!.soapAction).toBe(binding === "soap11" ? `"${NS}GetSmsPrice"` : null);
        expect(e!.httpKeys).toBeNull();
      } else {
        expect(e!.path).toBe("/post/Send.asmx/GetSmsPrice");
        expect(e!.method).toBe(binding === "httpGet" ? "GET" : "POST");
        expect(e!.soapOrder).toBeNull();
        expect(e!.httpKeys).toEqual(["username", "password", "OperatorACount", "OperatorBCount", "from", "text"]);
      }
    });
  }

  for (const binding of BINDINGS) {
    test(`fault over ${binding}`, async () => {
      const params: Params = [
        ["username", "fault"],
        ["password", uniqueName("pw")],
        ["OperatorACount", "1"],
        ["OperatorBCount", "2"],
        ["from", "f"],
        ["text", "t"],
      ];
      const log = new LogCursor(logPath);
      const r = await call(binding, "Send.asmx", "GetSmsPrice", params);
      expect(r.status).toBe(500);
      if (binding === "soap11") {
        expect(r.contentType).toBe("text/xml; charset=utf-8");
        expect(r.body).toContain("<soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>");
        expect(r.body).toMatch(/<faultstring>System\.Web\.Services\.Protocols\.SoapException: Server was unable to process request\. ---&gt; System\.InvalidOperationException: fixture fault: GetSmsPrice\n/);
        expect(r.body).toContain("</faultstring><detail /></soap:Fault></soap:Body>");
      } else if (binding === "soap12") {
        expect(r.contentType).toBe("application/soap+xml; charset=utf-8");
        expect(r.body).toContain("<soap:Fault><soap:Code><soap:Value>soap:Receiver</soap:Value></soap:Code><soap:Reason><soap:Text xml:lang=\"en\">");
        expect(r.body).toMatch(/<soap:Text xml:lang="en">System\.Web\.Services\.Protocols\.SoapException: Server was unable to process request\. ---&gt; System\.InvalidOperationException: fixture fault: GetSmsPrice\n/);
        expect(r.body).toContain("</soap:Text></soap:Reason><soap:Detail /></soap:Fault>");
      } else {
        expect(r.contentType).toBe("text/plain; charset=utf-8");
        expect(r.body.startsWith("System.InvalidOperationException: fixture fault: GetSmsPrice\n")).toBe(true);
      }
      const e = log.last("GetSmsPrice", (x) => x.params["password"] === params[1]![1]);
      expect(e?.fault).toBe("fixture fault: GetSmsPrice");
      expect(e?.binding).toBe(binding);
      expect(e?.returned).toBeNull();
    });
  }

  test("list-first parameter order is logged from the raw SOAP body (GetDeliveries)", async () => {
    const username = uniqueName("order");
    const log = new LogCursor(logPath);
    const body =
      `<GetDeliveries xmlns="${NS}"><recIds><long>9007199254740993</long><long>-1</long></recIds>` +
      `<username>${username}</username><password>p</password></GetDeliveries>`;
    const res = await fetch(`${base}/post/Send.asmx`, {
      method: "POST",
      headers: { "Content-Type": "text/xml; charset=utf-8", SOAPAction: `"${NS}GetDeliveries"` },
      body: `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11}"><soap:Body>${body}</soap:Body></soap:Envelope>`,
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    const e = log.last("GetDeliveries", (x) => x.params["username"] === username)!;
    expect(e.soapOrder).toEqual(["recIds", "username", "password"]);
    expect(e.params).toEqual({ recIds: ["9007199254740993", "-1"], username, password: "p" });
    expect(Array.isArray(e.returned)).toBe(true);
    const ret = e.returned as number[];
    expect(ret.slice(0, 2)).toEqual([2147483647, -1]);
    expect(text).toContain(`<GetDeliveriesResult><int>2147483647</int><int>-1</int><int>${ret[2]}</int></GetDeliveriesResult>`);
  });
});
