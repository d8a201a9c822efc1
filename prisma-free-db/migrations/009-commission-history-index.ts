import type { MigrationContext } from "./index";

// The commissions page (issue 11, items 4 and 5): an agent's sales, newest sale first, in a period
// of sale dates. (agent_id, sold_at, id) gives a page's ids, its total and the period's figures
// from one range of the index (sold_at IS NOT NULL and the period's bounds); the older (sold_at)
// index starts with the wrong column for a list scoped to one agent. docs/decisions/027.
const BY_SALE = { name: "applications_agent_sold", fields: ["agent_id", "sold_at", "id"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("applications", BY_SALE.fields, { name: BY_SALE.name, transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("applications", BY_SALE.name, { transaction });
}
