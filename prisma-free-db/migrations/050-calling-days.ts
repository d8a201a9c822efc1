import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// The days of the week a calling rule allows (docs/decisions/071, amended 2026-11-28): several
// states forbid telephone solicitation on Sundays or holidays, which a window of hours alone
// cannot say.
// - calling_rules.days: the allowed days in week order, "mon,tue,wed,thu,fri,sat,sun"; every rule
//   allows every day until an administrator narrows it.
// - call_attempts.window_days: the days of the rule a call was checked against, for the call log
//   and the evidence pack; null for the calls logged before (they were checked against every day).

const EVERY_DAY = "mon,tue,wed,thu,fri,sat,sun";

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addColumn(
    "calling_rules",
    "days",
    { type: DataTypes.STRING(27), allowNull: false, defaultValue: EVERY_DAY },
    { transaction },
  );
  await qi.addColumn("call_attempts", "window_days", { type: DataTypes.STRING(27), allowNull: true }, { transaction });
}

// Plain DROP COLUMN, as in 008: removeColumn would copy the table on SQLite.
export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.sequelize.query(`ALTER TABLE "call_attempts" DROP COLUMN "window_days"`, { transaction });
  await qi.sequelize.query(`ALTER TABLE "calling_rules" DROP COLUMN "days"`, { transaction });
}
