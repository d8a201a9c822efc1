import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// An attempt is recorded before the work it guards (a password check, a submission) and is "in
// flight" until that work ends: a request that finds the limit reached only by attempts still in
// flight waits for them instead of being refused (docs/decisions/013).
export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addColumn(
    "attempts",
    "in_flight",
    { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    { transaction },
  );
}

// Plain DROP COLUMN (SQLite 3.35+ and Postgres): see 003.
export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.sequelize.query(`ALTER TABLE "attempts" DROP COLUMN "in_flight"`, { transaction });
}
