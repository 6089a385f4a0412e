/**
 * Overlap of decoding with the network (issue 12): a full call at 10,000 items should cost no
 * more than the transfer plus 1.2× the decode, because the decoder runs on each chunk as it
 * arrives. Measured in one process, interleaved: the call (ours, SOAP 1.1), the transfer alone
 * (same request, body read as bytes, nothing decoded) and the decode alone of those bytes.
 */
import { type Candidate, compare, type SamplerOptions } from "./lib/measure.ts";
import { fmtMs, type Table } from "./lib/report.ts";

type Ours = typeof import("./ours.ts");

export async function benchOverlap(ours: Ours, baseUrl: string, n: number, opts: SamplerOptions): Promise<{ table: Table; ratio: number; figures: Record<string, number> }> {
  const bytes = await ours.transferOurs(baseUrl, "soap11", n);
  const cands: Candidate[] = [
    { name: "call", run: () => ours.callOurs(baseUrl, "soap11", n) },
    { name: "transfer", run: () => ours.transferOurs(baseUrl, "soap11", n) },
    { name: "decode", run: () => ours.decodeOurs("soap11", bytes) },
  ];
  const { summaries } = await compare(cands, opts);
  const m = (k: string): number => summaries.get(k)?.median ?? NaN;
  const call = m("call");
  const transfer = m("transfer");
  const decode = m("decode");
  const ratio = (call - transfer) / decode;
  return {
    ratio,
    figures: { call, transfer, decode, callMinusTransfer: call - transfer, ratio },
    table: {
      title: `Decode overlapped with the transfer: GetMessagesAfterID N=${n} (SOAP 1.1, loopback), median`,
      headers: ["full call", "transfer only", "decode only", "call − transfer", "(call − transfer) / decode"],
      rows: [[fmtMs(call), fmtMs(transfer), fmtMs(decode), fmtMs(call - transfer), ratio.toFixed(2)]],
      notes: [
        "transfer only = the same request (prepareRequest) with fetch, body read to the end as bytes, nothing decoded; decode only = decodeResponse on those bytes.",
        "The call decodes each chunk as it arrives, so (call − transfer) / decode ≤ 1.2 means the decode overlaps the transfer (target).",
      ],
    },
  };
}
