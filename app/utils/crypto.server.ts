import crypto from "node:crypto";
import { decryptField, encryptField } from "~db/field-encryption";
import { env } from "./env.server";
import { scryptInWorker as scrypt } from "./scrypt-worker.server";

const KEY_LENGTH = 64;

/**
 * scrypt with OWASP's parameters (N=2^17, r=8, p=1); the cost is stored with the hash. Hashing runs
 * in one low-priority worker thread, one password at a time, so sign-ins do not stall other requests.
 */
export async function hashPassword(password: string) {
  const N = 2 ** env.scryptLogN;
  const r = 8;
  const p = 1;
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r });
  return ["scrypt", N, r, p, salt.toString("base64"), hash.toString("base64")].join("$");
}

async function verifyPassword(password: string, stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const N = Number(n);
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r),
  });
  return crypto.timingSafeEqual(actual, expected);
}

/**
 * The password check, called through this object rather than imported alone, so a test can watch
 * or slow it with vi.spyOn: the test files of a vitest worker share their modules (isolate: false
 * in vitest.config.ts), where a module mock would miss a module another file loaded first.
 */
export const passwords = { verify: verifyPassword };

export function randomToken(bytes = 32) {
  return crypto.randomBytes(bytes).toString("base64url");
}

export function sha256(value: string) {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** A readable temporary password: no look-alike characters, 12 of them. */
export function temporaryPassword() {
  const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789";
  const bytes = crypto.randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/**
 * AES-256-GCM with DATA_ENCRYPTION_KEY; the output carries a version so the key can be rotated
 * later. The format lives in the data layer (prisma-free-db/field-encryption.ts), whose migrations
 * encrypt stored values with it too.
 */
export function encrypt(plaintext: string) {
  return encryptField(env.dataEncryptionKey, plaintext);
}

export function decrypt(payload: string) {
  return decryptField(env.dataEncryptionKey, payload);
}
