/** Formatting: plain-text tables for stdout, Markdown tables for results.md. */

export interface Table {
  title: string;
  headers: string[];
  rows: string[][];
  notes?: string[];
}

export function fmtMs(ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms)) return "n/a";
  if (ms < 1) return `${(ms * 1000).toFixed(ms < 0.01 ? 2 : 1)} µs`;
  if (ms < 1000) return `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
  return `${(ms / 1000).toFixed(2)} s`;
}

/** Decimal units (kB = 1000 B, MB = 10^6 B). */
export function fmtBytes(b: number | undefined): string {
  if (b === undefined || !Number.isFinite(b)) return "n/a";
  const sign = b < 0 ? "-" : "";
  const a = Math.abs(b);
  if (a < 1000) return `${sign}${a.toFixed(0)} B`;
  if (a < 1e6) return `${sign}${(a / 1e3).toFixed(a < 1e4 ? 2 : 1)} kB`;
  return `${sign}${(a / 1e6).toFixed(a < 1e7 ? 2 : 1)} MB`;
}

export function fmtRatio(r: number | undefined): string {
  if (r === undefined || !Number.isFinite(r)) return "n/a";
  return `${r.toFixed(r < 10 ? 2 : 1)}×`;
}

export function fmtRate(bytes: number, ms: number | undefined): string {
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) return "n/a";
  const mbps = bytes / 1e6 / (ms / 1000);
  return `${mbps.toFixed(mbps < 10 ? 1 : 0)} MB/s`;
}

function width(s: string): number {
  return [...s].length;
}

export function renderText(t: Table): string {
  const cols = t.headers.length;
  const w: number[] = [];
  for (let c = 0; c < cols; c++) {
    w[c] = Math.max(width(t.headers[c] ?? ""), ...t.rows.map((r) => width(r[c] ?? "")));
  }
  const line = (cells: string[]) =>
    cells
      .map((x, c) => {
        const pad = " ".repeat(Math.max(0, (w[c] ?? 0) - width(x)));
        return c === 0 ? x + pad : pad + x; // first column left, numbers right
      })
      .join("  ");
  const out = [
    `== ${t.title} ==`,
    line(t.headers),
    w.map((n) => "-".repeat(n)).join("  "),
    ...t.rows.map((r) => line(r)),
  ];
  for (const n of t.notes ?? []) out.push(`  * ${n}`);
  return out.join("\n");
}

function mdCell(s: string): string {
  return s.replace(/\|/g, "\\|");
}

export function renderMd(t: Table): string {
  const out = [
    `### ${t.title}`,
    "",
    `| ${t.headers.map(mdCell).join(" | ")} |`,
    `|${t.headers.map((_, i) => (i === 0 ? "---" : "---:")).join("|")}|`,
    ...t.rows.map((r) => `| ${r.map(mdCell).join(" | ")} |`),
  ];
  if (t.notes?.length) {
    out.push("");
    for (const n of t.notes) out.push(`- ${n}`);
  }
  return out.join("\n");
}
