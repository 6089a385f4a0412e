/**
 * Entry of the probe in a browser page: the generated package's dist entry is bundled in (esbuild, by
 * build.ts); the page's own origin is the base URL (the test's page server proxies the ASMX paths), and
 * the username and password come from the query string. The outcome is left in `window.__probe` as the
 * JSON text main.ts prints, or `{"failed": message}`.
 */
// The package as an app bundles it: its dist entry (typed by its .d.ts, structurally the same as src).
import * as api from "../../../generated/dist/index.js";
import { runProbe, type ApiModule } from "./probe.ts";

const w = window as Window & { __probe?: string };
const q = new URLSearchParams(location.search);
try {
  const results = await runProbe(api as unknown as ApiModule, { baseUrl: location.origin, username: q.get("u") ?? "", password: q.get("p") ?? "" });
  w.__probe = JSON.stringify({ runtime: navigator.userAgent, results });
} catch (err) {
  w.__probe = JSON.stringify({ failed: String(err) });
}
