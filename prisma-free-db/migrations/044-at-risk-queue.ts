import { DataTypes, QueryTypes } from "sequelize";
import type { MigrationContext } from "./index";

// The at-risk queue (issue 26 item 5, docs/decisions/076).
// - payment_trackings.missed_notified_at: when housekeeping found the month unpaid 3 days after its
//   due date and told the agent (a retention_reminder), set once with an UPDATE ... WHERE it IS
//   NULL, so a missed payment is told once. A policy status set after it resolves the month.
// - A partial index of the unpaid months not told yet, by due date: the hourly job reads only
//   those, not every month left unpaid since the agency began.
// - A partial index of the unpaid months by due date with their lead: the queue's policies with a
//   month 3 days late, read from the index alone.
// - A partial index of the leads whose policy is in lapse pending, by agent: the queue's others.
//   042's (policy_status, policy_issue_date) would do on Postgres, but SQLite's statistics average
//   the few lapse pending policies with the many submitted and issued ones and scan every lead.
// Months already 3 days late when this runs are marked told without a notification: they are in
//   the queue from the first day, and an agent is not sent every old month at once.

const UNNOTIFIED = {
  name: "payment_trackings_missed_unnotified",
  fields: ["due_date"],
  where: { status: "not_paid", missed_notified_at: null },
};
const UNPAID = {
  name: "payment_trackings_unpaid_due",
  fields: ["due_date", "application_id"],
  where: { status: "not_paid" },
};
const LAPSE_PENDING = {
  name: "applications_lapse_pending",
  fields: ["agent_id", "id"],
  where: { policy_status: "lapse_pending" },
};

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addColumn(
    "payment_trackings",
    "missed_notified_at",
    { type: DataTypes.DATE, allowNull: true },
    { transaction },
  );
  const now = new Date();
  // Due 3 days or more before today (UTC): months missed already.
  const cutoff = new Date(now.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  await qi.sequelize.query(
    `UPDATE payment_trackings SET missed_notified_at = :now WHERE status = 'not_paid' AND due_date < :cutoff`,
    { replacements: { now, cutoff }, transaction, type: QueryTypes.UPDATE },
  );
  for (const index of [UNNOTIFIED, UNPAID]) {
    await qi.addIndex("payment_trackings", index.fields, { name: index.name, where: index.where, transaction });
  }
  await qi.addIndex("applications", LAPSE_PENDING.fields, {
    name: LAPSE_PENDING.name,
    where: LAPSE_PENDING.where,
    transaction,
  });
}

// Plain DROP COLUMN, as in 008: removeColumn would copy the table on SQLite.
export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("applications", LAPSE_PENDING.name, { transaction });
  for (const index of [UNNOTIFIED, UNPAID]) await qi.removeIndex("payment_trackings", index.name, { transaction });
  await qi.sequelize.query(`ALTER TABLE "payment_trackings" DROP COLUMN "missed_notified_at"`, { transaction });
}
