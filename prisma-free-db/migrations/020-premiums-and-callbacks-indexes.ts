import type { MigrationContext } from "./index";

// Issue 13 items 2 and 4, the admin's views across every agent (docs/decisions/036).
// - Premiums Management pages every agent's sales newest first: (sold_at, id) gives a page in
//   (sale date, id) order from the index, where (sold_at) alone left each page's ties to a sort.
// - Callbacks pages every agent's scheduled callbacks by callback date: a partial index over those
//   leads only, as migration 010's per agent. Its predicate is written as the queries write it
//   (SCHEDULED_CALLBACK_SQL): SQLite uses a partial index only for a query that repeats it.
const SOLD = { name: "applications_sold_list", fields: ["sold_at", "id"] };
const CALLBACKS = {
  name: "applications_callbacks_by_date",
  fields: ["callback_date", "id"],
  where: { status: ["callback", "rescheduled"] },
};

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("applications", SOLD.fields, { name: SOLD.name, transaction });
  await qi.addIndex("applications", CALLBACKS.fields, { name: CALLBACKS.name, where: CALLBACKS.where, transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("applications", CALLBACKS.name, { transaction });
  await qi.removeIndex("applications", SOLD.name, { transaction });
}
