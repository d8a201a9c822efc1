import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// The server the Playwright suite drives: the production build on a fresh SQLite database,
// migrated and seeded with the demo data, on E2E_PORT. playwright.config.ts names the file, since
// the test workers write their fixtures into the same database.
const port = process.env.E2E_PORT || "3210";
const file = path.resolve(process.env.E2E_DATABASE_FILE || path.join("data", `e2e-${port}.sqlite`));
for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: `sqlite:${file}`,
  NODE_ENV: "production" as const,
  PORT: port,
  SESSION_SECRET: process.env.SESSION_SECRET || "e2e-session-secret-not-for-production",
  DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY || "0".repeat(64),
  ALLOW_INSECURE_COOKIES: "1",
  TRUST_PROXY: "1",
  SCRYPT_LOG_N: "12",
  // No schedule fires here: the data changes only when a test changes it, and a retried job still
  // runs (docs/decisions/049).
  JOB_SCHEDULES: "0",
};

function run(args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", ...args], { env, stdio: "inherit" });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

await run(["prisma-free-db/cli/seed.ts", "--force"]);
// The server's log (its stdout, and its stderr, which Playwright also shows) goes to a file that the
// suite's teardown searches for the run's passwords and personal numbers (tests/e2e/log-check.teardown.ts).
const logFile = path.resolve("test-results", `server-${port}.log`);
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const log = fs.createWriteStream(logFile);
const server = spawn(process.execPath, ["--import", "tsx", "server/start.ts"], {
  env,
  stdio: ["ignore", "pipe", "pipe"],
});
server.stdout.pipe(log);
server.stderr.on("data", (chunk: Buffer) => {
  log.write(chunk);
  process.stderr.write(chunk);
});
const stop = () => server.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 0));
