import crypto from "node:crypto";
import { DataTypes, QueryTypes } from "sequelize";
import type { MigrationContext } from "./index";

// The sessions page (issue 27 item 2, docs/decisions/080).
// - sessions.last_seen_at: when the session was last used, touched at most every few minutes
//   (sessions.server), so a page view is not a write. The sessions open now start at their
//   creation.
// - sessions.public_id: the id the page and the API show and end a session by. A session's id is
//   the hash of its cookie's token; shown, it would let a reader of the table find the session in a
//   list. A random id each, the open sessions given one here; unique, so ending one by it is exact.
//   NOT NULL with an empty default only so the column can be added on SQLite: every row gets its
//   own before the unique index is made, and the model gives each new session one.
// Listing a user's sessions uses the user_id index of 001.

const PUBLIC_ID_INDEX = { name: "sessions_public_id", fields: ["public_id"], unique: true };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addColumn("sessions", "last_seen_at", { type: DataTypes.DATE, allowNull: true }, { transaction });
  await qi.addColumn(
    "sessions",
    "public_id",
    { type: DataTypes.STRING(36), allowNull: false, defaultValue: "" },
    { transaction },
  );
  await qi.sequelize.query(`UPDATE sessions SET last_seen_at = created_at`, { transaction, type: QueryTypes.UPDATE });
  const open = await qi.sequelize.query<{ id: string }>(`SELECT id FROM sessions`, {
    transaction,
    type: QueryTypes.SELECT,
  });
  for (const { id } of open) {
    await qi.sequelize.query(`UPDATE sessions SET public_id = :publicId WHERE id = :id`, {
      replacements: { publicId: crypto.randomUUID(), id },
      transaction,
      type: QueryTypes.UPDATE,
    });
  }
  await qi.addIndex("sessions", PUBLIC_ID_INDEX.fields, {
    name: PUBLIC_ID_INDEX.name,
    unique: PUBLIC_ID_INDEX.unique,
    transaction,
  });
}

// Plain DROP COLUMN, as in 008: removeColumn would copy the table on SQLite.
export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("sessions", PUBLIC_ID_INDEX.name, { transaction });
  await qi.sequelize.query(`ALTER TABLE "sessions" DROP COLUMN "public_id"`, { transaction });
  await qi.sequelize.query(`ALTER TABLE "sessions" DROP COLUMN "last_seen_at"`, { transaction });
}
