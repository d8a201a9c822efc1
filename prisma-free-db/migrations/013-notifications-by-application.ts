import type { MigrationContext } from "./index";

// Deleting a lead cascades to its notifications (application_id ON DELETE CASCADE), and without an
// index the database looks for them by reading every notification: 74-128 ms a lead on SQLite and
// 20-32 ms on Postgres at 100,000 leads (bench:leads). The admin's lead deletion and reassignment
// (issue 12) delete and move leads one at a time, so each must find its few notifications directly.
export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("notifications", ["application_id"], {
    name: "notifications_application_id",
    transaction,
  });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("notifications", "notifications_application_id", { transaction });
}
