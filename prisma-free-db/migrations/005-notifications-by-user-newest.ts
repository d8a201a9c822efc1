import type { MigrationContext } from "./index";

// The bell lists a user's newest notifications whether read or not: (user_id, created_at) reads
// them in order and stops at the limit, where (user_id, is_read, created_at) would sort them all.
export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("notifications", ["user_id", "created_at"], {
    name: "notifications_user_id_created_at",
    transaction,
  });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("notifications", "notifications_user_id_created_at", { transaction });
}
