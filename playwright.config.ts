import fs from "node:fs";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3210);
// Debian's headless shell when it is installed (the same Chromium without the desktop browser
// around it: the suite runs about a third faster, docs/decisions/039), else Debian's chromium.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");
const databaseFile = path.resolve("data", `e2e-${port}.sqlite`);
// Chromium keeps its shared memory in /dev/shm, which a container may cap at 64 MB; there it must
// use files in /tmp instead (--disable-dev-shm-usage), which on a machine with a real /dev/shm only
// puts the renderers' frames and messages on disk.
const SMALL_SHM = 512 * 1024 * 1024;
const shmIsSmall = (() => {
  try {
    const { bsize, blocks } = fs.statfsSync("/dev/shm");
    return bsize * blocks < SMALL_SHM;
  } catch {
    return true;
  }
})();

// The server and the test workers share one SQLite file (WAL mode with a busy timeout, so both
// may write) and one session secret: fixtures write each test's users and rows straight into the
// server's database and sign the session cookie the server reads. Set here, before any spec
// imports the database layer; the web server inherits them.
process.env.E2E_DATABASE_FILE = databaseFile;
process.env.DATABASE_URL = `sqlite:${databaseFile}`;
process.env.SESSION_SECRET ||= "e2e-session-secret-not-for-production";
process.env.DATA_ENCRYPTION_KEY ||= "0".repeat(64);
// The server verifies a password with the cost stored in its hash; fixtures hash cheaply.
process.env.SCRYPT_LOG_N = "10";

// Debian's Chromium (Playwright cannot download a browser here). Every page and form must work
// with JavaScript and without: every test runs with JavaScript, and the tests whose title says @no-js
// run without it too, those where a browser without script behaves otherwise (forms, posts, navigation;
// a flow checked at two widths runs without JavaScript at the phone's). Pages are checked without
// JavaScript where their markup differs (tests/e2e/no-js-copy.ts): docs/decisions/052. Tests make
// their own data and use a client address of their own (tests/e2e/fixtures.ts), so they run in
// parallel.
export default defineConfig({
  testDir: "tests/e2e",
  // Playwright empties its output folder when a run starts; one per port keeps side-by-side runs apart.
  outputDir: path.join("test-results", `e2e-${port}`),
  // The server's log searched for the run's passwords and personal numbers (decision 050).
  globalTeardown: "./tests/e2e/log-check.teardown.ts",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // What the user would see, waited for up to 10 s (Playwright's default is 5): CI's machine has
  // run this suite at half this one's speed, and stop 36 lost two tests that waited 5 s for a
  // page after a post while everything else passed. A real failure still fails, 5 s later.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        ...(shmIsSmall ? ["--disable-dev-shm-usage"] : []),
      ],
    },
    trace: "off",
  },
  projects: [
    {
      name: "js",
      // Tests tagged @no-js-only check what the server answers where the browser's script would
      // have stopped the user first (a sale with no product chosen).
      grepInvert: /@no-js-only/,
      use: { javaScriptEnabled: true },
    },
    {
      name: "no-js",
      // Tests whose title says @no-js (or @no-js-only).
      grep: /@no-js/,
      use: { javaScriptEnabled: false },
    },
  ],
  webServer: {
    command: "node --import tsx scripts/e2e-server.ts",
    url: `http://localhost:${port}/healthcheck`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
