import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// The retention tracker's reminders (issue 11, item 3). `reminded_at` marks a payment whose
// retention_reminder has been sent: housekeeping claims a payment by setting it with an atomic
// UPDATE ... WHERE reminded_at IS NULL, so two machines running housekeeping at once send one
// reminder, and a payment is reminded of once (docs/decisions/026). The reminder scan reads the
// (status, due_date) index of 001; the tracker's list of policies reads 009's (agent_id, sold_at, id).
export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addColumn("payment_trackings", "reminded_at", { type: DataTypes.DATE, allowNull: true }, { transaction });
}

// Plain DROP COLUMN (SQLite 3.35+ and Postgres), as in 003: removeColumn would copy the table on SQLite.
export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.sequelize.query(`ALTER TABLE "payment_trackings" DROP COLUMN "reminded_at"`, { transaction });
}
