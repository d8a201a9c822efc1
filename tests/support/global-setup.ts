import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { TEST_WORKERS } from "./test-workers";

/**
 * Every test run gets databases of its own, migrated from scratch: fresh SQLite files, or, when
 * TEST_DATABASE_URL points at a Postgres server, fresh databases created on it. Runs can therefore
 * happen side by side, and nothing is mocked.
 *
 * Test files run in TEST_WORKERS parallel workers, one file at a time each, and each worker has a
 * database of its own (tests/support/worker-database.ts picks it): a file shares its database only
 * with the files that ran before it in the same worker, as it did when the whole run shared one.
 * One database is migrated and the others are copies of it (a copied file; a Postgres database
 * created from it as a template), so migrating costs the same for any number of workers.
 */
export default async function setup() {
  const suffix = `${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const base = process.env.TEST_DATABASE_URL;
  const postgres = Boolean(base && /^postgres(ql)?:\/\//.test(base));
  const names = Array.from({ length: TEST_WORKERS }, (_, i) => `crm_test_${suffix}_${i + 1}`);
  let urls: string[];
  let copyFirst: () => Promise<void>;
  let cleanup: () => Promise<void>;

  if (postgres) {
    const pg = await import("pg");
    const admin = async (statements: string[]) => {
      const client = new pg.default.Client({ connectionString: base });
      await client.connect();
      try {
        for (const sql of statements) await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await admin([`CREATE DATABASE ${names[0]}`]);
    urls = names.map((name) => {
      const parsed = new URL(base!);
      parsed.pathname = `/${name}`;
      return parsed.toString();
    });
    copyFirst = () => admin(names.slice(1).map((name) => `CREATE DATABASE ${name} TEMPLATE ${names[0]}`));
    cleanup = () => admin(names.map((name) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  } else {
    const files = names.map((name) => path.resolve("data", `${name.replace("crm_test_", "test-")}.sqlite`));
    urls = files.map((file) => `sqlite:${file}`);
    copyFirst = async () => {
      // The write-ahead log too, if any is left: a copy of the main file alone would miss whatever
      // the log still holds (a worker's database without tables, "no such table: users").
      const wal = `${files[0]}-wal`;
      for (const file of files.slice(1)) {
        fs.copyFileSync(files[0]!, file);
        if (fs.existsSync(wal) && fs.statSync(wal).size > 0) fs.copyFileSync(wal, `${file}-wal`);
      }
    };
    cleanup = async () => {
      for (const file of files) for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    };
  }

  process.env.DATABASE_URL = urls[0];
  process.env.NODE_ENV = "test";
  process.env.SCRYPT_LOG_N = process.env.SCRYPT_LOG_N ?? "10";
  const db = await import("../../prisma-free-db/index");
  await db.migrate();
  const { ensureCatalog } = await import("../../prisma-free-db/seed/catalog");
  await ensureCatalog();
  // Closed first: SQLite folds its write-ahead log into the file, and Postgres copies only a
  // database nobody is connected to. On SQLite the log is folded in explicitly as well: its
  // automatic checkpoint runs only every 10,000 pages (decision 067), so the migrations' pages
  // wait in the log, and a close that leaves it (another connection still open) must not leave the
  // copies empty.
  if (!postgres) await db.sequelize.query("PRAGMA wal_checkpoint(TRUNCATE)");
  await db.closeDatabase();
  await copyFirst();
  process.env.TEST_WORKER_DATABASE_URLS = urls.join(" ");

  return async () => {
    await cleanup();
  };
}
