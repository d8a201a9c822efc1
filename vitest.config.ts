import fs from "node:fs";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { TEST_WORKERS } from "./tests/support/test-workers";

/**
 * On Postgres (TEST_DATABASE_URL) only the tests that reach a database run: tests/api, and any
 * tests/unit file that imports the data layer, the factories or a driver. The pure unit tests
 * answer the same on any database and have run on SQLite already (docs/decisions/052).
 */
const POSTGRES = /^postgres(ql)?:\/\//.test(process.env.TEST_DATABASE_URL ?? "");
const DATA_LAYER_IMPORT =
  /^\s*(?:import|export)\b[^;]*?\bfrom\s+["'](?:~db|[^"']*prisma-free-db[^"']*|[^"']*support\/[\w-]*factories|sequelize|pg)["']|\bimport\(\s*["'](?:~db|[^"']*prisma-free-db[^"']*|sequelize|pg)["']/m;

function unitTestsTouchingTheDatabase() {
  return fs
    .readdirSync("tests/unit")
    .filter((name) => /\.test\.tsx?$/.test(name))
    .map((name) => `tests/unit/${name}`)
    .filter((file) => DATA_LAYER_IMPORT.test(fs.readFileSync(file, "utf8")));
}

// Test files run in parallel workers, each on a database of its own and one file at a time
// (tests/support/global-setup.ts).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: POSTGRES
      ? ["tests/api/**/*.test.ts", ...unitTestsTouchingTheDatabase()]
      : ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
    environment: "node",
    // log-check.ts after global-setup.ts: its teardown (the log searched for secrets) runs first.
    globalSetup: ["tests/support/global-setup.ts", "tests/support/log-check.ts"],
    // Console output of the code under test joins the run's log, searched like the logger's lines.
    onConsoleLog: (log) => {
      if (process.env.LOG_FILE) fs.appendFileSync(process.env.LOG_FILE, log);
    },
    setupFiles: ["tests/support/worker-database.ts"],
    pool: "forks",
    // A worker's files share its modules: the app is loaded once per worker, not once per file,
    // which was most of the run's time (collect 261 of 449 s on a busy machine; 22 of 147 without
    // it). A test watches a function with vi.spyOn on an object and restores it, never vi.mock,
    // which would miss a module an earlier file of the worker loaded (docs/decisions/052).
    isolate: false,
    maxWorkers: TEST_WORKERS,
    minWorkers: TEST_WORKERS,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
