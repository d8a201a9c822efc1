import type { KnipConfig } from "knip";

// Unused files, exports, types and dependencies (`npm run lint` runs knip twice):
// - `knip` counts every use, tests included: a file, export or package nothing uses is reported;
// - `knip --production` counts only the code that runs in production: an export only a test
//   imports is reported, unless its comment says `@internal` (a unit its test reads on purpose).
//
// Knip's plugins find most entries by themselves: the Remix routes (app/routes/**, flat routes:
// every file there is a route), app/root.tsx and the entry files (Remix plugin), vite/vitest/
// playwright/eslint/prettier configs, the test files and their setup (vitest, playwright), and the
// files the package.json scripts run. Marked `!`, the ones production runs.
const config: KnipConfig = {
  entry: [
    // The production server and the CLI that `npm run build` bundles (scripts/build-server.mjs).
    // Knip finds server/start.ts through `npm run dev` too, but only as a development entry: without
    // this one `knip --production` reports the whole server/ unused. A glob, not the file's path,
    // because knip's "redundant entry" hint compares the exact path and overlooks the `!`.
    "server/start.*!",
    "prisma-free-db/cli/*.ts!",
    // Benchmarks, the e2e server and the build helpers, run by hand, npm scripts or Playwright.
    "scripts/*.{ts,mjs}!",
    // Processes the tests fork (child_process.fork with a path, which knip cannot follow).
    "tests/support/shutdown-server.ts",
    "tests/support/job-worker-child.ts",
  ],
  // Everything is project code; in production mode, not the tests nor the tool configs at the root.
  project: ["**/*.{ts,tsx,js,mjs,css}!", "!*.{js,mjs,ts}!", "!tests/**!"],
  // Run by `postinstall` (decision 084), which `knip --production` does not read as production.
  ignoreDependencies: ["patch-package"],
};

export default config;
