import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// The encryption of personal fields at rest (AES-256-GCM with DATA_ENCRYPTION_KEY) and where its
// key comes from, in the data layer so that a migration encrypts what is already stored (037, the
// health details) with the very function and key the app writes with: app/utils/crypto.server.ts's
// encrypt and decrypt are these with the key app/utils/env.server.ts reads through resolveSecret.

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

/**
 * A secret's value: as set, else (outside production, or with ALLOW_LOCAL_SECRETS) the local
 * file's. A misconfigured production server refuses to start rather than run with a guessable secret.
 */
export function resolveSecret(
  name: "SESSION_SECRET" | "DATA_ENCRYPTION_KEY",
  value: string | undefined,
  { isProduction, allowLocalSecrets }: { isProduction: boolean; allowLocalSecrets: boolean },
): string {
  if (value) return value;
  if (isProduction && !allowLocalSecrets) throw new Error(`${name} must be set in production`);
  return localSecret(name);
}

/** DATA_ENCRYPTION_KEY's 32 bytes, from 64 hex characters or base64. */
export function decodeDataEncryptionKey(raw: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (key.length !== 32) throw new Error("DATA_ENCRYPTION_KEY must be 32 bytes (64 hex characters, or base64)");
  return key;
}

/**
 * The key from the environment as the app reads it, for a migration (which runs before, and
 * without, the app's own environment parsing).
 */
export function dataEncryptionKeyFromEnvironment(): Buffer {
  const set = (name: string) => process.env[name] || undefined;
  return decodeDataEncryptionKey(
    resolveSecret("DATA_ENCRYPTION_KEY", set("DATA_ENCRYPTION_KEY"), {
      isProduction: set("NODE_ENV") === "production",
      allowLocalSecrets: set("ALLOW_LOCAL_SECRETS") === "1",
    }),
  );
}

/** AES-256-GCM; the output carries a version so the key can be rotated later. */
export function encryptField(key: Buffer, plaintext: string) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64"), cipher.getAuthTag().toString("base64"), body.toString("base64")].join(":");
}

export function decryptField(key: Buffer, payload: string) {
  const [version, iv, tag, body] = payload.split(":");
  if (version !== "v1" || !iv || !tag || !body) throw new Error("Unreadable encrypted value");
  const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64"));
  decipher.setAuthTag(Buffer.from(tag, "base64"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64")), decipher.final()]).toString("utf8");
}

/** encryptField's output: "v1", a 12-byte IV, a 16-byte tag and the body, base64, joined by colons. */
export const ENCRYPTED_FIELD_FORMAT = /^v1:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]{22}==:[A-Za-z0-9+/]*={0,2}$/;
