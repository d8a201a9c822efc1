import path from "node:path";
import { assertNoSecrets, runSecrets } from "../support/log-secrets";

/**
 * Playwright's global teardown: the e2e server's log (scripts/e2e-server.ts writes it to
 * test-results/server-<port>.log) is searched for every personal number stored in the server's
 * database during the run (the demo seed's and the specs') and every fixture password; any hit
 * fails the run (decision 050). It runs before the web server is stopped.
 */
export default async function logCheck() {
  const port = process.env.E2E_PORT || "3210";
  const file = path.resolve("test-results", `server-${port}.log`);
  assertNoSecrets([file], await runSecrets([process.env.DATABASE_URL!]), "The e2e server");
}
