import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// Personal API tokens (issue 27 item 4, docs/decisions/081).
// - The token itself is never stored: only its SHA-256 (unique, the index every /api request with
//   a Bearer header looks up) and a short visible prefix ("acrm_" and six characters) to tell
//   tokens apart on screen.
// - scope: "read" (GET and HEAD only) or "read-write".
// - window_started_at and window_count: the rate limit's fixed one-minute window, kept on the row
//   and moved by the one UPDATE each request makes, so a use is not a row of its own.
// - A revoked token keeps its row (revoked_at), so the audit trail's entries still name it; the
//   user's list reads (user_id, created_at).

const BY_USER = { name: "api_tokens_user_created", fields: ["user_id", "created_at"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.createTable(
    "api_tokens",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      user_id: {
        type: DataTypes.UUID,
        allowNull: false,
        references: { model: "users", key: "id" },
        onDelete: "CASCADE",
      },
      name: { type: DataTypes.STRING(100), allowNull: false },
      token_hash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      token_prefix: { type: DataTypes.STRING(16), allowNull: false },
      scope: { type: DataTypes.STRING(10), allowNull: false },
      expires_at: { type: DataTypes.DATE, allowNull: true },
      last_used_at: { type: DataTypes.DATE, allowNull: true },
      revoked_at: { type: DataTypes.DATE, allowNull: true },
      window_started_at: { type: DataTypes.DATE, allowNull: true },
      window_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      created_at: { type: DataTypes.DATE, allowNull: false },
    },
    { transaction },
  );
  await qi.addIndex("api_tokens", BY_USER.fields, { name: BY_USER.name, transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.dropTable("api_tokens", { transaction });
}
