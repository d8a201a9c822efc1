import type pg from "pg";
import { QueryTypes, Transaction, type Sequelize } from "sequelize";
import { Umzug, type UmzugStorage } from "umzug";
import { migrations, type Migration } from "./migrations";

const MIGRATIONS_TABLE = "schema_migrations";

async function isRecorded(db: Sequelize, name: string, transaction: Transaction) {
  const rows = await db.query(`SELECT name FROM ${MIGRATIONS_TABLE} WHERE name = :name`, {
    replacements: { name },
    type: QueryTypes.SELECT,
    transaction,
  });
  return rows.length > 0;
}

/**
 * Runs one migration step and records it in the same transaction, so a migration is either
 * applied and recorded or neither. IMMEDIATE takes SQLite's write lock at BEGIN (Postgres ignores
 * it): a second migrator on the same SQLite file waits here, then sees the record and skips.
 */
function transactional(
  db: Sequelize,
  name: string,
  step: Migration["up"],
  direction: "up" | "down",
  onApplied: (name: string) => void,
) {
  return () =>
    db.transaction({ type: Transaction.TYPES.IMMEDIATE }, async (transaction) => {
      if ((await isRecorded(db, name, transaction)) === (direction === "up")) return;
      onApplied(name);
      await step({ context: { queryInterface: db.getQueryInterface(), transaction } });
      const sql =
        direction === "up"
          ? `INSERT INTO ${MIGRATIONS_TABLE} (name) VALUES (:name)`
          : `DELETE FROM ${MIGRATIONS_TABLE} WHERE name = :name`;
      await db.query(sql, { replacements: { name }, transaction });
    });
}

// The same table umzug's SequelizeStorage made, so existing databases carry on. Rows are written
// by `transactional`, inside each migration's transaction; umzug's log step has nothing to add.
function migrationStorage(db: Sequelize): UmzugStorage {
  return {
    async executed() {
      await db.query(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (name VARCHAR(255) NOT NULL PRIMARY KEY)`);
      const rows = await db.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`, {
        type: QueryTypes.SELECT,
      });
      return rows.map((row) => row.name);
    },
    async logMigration() {},
    async unlogMigration() {},
  };
}

/**
 * `onApplied` hears each step this migrator really ran (not one another migrator ran first).
 * @internal
 */
export function migratorFor(db: Sequelize, onApplied: (name: string) => void = () => {}) {
  return new Umzug({
    migrations: migrations.map(({ name, up, down }) => ({
      name,
      up: transactional(db, name, up, "up", onApplied),
      down: transactional(db, name, down, "down", onApplied),
    })),
    storage: migrationStorage(db),
    logger: undefined,
  });
}

// Any fixed number: every machine running these migrations asks for the same lock.
const MIGRATION_LOCK_KEY = 4_207_310_001;

/**
 * Two machines starting at once must not both migrate. On Postgres the first takes a session
 * advisory lock on one dedicated connection and holds it for the whole run; the second waits for
 * it, then finds nothing pending. (SQLite is one file on one machine: see `transactional`.)
 */
async function withMigrationLock<T>(db: Sequelize, run: () => Promise<T>): Promise<T> {
  if (db.getDialect() !== "postgres") return run();
  const connection = (await db.connectionManager.getConnection({ type: "write" })) as pg.Client;
  try {
    await connection.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      return await run();
    } finally {
      await connection.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } finally {
    db.connectionManager.releaseConnection(connection);
  }
}

/**
 * Applies every pending migration; returns the ones this call applied. On SQLite a second migrator
 * that started at the same time finds some of its pending steps recorded by the first once it gets
 * the write lock: those it skips and does not return.
 */
export function migrateDatabase(db: Sequelize) {
  return withMigrationLock(db, async () => {
    const applied = new Set<string>();
    const ran = await migratorFor(db, (name) => applied.add(name)).up();
    return ran.filter((migration) => applied.has(migration.name));
  });
}
