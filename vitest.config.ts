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
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/worker-database.ts"],
    pool: "forks",
    maxWorkers: TEST_WORKERS,
    minWorkers: TEST_WORKERS,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
