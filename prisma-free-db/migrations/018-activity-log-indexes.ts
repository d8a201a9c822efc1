import type { MigrationContext } from "./index";

// The audit trail (issue 12 item 7): the admin's Activity page and GET /api/admin/activity list
// the log newest first, filtered by user, by action or by lead, paged in SQL; a lead's dialog
// shows that lead's entries. Each index ends in (created_at, id), the list's order and its
// tie-breaker, so a page's ids and its total come from the index alone, without visiting the
// rows. (created_at, id) takes the place of (created_at), which it begins with. The one by user
// also serves ON DELETE SET NULL when a user is deleted.
const BY_TIME = { name: "activity_logs_created_at_id", fields: ["created_at", "id"] };
const BY_USER = { name: "activity_logs_user_list", fields: ["user_id", "created_at", "id"] };
const BY_ACTION = { name: "activity_logs_action_list", fields: ["action", "created_at", "id"] };
const BY_ENTITY = { name: "activity_logs_entity_list", fields: ["entity_type", "entity_id", "created_at", "id"] };
const INDEXES = [BY_TIME, BY_USER, BY_ACTION, BY_ENTITY];

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  for (const index of INDEXES) await qi.addIndex("activity_logs", index.fields, { name: index.name, transaction });
  await qi.removeIndex("activity_logs", "activity_logs_created_at", { transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("activity_logs", ["created_at"], { transaction });
  for (const index of INDEXES) await qi.removeIndex("activity_logs", index.name, { transaction });
}
