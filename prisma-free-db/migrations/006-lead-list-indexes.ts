import type { MigrationContext } from "./index";

// My Leads (an agent's leads, newest first, by status or searched by name and email) and the unread
// figures at 100,000 leads (docs/decisions/021). Each index ends in the lead's id, the list's
// tie-breaker and the column the queries read, so a page's ids, its total and the unread merge come
// from the index alone, without visiting the table; the one without a status also holds the
// searched columns, so a search reads the agent's index entries instead of their rows. They take
// the place of (agent_id, created_at) and (agent_id, status, created_at), which they begin with.
const LIST = {
  name: "applications_agent_list",
  fields: ["agent_id", "created_at", "id", "first_name", "last_name", "email"],
};
const BY_STATUS = { name: "applications_agent_status_list", fields: ["agent_id", "status", "created_at", "id"] };
const BY_ID = { name: "applications_agent_id_id", fields: ["agent_id", "id"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("applications", LIST.fields, { name: LIST.name, transaction });
  await qi.addIndex("applications", BY_STATUS.fields, { name: BY_STATUS.name, transaction });
  await qi.addIndex("applications", BY_ID.fields, { name: BY_ID.name, transaction });
  await qi.removeIndex("applications", "applications_agent_id_created_at", { transaction });
  await qi.removeIndex("applications", "applications_agent_id_status_created_at", { transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("applications", ["agent_id", "status", "created_at"], { transaction });
  await qi.addIndex("applications", ["agent_id", "created_at"], { transaction });
  for (const index of [BY_ID, BY_STATUS, LIST]) await qi.removeIndex("applications", index.name, { transaction });
}
