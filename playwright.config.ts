import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3210);
const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

// Debian's Chromium (Playwright cannot download a browser here). Every spec runs twice: with
// JavaScript and without, because every page and form must work both ways. Each project comes
// from its own address so the per-address rate limits of one do not spill into the other.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: {
      executablePath: chromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage"],
    },
    trace: "off",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true, extraHTTPHeaders: { "X-Forwarded-For": "10.20.0.1" } } },
    {
      name: "no-js",
      // Tests tagged @js-only exercise browser-side features (drafts in local storage).
      grepInvert: /@js-only/,
      use: { javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": "10.20.0.2" } },
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
