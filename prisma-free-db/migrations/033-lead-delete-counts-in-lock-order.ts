import { createTrigger, dropTrigger } from "./024-report-summaries";
import type { MigrationContext } from "./index";

// A lead's delete counts the report summaries before the row goes, on Postgres (SQLite's writers
// take turns and never deadlock): the unread counts' BEFORE DELETE trigger locked their rows first
// and the summaries' AFTER DELETE trigger the summary rows second, while an insert and a
// reassignment lock the summary rows first (AFTER triggers fire by name). An admin deleting a lead
// while another reassigned one deadlocked (tests/api/unread-counts.test.ts, writers side by side).
// Made BEFORE DELETE and named before the unread counts' trigger, it locks in the others' order.

const NAME = "report_summaries_lead_delete";

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  if (qi.sequelize.getDialect() !== "postgres") return;
  await dropTrigger(qi.sequelize, NAME, transaction);
  await createTrigger(qi.sequelize, NAME, transaction);
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  if (qi.sequelize.getDialect() !== "postgres") return;
  await dropTrigger(qi.sequelize, NAME, transaction);
  await createTrigger(qi.sequelize, NAME, transaction, { asFirstMade: true });
}
