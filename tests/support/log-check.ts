import fs from "node:fs";
import path from "node:path";

/**
 * vitest's second global setup (after global-setup.ts, so its teardown runs first, while the
 * workers' databases still exist): the workers write their log, and vitest.config.ts's
 * onConsoleLog any console output of the code under test, to one file; when the run ends it is
 * searched for every personal number the run stored and every fixture password, and the run fails
 * on any hit (tests/support/log-secrets.ts, decision 050).
 */
export default async function setup() {
  const file = path.resolve("test-results", `vitest-${process.pid}.log`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, "");
  process.env.LOG_FILE = file;

  return async () => {
    // Imported here, not above: the app's modules read the environment when first imported, and
    // global-setup.ts sets it up first.
    const { assertNoSecrets, runSecrets } = await import("./log-secrets");
    const urls = (process.env.TEST_WORKER_DATABASE_URLS ?? "").split(" ").filter(Boolean);
    assertNoSecrets([file], await runSecrets(urls), "The vitest run");
    fs.rmSync(file, { force: true });
  };
}
