import { z } from "zod";
import { databaseUrlSchema, loadLocalEnvFile } from "~db/database-url";
import { decodeDataEncryptionKey, resolveSecret } from "~db/field-encryption";

// The one place that reads the environment (`.env.example` lists every variable). Parsed once
// when first imported, so a mistyped value stops the process at start-up with the variable's name.
// The secrets are checked when first used instead: `npm run db:migrate` (Fly's release command)
// needs only DATABASE_URL, and the server calls `assertSecrets()` before it takes traffic.

// A local `.env` is a convenience for development (loaded once, with the data layer's DATABASE_URL).
loadLocalEnvFile();

const flag = z.enum(["0", "1"]).default("0");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  // The data layer reads it too, with this same schema (prisma-free-db/database-url.ts).
  DATABASE_URL: databaseUrlSchema,
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Where `npm start` finds the production build; BUILD_DIR at build time decides where it goes.
  BUILD_DIR: z.string().default("build"),
  TRUST_PROXY: flag,
  // Set by Fly.io on its machines: only there is the Fly-Client-IP header trustworthy.
  FLY_APP_NAME: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  DATA_ENCRYPTION_KEY: z.string().optional(),
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  ALLOW_INSECURE_COOKIES: flag,
  // The local demo runs the production build on a laptop: it may use the generated dev secrets.
  ALLOW_LOCAL_SECRETS: flag,
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  // The log appended to a file instead of stdout: the test runs read it afterwards for secrets.
  LOG_FILE: z.string().optional(),
  // How long a stopping server (SIGTERM, SIGINT) waits for the requests in flight (server/shutdown.ts).
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
  // 0 keeps this process from firing the job schedules (the e2e server: its data changes only when a
  // test changes it); its workers still run the jobs enqueued.
  JOB_SCHEDULES: z.enum(["0", "1"]).default("1"),
});

function parseEnvironment() {
  // An empty value (`PORT=` copied from .env.example) means "not set", so the default applies.
  const present = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new Error(`Invalid environment variables:\n${problems.join("\n")}`);
}

const parsed = parseEnvironment();
const isProduction = parsed.NODE_ENV === "production";

/** A misconfigured production server refuses to start rather than run with a guessable secret. */
function secretValue(name: "SESSION_SECRET" | "DATA_ENCRYPTION_KEY") {
  return resolveSecret(name, parsed[name], { isProduction, allowLocalSecrets: parsed.ALLOW_LOCAL_SECRETS === "1" });
}

let sessionSecret: string | undefined;
let dataEncryptionKey: Buffer | undefined;

function readSessionSecret() {
  if (sessionSecret) return sessionSecret;
  const value = secretValue("SESSION_SECRET");
  if (value.length < 16) throw new Error("SESSION_SECRET must be at least 16 characters");
  return (sessionSecret = value);
}

/** Decoded once: every flash message and every sensitive field goes through it. */
function readDataEncryptionKey() {
  if (dataEncryptionKey) return dataEncryptionKey;
  return (dataEncryptionKey = decodeDataEncryptionKey(secretValue("DATA_ENCRYPTION_KEY")));
}

/** Called by the server at start-up, so a missing or malformed secret fails before any request. */
export function assertSecrets() {
  readSessionSecret();
  readDataEncryptionKey();
}

export const env = {
  isProduction,
  databaseUrl: parsed.DATABASE_URL,
  port: parsed.PORT,
  buildDir: parsed.BUILD_DIR,
  trustProxy: parsed.TRUST_PROXY === "1",
  onFly: Boolean(parsed.FLY_APP_NAME),
  scryptLogN: parsed.SCRYPT_LOG_N,
  logLevel: parsed.LOG_LEVEL,
  logFile: parsed.LOG_FILE,
  shutdownTimeoutMs: parsed.SHUTDOWN_TIMEOUT_MS,
  jobSchedules: parsed.JOB_SCHEDULES === "1",
  // Secure cookies need HTTPS; the CI production check runs on plain http://localhost.
  secureCookies: isProduction && parsed.ALLOW_INSECURE_COOKIES !== "1",
  get sessionSecret() {
    return readSessionSecret();
  },
  /** The AES-256-GCM key, 32 bytes. */
  get dataEncryptionKey() {
    return readDataEncryptionKey();
  },
};
