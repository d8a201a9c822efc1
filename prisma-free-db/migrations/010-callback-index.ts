import type { MigrationContext } from "./index";

// The Callbacks page (issue 11, item 1): an agent's scheduled callbacks (status callback or
// rescheduled) by callback date. A partial index over those leads only, (agent_id, callback_date,
// id), gives each table's page in callback-date order and each card's COUNT(*) from one range of
// it (overdue: before today's local midnight; due today; after today; no date), where the
// (agent_id, status, created_at, id) index would read and sort every callback of the agent, and
// (callback_date) alone every agent's. Its predicate is written as the queries write it
// (SCHEDULED_CALLBACK_SQL): SQLite uses a partial index only for a query that repeats it.
// docs/decisions/025.
const CALLBACKS = {
  name: "applications_agent_callbacks",
  fields: ["agent_id", "callback_date", "id"],
  where: { status: ["callback", "rescheduled"] },
};

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("applications", CALLBACKS.fields, { name: CALLBACKS.name, where: CALLBACKS.where, transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("applications", CALLBACKS.name, { transaction });
}
