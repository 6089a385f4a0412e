// Cold start baseline: a bare node process (boot time, nothing imported).
const t0 = performance.now();
process.stdout.write(
  "RESULT " + JSON.stringify({ boot: t0, importMs: 0, ms: performance.now() - t0, items: 0 }) + "\n",
);
process.exit(0);
