import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// Draft dates on the client's Social Security day (issue 26 item 6, docs/decisions/078).
// applications.draft_on_social_security_day: the client's draft dates are their Social Security
// days (the 2nd, 3rd or 4th Wednesday by the date of birth). Chosen on the public application or
// the lead's edit, it moves the draft dates given to such days; at the sale it lays the nine months
// of the schedule out on them, and the schedule says so beside its dates. False for every lead
// before: their schedules keep the first draft's day of the month.

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addColumn(
    "applications",
    "draft_on_social_security_day",
    { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    { transaction },
  );
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  // Plain DROP COLUMN, as in 028: removeColumn would copy the table on SQLite and lose its triggers.
  await qi.sequelize.query(`ALTER TABLE "applications" DROP COLUMN "draft_on_social_security_day"`, { transaction });
}
