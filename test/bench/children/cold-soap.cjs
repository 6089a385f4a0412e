// Cold start, node-soap: first line -> first result in a fresh process.
// usage: node cold-soap.cjs <baseUrl> <wsdlPath>
const t0 = performance.now();
const soap = require("soap");
const tImport = performance.now();
soap
  .createClientAsync(process.argv[3], { endpoint: process.argv[2] + "/post/receive.asmx" })
  .then((client) =>
    client.GetMessagesAfterIDAsync({
      username: "bench",
      password: "secret",
      location: 1,
      from: "",
      count: 1,
      msgId: "0",
    }),
  )
  .then(([result]) => {
    const t1 = performance.now();
    const list =
      result && result.GetMessagesAfterIDResult ? [].concat(result.GetMessagesAfterIDResult.MessagesBL ?? []) : [];
    process.stdout.write(
      "RESULT " + JSON.stringify({ boot: t0, importMs: tImport - t0, ms: t1 - t0, items: list.length }) + "\n",
    );
    process.exit(0);
  })
  .catch((e) => {
    process.stderr.write(String((e && e.stack) || e) + "\n");
    process.exit(1);
  });
