import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";

// Parsed once at start-up; a misconfigured production server refuses to start rather than run
// with a guessable secret.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  SESSION_SECRET: z.string().min(16).optional(),
  DATA_ENCRYPTION_KEY: z.string().optional(),
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  ALLOW_INSECURE_COOKIES: z.enum(["0", "1"]).default("0"),
  // The local demo runs the production build on a laptop: it may use the generated dev secrets.
  ALLOW_LOCAL_SECRETS: z.enum(["0", "1"]).default("0"),
});

const parsed = schema.parse(process.env);

/** Development and test secrets are generated once into a git-ignored file. */
function localSecret(name: string) {
  const file = path.resolve("data", ".local-secrets.json");
  let secrets: Record<string, string> = {};
  try {
    secrets = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    secrets = {};
  }
  if (!secrets[name]) {
    secrets[name] = crypto.randomBytes(32).toString("base64");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}

const isProduction = parsed.NODE_ENV === "production";

function required(name: "SESSION_SECRET" | "DATA_ENCRYPTION_KEY") {
  const value = parsed[name];
  if (value) return value;
  if (isProduction && parsed.ALLOW_LOCAL_SECRETS !== "1") throw new Error(`${name} must be set in production`);
  return localSecret(name);
}

export const env = {
  isProduction,
  sessionSecret: required("SESSION_SECRET"),
  dataEncryptionKey: required("DATA_ENCRYPTION_KEY"),
  scryptLogN: parsed.SCRYPT_LOG_N,
  // Secure cookies need HTTPS; the CI production check runs on plain http://localhost.
  secureCookies: isProduction && parsed.ALLOW_INSECURE_COOKIES !== "1",
};
