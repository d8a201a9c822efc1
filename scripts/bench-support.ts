// What the benchmarks share: their command line, a throwaway Postgres database, and for those that
// start the production build (bench-server, bench-pages, bench-intake) the build's folder, the
// server's environment, seeding the demo data, starting and stopping the server the way
// `npm start` does, the demo sign-ins and the median. Everything talks to 127.0.0.1 only.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { generateTOTP } from "@epic-web/totp";
import pg from "pg";

/** The script's arguments: `--name value` options with a fallback, and bare `--name` flags. */
export function commandLine(args = process.argv.slice(2)) {
  return {
    args,
    flag: (name: string) => args.includes(`--${name}`),
    option(name: string, fallback: string) {
      const index = args.indexOf(`--${name}`);
      return index >= 0 && args[index + 1] ? args[index + 1]! : fallback;
    },
  };
}

/** The server at `adminUrl` (its maintenance database), one statement on a connection of its own. */
async function onPostgresServer(adminUrl: string, statements: string[]) {
  const client = new pg.Client(adminUrl);
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Creates the database `name` (dropped first with `replace`) on that server and answers its URL. */
export async function createPostgresDatabase(adminUrl: string, name: string, { replace = false } = {}) {
  await onPostgresServer(adminUrl, [
    ...(replace ? [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`] : []),
    `CREATE DATABASE "${name}"`,
  ]);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops the database `name`, whoever is still connected to it. */
export async function dropPostgresDatabase(adminUrl: string, name: string) {
  await onPostgresServer(adminUrl, [`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`]);
}

/** BUILD_DIR (default `build`), or the process ends with what to run: the benchmarks build nothing. */
export function productionBuildDir() {
  const buildDir = path.resolve(process.env.BUILD_DIR || "build");
  if (!fs.existsSync(path.join(buildDir, "server/index.js"))) {
    console.error(`No production build in ${buildDir}: run \`npm run build\` first.`);
    process.exit(1);
  }
  return buildDir;
}

/** The production server's environment on a throwaway database, with fixed local secrets. */
export function serverEnv(databaseUrl: string, port: number, buildDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    BUILD_DIR: buildDir,
    SESSION_SECRET: "bench-session-secret-not-for-production",
    DATA_ENCRYPTION_KEY: "0".repeat(64),
    ALLOW_INSECURE_COOKIES: "1",
  };
  delete env.SCRYPT_LOG_N; // the demo passwords are hashed at the production cost
  return env;
}

export function run(command: string, commandArgs: string[], env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, commandArgs, { env, stdio: ["ignore", "ignore", "inherit"] });
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${commandArgs.join(" ")} exited ${code}`))));
  });
}

/** Migrates the database in `env` and fills it with the demo data (prisma-free-db/seed/demo.ts). */
export function seedDemo(env: NodeJS.ProcessEnv) {
  return run(process.execPath, ["--import", "tsx", "prisma-free-db/cli/seed.ts", "--force"], env);
}

/**
 * `npm start` in a process group of its own (npm wraps node), so stopServer ends both. Returned
 * before it listens, so a caller can stop it even if waitForServer fails.
 */
export function startServer(env: NodeJS.ProcessEnv) {
  return spawn("npm", ["start", "--silent"], { env, stdio: ["ignore", "ignore", "inherit"], detached: true });
}

export async function waitForServer(child: ChildProcess, base: string) {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthcheck`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not answer /healthcheck within 60 s");
}

/** Something already answers on `base`: a server left from another run would be measured instead. */
export async function refuseIfListening(base: string) {
  const answered = await fetch(`${base}/healthcheck`).then(
    () => true,
    () => false,
  );
  if (answered) throw new Error(`Something already listens at ${base}: stop it or choose another --port`);
}

/**
 * SIGTERM to the server's process group, then waits until every process in it has ended (the
 * server finishes its requests and closes the database first), SIGKILL after 15 s, so the port
 * is free when this returns.
 */
export async function stopServer(server: ChildProcess | null) {
  if (!server?.pid) return;
  const alive = () => {
    try {
      process.kill(-server.pid!, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(-server.pid, "SIGTERM");
  for (const until = Date.now() + 15_000; alive();) {
    if (Date.now() > until) {
      process.kill(-server.pid, "SIGKILL");
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs in through the API and answers the session cookie as `name=value`. */
// The demo admin's TOTP secret (DEMO_ADMIN_TOTP_SECRET of prisma-free-db/seed/demo.ts, in the
// README): written again here because importing the seed module opens a database connection.
const DEMO_ADMIN_TOTP_SECRET = "KRSXG5CTMVRXEZLUKN2XAZLSKNSWG4TF";

const postJson = (url: string, json: unknown) =>
  fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(json) });

/**
 * Signs a demo user in through the API; the admin's second factor (decision 079) with the current
 * code, so an admin signs in once per 30-second step (a code is never accepted twice).
 */
export async function signIn(base: string, email: string, password: string) {
  let response = await postJson(`${base}/api/auth/login`, { email, password });
  let body = await response.text();
  if (response.status === 200 && JSON.parse(body).requireTwoFactor) {
    const { otp } = await generateTOTP({ secret: DEMO_ADMIN_TOTP_SECRET });
    response = await postJson(`${base}/api/auth/verify-two-factor`, {
      challenge: JSON.parse(body).challenge,
      code: otp,
    });
    body = await response.text();
  }
  if (response.status !== 200) throw new Error(`Sign-in as ${email} answered ${response.status}: ${body}`);
  const cookie = response.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`Sign-in as ${email} set no cookie`);
  return cookie;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
