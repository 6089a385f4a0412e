// Cold start, ours: first line -> first result in a fresh process.
// usage: node cold-ours.mjs <baseUrl> <oursAdapterBundle.mjs>   (the bundle is built from ../ours.ts)
const t0 = performance.now();
const m = await import("file://" + process.argv[3]);
const tImport = performance.now();
const result = await m.callOurs(process.argv[2], "soap11", 1);
const t1 = performance.now();
process.stdout.write(
  "RESULT " + JSON.stringify({ boot: t0, importMs: tImport - t0, ms: t1 - t0, items: m.countItems(result) }) + "\n",
);
process.exit(0);
