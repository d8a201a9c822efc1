import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";

/**
 * Every test run gets a database of its own, migrated from scratch: a fresh SQLite file, or,
 * when TEST_DATABASE_URL points at a Postgres server, a fresh database created on it. Runs can
 * therefore happen side by side, and nothing is mocked.
 */
export default async function setup() {
  const suffix = `${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const base = process.env.TEST_DATABASE_URL;
  let url: string;
  let cleanup: () => Promise<void>;

  if (base && /^postgres(ql)?:\/\//.test(base)) {
    const pg = await import("pg");
    const admin = new pg.default.Client({ connectionString: base });
    await admin.connect();
    const name = `crm_test_${suffix}`;
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const parsed = new URL(base);
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    cleanup = async () => {
      const client = new pg.default.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const file = path.resolve("data", `test-${suffix}.sqlite`);
    url = `sqlite:${file}`;
    cleanup = async () => {
      for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    };
  }

  process.env.DATABASE_URL = url;
  process.env.NODE_ENV = "test";
  process.env.SCRYPT_LOG_N = process.env.SCRYPT_LOG_N ?? "10";
  const db = await import("../../prisma-free-db/index");
  await db.migrate();
  const { ensureCatalog } = await import("../../prisma-free-db/seed/catalog");
  await ensureCatalog();
  await db.closeDatabase();

  return async () => {
    await cleanup();
  };
}
