import fs from "node:fs";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { TEST_WORKERS } from "./tests/support/test-workers";

// Test files run in parallel workers, each on a database of its own and one file at a time
// (tests/support/global-setup.ts).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
    environment: "node",
    // log-check.ts after global-setup.ts: its teardown (the log searched for secrets) runs first.
    globalSetup: ["tests/support/global-setup.ts", "tests/support/log-check.ts"],
    // Console output of the code under test joins the run's log, searched like the logger's lines.
    onConsoleLog: (log) => {
      if (process.env.LOG_FILE) fs.appendFileSync(process.env.LOG_FILE, log);
    },
    setupFiles: ["tests/support/worker-database.ts"],
    pool: "forks",
    maxWorkers: TEST_WORKERS,
    minWorkers: TEST_WORKERS,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
