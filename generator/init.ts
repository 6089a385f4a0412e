/** `asmx-ts init`: a starter config and spec that generate as they are. */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const CONFIG = `{
  "$schema": "./node_modules/asmx-ts/spec/config.schema.json",
  "services": [{ "spec": "spec/service.yaml", "out": "generated" }]
}
`;

const SPEC = `# yaml-language-server: $schema=../node_modules/asmx-ts/spec/service.schema.json
#
# The canonical description of your ASMX service. Import it from the live WSDL with
#   npx asmx-ts import https://host/Service.asmx?WSDL -o spec/service.yaml
# or write it by hand: parameter and field order is the wire order.
service:
  name: Example
  description: An example ASMX service.
  namespace: http://tempuri.org/
  package:
    name: example-service-client
    version: 0.1.0
    license: UNLICENSED

endpoints:
  - name: service
    path: /Service.asmx
    description: The example endpoint file.
    operations:
      - name: HelloWorld
        description: Says hello.
        params:
          - { name: name, type: string, optional: true, description: Who to greet. }
        result: { kind: scalar, type: string, soapElement: HelloWorldResult, httpRoot: string }
`;

export function initProject(dir: string, options: { force: boolean }): number {
  const files = [
    { path: join(dir, "asmx-ts.config.json"), text: CONFIG },
    { path: join(dir, "spec", "service.yaml"), text: SPEC },
  ];
  const existing = files.filter((f) => existsSync(f.path));
  if (existing.length > 0 && !options.force) {
    process.stderr.write(`Not overwriting ${existing.map((f) => f.path).join(", ")} (use --force).\n`);
    return 1;
  }
  mkdirSync(join(dir, "spec"), { recursive: true });
  for (const f of files) writeFileSync(f.path, f.text);
  process.stdout.write(`Wrote asmx-ts.config.json and spec/service.yaml. Next: npx asmx-ts generate\n`);
  return 0;
}
