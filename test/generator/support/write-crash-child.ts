/**
 * Child process for write.test.ts: runs writeOutput and kills itself with SIGKILL right after
 * step number `crashAt` (1-based), so that no catch, finally or exit handler runs — a real
 * crash. With crashAt 0 it runs to the end and prints the steps it took.
 * usage: node --import tsx write-crash-child.ts <outDir> <files.json> <crashAt>
 */
import { readFileSync } from "node:fs";
import { writeOutput } from "../../../generator/write.ts";

const [outDir, filesJson, crashAtText] = process.argv.slice(2);
const files = new Map(Object.entries(JSON.parse(readFileSync(filesJson ?? "", "utf8")) as Record<string, string>));
const crashAt = Number(crashAtText);
const steps: string[] = [];
writeOutput(outDir ?? "", files, {
  afterStep: (name) => {
    steps.push(name);
    if (steps.length === crashAt) process.kill(process.pid, "SIGKILL");
  },
});
process.stdout.write(JSON.stringify(steps));
