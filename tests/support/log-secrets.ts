import fs from "node:fs";
import pg from "pg";
import sqlite3 from "sqlite3";
import { DEMO_PASSWORDS } from "../../prisma-free-db/seed/demo";
import { decrypt } from "../../app/utils/crypto.server";
import { TEST_PASSWORD } from "./factories";

/**
 * What a test run's log must never hold (decision 050): the personal numbers the run stored (every
 * encrypted column, decrypted: SSNs, card, routing and account numbers, temporary passwords, TOTP
 * secrets) and the passwords the seed and the fixtures sign in with. Read after the run by the vitest and Playwright
 * teardowns (tests/support/log-check.ts, tests/e2e/log-check.teardown.ts), which fail on any hit.
 */

// Passwords the specs type besides the fixtures' (tests/e2e/auth.spec.ts, sign-in-hardening.spec.ts).
const TYPED_PASSWORDS = ["secret123"];

// Shorter values (a CVV, a last four) would be found in any count or duration.
const MIN_LENGTH = 6;

export function knownPasswords() {
  return [DEMO_PASSWORDS.admin, DEMO_PASSWORDS.agent, TEST_PASSWORD, ...TYPED_PASSWORDS];
}

async function encryptedValues(databaseUrl: string): Promise<string[]> {
  // Two-factor credentials: every TOTP secret (decision 079).
  const tables = ["applications", "agents", "two_factor_credentials"];
  let rows: Record<string, unknown>[] = [];
  if (/^postgres(ql)?:/.test(databaseUrl)) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const table of tables) rows = rows.concat((await client.query(`SELECT * FROM ${table}`)).rows);
    } finally {
      await client.end();
    }
  } else {
    const file = databaseUrl.replace(/^(sqlite|file):(\/\/)?/, "");
    if (!fs.existsSync(file)) return [];
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY);
    try {
      for (const table of tables) {
        rows = rows.concat(
          await new Promise<Record<string, unknown>[]>((resolve, reject) =>
            db.all(`SELECT * FROM ${table}`, (error, result) => (error ? reject(error) : resolve(result as never))),
          ),
        );
      }
    } finally {
      await new Promise((resolve) => db.close(resolve));
    }
  }
  return rows.flatMap((row) =>
    Object.entries(row)
      .filter(([column, value]) => /encrypted$/i.test(column) && typeof value === "string" && value)
      .flatMap(([, value]) => readable(value as string)),
  );
}

/** A stored value decrypted; none for one a test stored unreadable on purpose (the refusal's tests). */
function readable(value: string): string[] {
  try {
    return [decrypt(value)];
  } catch {
    return [];
  }
}

/** Every secret of the run: the stored personal numbers of these databases and the known passwords. */
export async function runSecrets(databaseUrls: string[]): Promise<string[]> {
  const stored = (await Promise.all(databaseUrls.map(encryptedValues))).flat();
  return [...new Set([...stored, ...knownPasswords()])].filter((value) => value.length >= MIN_LENGTH);
}

// A number as a log could write it: digits, maybe grouped by single spaces or dashes
// ("123-45-6789", "4111 1111 1111 1111"), standing alone: not inside a word, a UUID or a date,
// whose digit runs would otherwise now and then spell one of thousands of stored numbers.
const NUMBER = /(?<![\w-])\d(?:[ -]?\d)*(?![\w-])/g;

/**
 * Each hit as "file:line: a value of N characters ending …12", never the value itself. A number
 * (an SSN, a card) is found however it is grouped, looked up by its digits in a set; anything else
 * (a password) as it is.
 */
export function secretHits(files: string[], secrets: string[]): string[] {
  const isNumber = (s: string) => /^[\d -]+$/.test(s);
  const numbers = new Set(secrets.filter(isNumber).map((s) => s.replace(/\D/g, "")));
  const words = secrets.filter((s) => !isNumber(s));
  const hits: string[] = [];
  for (const file of files) {
    if (!fs.existsSync(file)) continue;
    fs.readFileSync(file, "utf8")
      .split("\n")
      .forEach((line, index) => {
        const found = new Set<string>();
        for (const number of line.match(NUMBER) ?? []) {
          const digits = number.replace(/\D/g, "");
          if (numbers.has(digits)) found.add(digits);
        }
        for (const word of words) if (line.includes(word)) found.add(word);
        for (const secret of found)
          hits.push(`${file}:${index + 1}: a value of ${secret.length} characters ending …${secret.slice(-2)}`);
      });
  }
  return hits;
}

/** Throws, naming each hit, when a log holds a secret. */
export function assertNoSecrets(files: string[], secrets: string[], what: string) {
  const hits = secretHits(files, secrets);
  if (hits.length) {
    throw new Error(
      `${what}: the log holds ${hits.length} secret value(s) (a password, SSN, card or bank number). ` +
        `Log ids and counts, never a body or a field's value:\n${hits.slice(0, 20).join("\n")}`,
    );
  }
}
