/**
 * The test kit never enters an application bundle: the one-operation app bundle of the main entry
 * is byte-identical whether the package has `src/testing/` or not, and contains none of the kit's
 * code. A test file using the kit with `mock.fetch` bundles for platform=neutral without msw or
 * node:http (loaded only by `./testing/msw` and inside `mock.listen()`). Figures: `npm run bench`.
 */
import { expect, test } from "vitest";
import { measureTestKitSizes } from "../bench/testkit-size.ts";

test("the one-operation bundle is the same with and without the test kit; a test file with the kit needs neither msw nor node:http", async () => {
  const { withKit, withoutKit, testFile } = await measureTestKitSizes();
  expect(withKit.code).toBe(withoutKit.code);
  expect(withKit.gz).toBe(withoutKit.gz);
  for (const marker of ["Server was unable to process request", "createMock", "Web Service method name is not valid"]) {
    expect(withKit.code).not.toContain(marker);
    expect(testFile.code).toContain(marker === "createMock" ? "mock: no handler for" : marker);
  }
  expect(testFile.code).not.toMatch(/from\s*"msw/);
  expect(testFile.code).not.toMatch(/from\s*"node:/);
  expect(testFile.gz).toBeGreaterThan(withKit.gz);
  console.log(
    `one-operation app: ${withKit.min} B minified, ${withKit.gz} B gzipped with the test kit in the package; ${withoutKit.min} B / ${withoutKit.gz} B without it. ` +
      `Test file with client + mock: ${testFile.min} B / ${testFile.gz} B gzipped.`,
  );
});
