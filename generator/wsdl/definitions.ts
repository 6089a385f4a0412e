/**
 * One ASMX WSDL document → one spec endpoint: operations in the order of the SOAP portType,
 * parameters in wire order, results, SOAP headers, SOAPAction, overloads (MessageName), and
 * which bindings serve each operation. Types go through SchemaIndex. Problems are collected as
 * issues with positions; an operation that cannot be mapped is skipped, the rest is kept.
 */
import { BINDINGS, BINDING_INFO, type Binding } from "../../templates/runtime/binding.ts";
import { soapActionFor } from "../../templates/runtime/encode.ts";
import type { SpecEndpoint, SpecHeader, SpecOperation, SpecParam, SpecResult } from "../spec/document.ts";
import { WsdlError, type ImportIssue } from "./issues.ts";
import { NS } from "./namespaces.ts";
import { SchemaIndex, type TypeUse } from "./schema.ts";
import { REFERENCE_SCALARS } from "./xsd-types.ts";
import { childNamed, childrenNamed, resolveQName, type XmlElement } from "./xml-tree.ts";

export interface ReadDefinitions {
  readonly endpoint: SpecEndpoint;
  readonly schema: SchemaIndex;
  readonly targetNamespace: string;
  /** wsdl:service name. */
  readonly serviceName: string;
}

/** Which of our bindings a wsdl:binding is, read from its extension element through BINDING_INFO. */
function bindingOf(b: XmlElement): Binding | undefined {
  for (const ext of b.children) {
    if (ext.local !== "binding") continue;
    const version = ext.ns === NS.soap11 ? "1.1" : ext.ns === NS.soap12 ? "1.2" : undefined;
    const verb = ext.ns === NS.http ? ext.attrs.get("verb") : undefined;
    const found = BINDINGS.find((name) => {
      const info = BINDING_INFO[name];
      return version !== undefined ? info.envelope?.version === version && ext.attrs.get("transport") !== undefined : info.envelope === null && info.method === verb;
    });
    if (found) return found;
  }
  return undefined;
}

const lowerFirst = (s: string): string => s.charAt(0).toLowerCase() + s.slice(1);

/** The endpoint's group name from its file name: `/post/Send.asmx` → `send`. */
export function endpointNameFor(path: string): string {
  const base = path.replace(/^.*\//, "").replace(/\.asmx$/i, "");
  const id = base.replace(/[^A-Za-z0-9_$]/g, "_");
  return lowerFirst(/^[0-9]/.test(id) ? `_${id}` : id) || "service";
}

const CREDENTIALS: Readonly<Record<string, "username" | "password">> = { username: "username", password: "password" };

export interface DefinitionsOptions {
  /** Mark string parameters named `username`/`password` as credentials. Default true. */
  readonly credentials?: boolean;
}

export function readDefinitions(root: XmlElement, issues: ImportIssue[], options: DefinitionsOptions = {}): ReadDefinitions {
  if (root.ns !== NS.wsdl || root.local !== "definitions")
    throw new WsdlError(`${root.pos.file}:${root.pos.line}:${root.pos.column}: not a WSDL 1.1 document (root element is <${root.local}> in namespace "${root.ns}")`);
  const tns = root.attrs.get("targetNamespace") ?? "";
  const report = (code: string, message: string, at: XmlElement): void => void issues.push({ code, message, pos: at.pos });
  const schema = new SchemaIndex(childNamed(root, NS.wsdl, "types"), issues);
  const byName = (local: string): Map<string, XmlElement> =>
    new Map(childrenNamed(root, NS.wsdl, local).map((e) => [e.attrs.get("name") ?? "", e]));
  const messages = byName("message");
  const portTypes = byName("portType");
  const bindings = byName("binding");
  const localOf = (at: XmlElement, q: string | undefined): string | undefined => (q === undefined ? undefined : resolveQName(at, q)?.local);

  // Service, ports, address.
  const service = childNamed(root, NS.wsdl, "service");
  if (!service) throw new WsdlError(`${root.pos.file}:${root.pos.line}:${root.pos.column}: the WSDL has no wsdl:service`);
  const serviceName = service.attrs.get("name") ?? "Service";
  const ports = new Map<Binding, XmlElement>(); // our binding → wsdl:binding
  let address: { text: string; at: XmlElement } | undefined;
  for (const port of childrenNamed(service, NS.wsdl, "port")) {
    const b = bindings.get(localOf(port, port.attrs.get("binding")) ?? "");
    const which = b && bindingOf(b);
    if (!b || !which) {
      report("unmapped-construct", `port ${port.attrs.get("name") ?? ""}: binding ${port.attrs.get("binding") ?? ""} is not SOAP 1.1/1.2 or HTTP GET/POST (skipped)`, port);
      continue;
    }
    if (!ports.has(which)) ports.set(which, b);
    const addr = port.children.find((c) => c.local === "address" && c.attrs.has("location"));
    if (addr && !address) address = { text: addr.attrs.get("location")!, at: addr };
  }
  let path = `/${serviceName}.asmx`;
  if (address) {
    try {
      path = decodeURIComponent(new URL(address.text).pathname);
    } catch {
      report("bad-address", `address "${address.text}" is not a URL; path ${path} assumed`, address.at);
    }
  } else report("bad-address", `no port address; path ${path} assumed`, service);

  const soapBinding = ports.get("soap11") ?? ports.get("soap12");
  if (!soapBinding) throw new WsdlError(`${service.pos.file}:${service.pos.line}:${service.pos.column}: service ${serviceName} has no SOAP port`);
  const portType = portTypes.get(localOf(soapBinding, soapBinding.attrs.get("type")) ?? "");
  if (!portType) throw new WsdlError(`${soapBinding.pos.file}:${soapBinding.pos.line}:${soapBinding.pos.column}: portType ${soapBinding.attrs.get("type") ?? ""} is not declared`);

  const endpointBindings = BINDINGS.filter((b) => ports.has(b));
  const operations: SpecOperation[] = [];
  for (const pto of childrenNamed(portType, NS.wsdl, "operation")) {
    const op = readOperation(pto);
    if (op) operations.push(op);
  }
  schema.addDerivedRecords();
  const endpoint: SpecEndpoint = { name: endpointNameFor(path), path, operations };
  if (endpointBindings.length !== BINDINGS.length) endpoint.bindings = endpointBindings;
  return { endpoint, schema, targetNamespace: tns, serviceName };

  /** The first part of a message, as a global element. */
  function messageElement(at: XmlElement, what: string): XmlElement | undefined {
    const msg = messages.get(localOf(at, at.attrs.get("message")) ?? "");
    if (!msg) {
      report("missing-message", `message ${at.attrs.get("message") ?? "(none)"} of ${what} is not declared`, at);
      return undefined;
    }
    const parts = childrenNamed(msg, NS.wsdl, "part");
    if (parts.length !== 1 || parts[0]!.attrs.get("element") === undefined) {
      report("unmapped-construct", `message ${msg.attrs.get("name") ?? ""} of ${what} is not one document/literal element part`, msg);
      return undefined;
    }
    const el = schema.element(parts[0]!, parts[0]!.attrs.get("element"));
    if (!el) report("missing-type", `element ${parts[0]!.attrs.get("element") ?? ""} of ${what} is not declared in the schema`, parts[0]!);
    return el;
  }

  function sequence(el: XmlElement, what: string): XmlElement[] | undefined {
    const ct = childNamed(el, NS.xsd, "complexType");
    if (!ct) {
      report("unmapped-construct", `${what} element ${el.attrs.get("name") ?? ""} has no inline complex type`, el);
      return undefined;
    }
    return schema.sequenceOf(ct, `element ${el.attrs.get("name") ?? ""}`);
  }

  function readOperation(pto: XmlElement): SpecOperation | undefined {
    const methodName = pto.attrs.get("name") ?? "";
    const input = childNamed(pto, NS.wsdl, "input");
    const output = childNamed(pto, NS.wsdl, "output");
    if (!input || !output) {
      report("unmapped-construct", `operation ${methodName} is not request-response (skipped)`, pto);
      return undefined;
    }
    const reqEl = messageElement(input, `operation ${methodName}`);
    const respEl = messageElement(output, `operation ${methodName}`);
    if (!reqEl || !respEl) return undefined;
    const name = reqEl.attrs.get("name") ?? methodName;
    const reqSeq = sequence(reqEl, `request of ${name}`);
    const respSeq = sequence(respEl, `response of ${name}`);
    if (!reqSeq || !respSeq) return undefined;

    const params: SpecParam[] = [];
    for (const decl of reqSeq) {
      const pname = decl.attrs.get("name");
      if (decl.local === "any" || pname === undefined) {
        report("unmapped-construct", `${decl.local === "any" ? "xs:any" : "unnamed element"} in the request of ${name} is not mapped (operation skipped)`, decl);
        return undefined;
      }
      const t = schema.typeOf(decl, `parameter ${name}.${pname}`);
      if (!t) {
        report("skipped-operation", `operation ${name} skipped: parameter ${pname} cannot be mapped`, decl);
        return undefined;
      }
      const p: SpecParam = { name: pname, type: t.type };
      if (decl.attrs.get("minOccurs") === "0") p.optional = true;
      if (t.kind === "list") {
        p.list = true;
        p.item = t.item;
      }
      if (decl.attrs.get("nillable") === "true" && isValueType(t)) p.nillable = true;
      const role = options.credentials === false ? undefined : CREDENTIALS[pname];
      if (role && t.kind === "scalar" && t.type === "string") p.credential = role;
      params.push(p);
    }

    let result: SpecResult;
    if (respSeq.length === 0) result = { kind: "void" };
    else if (respSeq.length > 1 || respSeq[0]!.local === "any") {
      report("out-params", `operation ${name} answers ${respSeq.length} elements (out/ref parameters) and is not mapped (skipped)`, respEl);
      return undefined;
    } else {
      const decl = respSeq[0]!;
      const t = schema.typeOf(decl, `result of ${name}`);
      if (!t) {
        report("skipped-operation", `operation ${name} skipped: its result cannot be mapped`, decl);
        return undefined;
      }
      result = { kind: t.kind === "enum" ? "scalar" : t.kind, type: t.type };
      if (t.kind === "list") result.item = t.item;
      result.soapElement = decl.attrs.get("name") ?? "";
      const minZero = decl.attrs.get("minOccurs") === "0";
      const byDefault = t.kind === "list" || t.kind === "record" || REFERENCE_SCALARS.has(t.type);
      if (minZero !== byDefault) result.nullable = minZero;
      if (decl.attrs.get("nillable") === "true" && isValueType(t)) result.nillable = true;
    }

    const op: SpecOperation = { name, params };
    if (methodName !== name) op.methodName = methodName;

    // Bindings, SOAPAction, HTTP root element, headers.
    const opBindings: Binding[] = [];
    for (const b of endpointBindings) {
      const wb = ports.get(b)!;
      const bo = childrenNamed(wb, NS.wsdl, "operation").find(
        (x) => x.attrs.get("name") === methodName && (childNamed(x, NS.wsdl, "input")?.attrs.get("name") ?? methodName) === (input.attrs.get("name") ?? methodName),
      );
      if (!bo) continue;
      opBindings.push(b);
      const info = BINDING_INFO[b];
      if (info.envelope) {
        const so = bo.children.find((c) => c.local === "operation");
        const style = so?.attrs.get("style") ?? "document";
        const uses = ["input", "output"].flatMap((d) => childNamed(bo, NS.wsdl, d)?.children.filter((c) => c.local === "body").map((c) => c.attrs.get("use") ?? "literal") ?? []);
        if (style !== "document" || uses.some((u) => u !== "literal")) {
          report("unmapped-construct", `operation ${name} is ${style}/${uses.find((u) => u !== "literal") ?? "literal"} in ${info.label} (only document/literal is mapped; skipped)`, so ?? bo);
          return undefined;
        }
        const action = so?.attrs.get("soapAction");
        if (action !== undefined && action !== soapActionFor(tns, name) && op.soapAction === undefined) op.soapAction = action;
        const headers = readHeaders(bo, name);
        if (headers.length > 0 && op.headers === undefined) op.headers = headers;
      } else {
        checkHttpParts(b, wb, params, name, input.attrs.get("name") ?? methodName);
        const location = bo.children.find((c) => c.local === "operation" && c.ns === NS.http)?.attrs.get("location");
        if (location !== `/${name}`) report("http-location", `${info.label} location of ${name} is "${location ?? "(none)"}", not "/${name}"`, bo);
      }
      if (!info.envelope && result.kind !== "void" && result.httpRoot === undefined) {
        const hpt = portTypes.get(localOf(wb, wb.attrs.get("type")) ?? "");
        const hop = hpt && childrenNamed(hpt, NS.wsdl, "operation").find((x) => x.attrs.get("name") === methodName && (childNamed(x, NS.wsdl, "input")?.attrs.get("name") ?? methodName) === (input.attrs.get("name") ?? methodName));
        const out = hop && childNamed(hop, NS.wsdl, "output");
        const msg = out && messages.get(localOf(out, out.attrs.get("message")) ?? "");
        const part = msg && childrenNamed(msg, NS.wsdl, "part")[0];
        const root = part && localOf(part, part.attrs.get("element"));
        if (root !== undefined) result.httpRoot = root;
        // A raw XML result (.NET XmlElement) is its own root element, whatever its name: no httpRoot.
        else if (result.type !== "xml") report("unmapped-construct", `HTTP response of ${name} has no root element part`, out ?? bo);
      }
    }
    // The spec's key order: name, methodName, soapAction, bindings, headers, params, result.
    return {
      name,
      ...(op.methodName !== undefined ? { methodName: op.methodName } : {}),
      ...(op.soapAction !== undefined ? { soapAction: op.soapAction } : {}),
      ...(opBindings.length !== endpointBindings.length ? { bindings: opBindings } : {}),
      ...(op.headers ? { headers: op.headers } : {}),
      params,
      result: orderResult(result),
    };
  }

  /** HTTP GET/POST carry the parameters as message parts: same names, same order as the SOAP request. */
  function checkHttpParts(b: Binding, wb: XmlElement, params: readonly SpecParam[], opName: string, inputName: string): void {
    const hpt = portTypes.get(localOf(wb, wb.attrs.get("type")) ?? "");
    const hop = hpt && childrenNamed(hpt, NS.wsdl, "operation").find((x) => (childNamed(x, NS.wsdl, "input")?.attrs.get("name") ?? x.attrs.get("name")) === inputName);
    const inp = hop && childNamed(hop, NS.wsdl, "input");
    const msg = inp && messages.get(localOf(inp, inp.attrs.get("message")) ?? "");
    if (!msg) return;
    const parts = childrenNamed(msg, NS.wsdl, "part").map((p) => p.attrs.get("name") ?? "");
    const names = params.map((p) => p.name);
    if (parts.join() !== names.join())
      report("http-parts", `${BINDING_INFO[b].label} parts of ${opName} (${parts.join(", ")}) differ from its SOAP parameters (${names.join(", ")})`, msg);
  }

  function readHeaders(bo: XmlElement, opName: string): SpecHeader[] {
    const out: SpecHeader[] = [];
    for (const dir of ["input", "output"] as const) {
      const io = childNamed(bo, NS.wsdl, dir);
      for (const h of io ? io.children.filter((c) => c.local === "header" && (c.ns === NS.soap11 || c.ns === NS.soap12)) : []) {
        const msg = messages.get(localOf(h, h.attrs.get("message")) ?? "");
        const part = msg && childrenNamed(msg, NS.wsdl, "part").find((p) => p.attrs.get("name") === h.attrs.get("part"));
        const el = part && schema.element(part, part.attrs.get("element"));
        const t = el && el.attrs.get("type") !== undefined ? schema.typeByName(el, el.attrs.get("type")!, `header ${h.attrs.get("part") ?? ""} of ${opName}`) : undefined;
        if (!el || !t || t.kind !== "record") {
          report("unmapped-construct", `SOAP header ${h.attrs.get("message") ?? ""}/${h.attrs.get("part") ?? ""} of ${opName} is not a record element (skipped)`, h);
          continue;
        }
        const element = el.attrs.get("name") ?? "";
        const existing = out.find((x) => x.element === element);
        if (existing) existing.direction = "inout";
        else out.push({ element, type: t.type, direction: dir === "input" ? "in" : "out" });
      }
    }
    return out;
  }
}

function isValueType(t: TypeUse): boolean {
  return (t.kind === "scalar" || t.kind === "enum") && !REFERENCE_SCALARS.has(t.type);
}

/** The spec's key order of a result. */
function orderResult(r: SpecResult): SpecResult {
  const out: SpecResult = { kind: r.kind };
  for (const k of ["type", "item", "soapElement", "httpRoot", "nullable", "nillable", "description"] as const) if (r[k] !== undefined) (out as unknown as Record<string, unknown>)[k] = r[k];
  return out;
}
