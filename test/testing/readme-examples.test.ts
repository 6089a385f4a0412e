/**
 * The generated README's test-kit examples are the code of the generated tests
 * generated/test/testing-example.{fetch,msw}.test.ts (which the unit suite runs): both are rendered
 * from the same templates (templates/testing-example-*.ts.hbs); this checks that they have not
 * drifted apart (same code, only the import specifiers differ).
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

const read = (p: string): string => readFileSync(new URL(`../../generated/${p}`, import.meta.url), "utf8");
const pkg = (JSON.parse(read("package.json")) as { name: string }).name;
const readme = read("README.md");

/** The ```ts block after `marker`. */
function block(marker: string): string {
  const at = readme.indexOf(marker);
  expect(at, marker).toBeGreaterThan(0);
  const m = /```ts\n([\s\S]*?)```/.exec(readme.slice(at));
  return m?.[1] ?? "";
}

const squash = (code: string): string => code.replace(/\/\/ Code generated.*\n\/\/.*\n/, "").replace(/\s+/g, " ").trim();

test.each([
  ["With `mock.fetch`:", "test/testing-example.fetch.test.ts"],
  ["With MSW", "test/testing-example.msw.test.ts"],
])("the README block after %s is %s", (marker, file) => {
  const code = block(marker);
  expect(code).toContain(`from "${pkg}`);
  const relative = code.replaceAll(`"${pkg}/testing/msw"`, `"../src/testing/msw.js"`).replaceAll(`"${pkg}/testing"`, `"../src/testing/index.js"`).replaceAll(`"${pkg}"`, `"../src/index.js"`);
  expect(squash(relative)).toBe(squash(read(file)));
});
