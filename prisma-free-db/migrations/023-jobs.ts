import PgBoss from "pg-boss";
import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// Background jobs (issue 22, docs/decisions/049). On Postgres they are pg-boss's, in its own
// `pgboss` schema: installed here, with the rest of the schema (Fly's release command, under the
// migrator's advisory lock), so the workers start with pg-boss's own migrations off and no two
// machines race to install it. A later pg-boss with a new schema version comes with a migration
// running PgBoss.getMigrationPlans(). On SQLite the in-process runner keeps them in `jobs`.

const PG_BOSS_SCHEMA = "pgboss";

/**
 * pg-boss's construction plan runs as one transaction of its own (BEGIN ... COMMIT around an
 * advisory lock and the DDL). Here it runs inside the migration's transaction instead, so the
 * schema and the migration's record are applied together or not at all.
 */
function pgBossConstruction() {
  const plan = PgBoss.getConstructionPlans(PG_BOSS_SCHEMA).trim();
  if (!plan.startsWith("BEGIN;") || !plan.endsWith("COMMIT;")) {
    throw new Error("pg-boss's construction plan is no longer one BEGIN ... COMMIT block: review migration 023");
  }
  return plan.slice("BEGIN;".length, -"COMMIT;".length);
}

const epochMs = (allowNull: boolean) => ({ type: DataTypes.BIGINT, allowNull });

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  if (qi.sequelize.getDialect() === "postgres") {
    await qi.sequelize.query(pgBossConstruction(), { transaction });
    return;
  }
  await qi.createTable(
    "jobs",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      name: { type: DataTypes.STRING(100), allowNull: false },
      data: { type: DataTypes.TEXT, allowNull: false },
      state: { type: DataTypes.STRING(16), allowNull: false },
      retry_limit: { type: DataTypes.INTEGER, allowNull: false },
      retry_count: { type: DataTypes.INTEGER, allowNull: false },
      retry_delay_seconds: { type: DataTypes.INTEGER, allowNull: false },
      expire_seconds: { type: DataTypes.INTEGER, allowNull: false },
      start_after: epochMs(false),
      started_at: epochMs(true),
      expires_at: epochMs(true),
      finished_at: epochMs(true),
      created_at: epochMs(false),
      singleton_key: { type: DataTypes.STRING(200), allowNull: true },
      singleton_on: epochMs(true),
      last_error: { type: DataTypes.STRING(500), allowNull: true },
    },
    { transaction },
  );
  await qi.addIndex("jobs", ["state", "start_after"], { name: "jobs_state_start_after", transaction });
  await qi.addIndex("jobs", ["created_at"], { name: "jobs_created_at", transaction });
  await qi.addIndex("jobs", ["state", "created_at"], { name: "jobs_state_created_at", transaction });
  await qi.addIndex("jobs", ["name", "singleton_key", "singleton_on"], {
    name: "jobs_singleton",
    unique: true,
    transaction,
  });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  if (qi.sequelize.getDialect() === "postgres") {
    await qi.sequelize.query(`DROP SCHEMA IF EXISTS ${PG_BOSS_SCHEMA} CASCADE`, { transaction });
    return;
  }
  await qi.dropTable("jobs", { transaction });
}
