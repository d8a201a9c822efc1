import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Service and API tests share one database per run, so files run one after another.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/support/global-setup.ts"],
    fileParallelism: false,
    testTimeout: 20000,
    hookTimeout: 60000,
  },
});
