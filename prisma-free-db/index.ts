import path from "node:path";
import fs from "node:fs";
import pg from "pg";
import { Sequelize, Transaction } from "sequelize";
import sqlite3 from "sqlite3";
import { initModels } from "./models";
import { migrateDatabase, migratorFor } from "./migrator";
import { env } from "../app/utils/env.server";

export * from "./models";

export function isPostgresUrl(url: string) {
  return url.startsWith("postgres://") || url.startsWith("postgresql://");
}

// pg returns int8 (the BIGINT money columns, COUNT(*)) as strings because not every int8 fits a
// JS number. Ours are cents far below 2^53, so they are read as numbers; one that is not fails
// loudly instead of losing digits.
function parseSafeInteger(text: string) {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`${text} is too large to read as an exact number`);
  return value;
}

/**
 * Sequelize opens a new SQLite connection for every transaction and runs no afterConnect hook on
 * SQLite, so each connection is configured as it opens. The busy timeout makes a second writer
 * wait for the first instead of failing after 1 s; WAL lets readers go on during a write. WAL is
 * a property of the file: if another connection holds it at this instant, a later one sets it.
 * Sequelize itself turns foreign keys on for every connection.
 */
class ConfiguredSqliteDatabase extends sqlite3.Database {
  constructor(filename: string, mode: number, callback?: (err: Error | null) => void) {
    super(filename, mode, callback);
    this.configure("busyTimeout", 5000);
    this.exec("PRAGMA journal_mode=WAL", () => {});
  }
}

export function createSequelize(url: string) {
  if (isPostgresUrl(url)) {
    pg.types.setTypeParser(pg.types.builtins.INT8, parseSafeInteger);
    return new Sequelize(url, {
      dialect: "postgres",
      dialectModule: pg,
      logging: false,
      pool: { max: 10, idle: 10_000 },
    });
  }
  const storage = url.replace(/^(sqlite|file):(\/\/)?/, "");
  if (storage !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(storage)), { recursive: true });
  return new Sequelize({
    dialect: "sqlite",
    dialectModule: { ...sqlite3, Database: ConfiguredSqliteDatabase },
    storage,
    logging: false,
    // A deferred transaction that reads, then writes after another connection has written, fails
    // at once with SQLITE_BUSY whatever the busy timeout; IMMEDIATE takes the write lock at BEGIN,
    // so it waits its turn instead.
    transactionType: Transaction.TYPES.IMMEDIATE,
  });
}

export const sequelize = createSequelize(env.databaseUrl);
initModels(sequelize);

export const isPostgres = sequelize.getDialect() === "postgres";

export function migrator() {
  return migratorFor(sequelize);
}

export async function migrate() {
  return migrateDatabase(sequelize);
}

/**
 * Fresh planner statistics after a bulk load, on either database: without them a commission sum
 * walks every sale (29.7 ms against 1.0 ms at 100,000 leads).
 */
export async function analyzeDatabase() {
  await sequelize.query("ANALYZE");
}

/**
 * Run at start on SQLite (Postgres's autovacuum keeps its own statistics): `PRAGMA optimize`
 * refreshes statistics that have gone stale. The sqlite3 package bundles SQLite 3.44, whose
 * optimize only looks at tables this connection has queried, so a file never analyzed gets its
 * first statistics from ANALYZE, bounded by analysis_limit to stay quick on a large file.
 */
export async function optimizeDatabase() {
  if (isPostgres) return;
  await sequelize.query("PRAGMA analysis_limit=1000");
  const [analyzed] = await sequelize.query("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'");
  await sequelize.query(analyzed.length ? "PRAGMA optimize=0x10002" : "ANALYZE");
}

export async function pingDatabase() {
  await sequelize.query("SELECT 1");
}

export async function closeDatabase() {
  await sequelize.close();
}
