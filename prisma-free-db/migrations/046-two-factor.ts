import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// Two-factor sign-in (issue 27 item 1, docs/decisions/079).
// - users.two_factor_enabled_at: set while the user's second factor is on. The per-request session
//   lookup reads it with the user's other columns, so the admins' enrolment gate costs no query.
// - two_factor_credentials: one row per user. The TOTP secret (encrypted: the server needs it again
//   at every sign-in) once enabled, the secret waiting for its first code during enrolment, and the
//   last time step accepted, so a code is never accepted twice.
// - recovery_codes: ten per enrolment, each stored only as its SHA-256, used once (used_at).
// - two_factor_challenges: the step between a right password and a right code. Its id is the
//   SHA-256 of the random token the client holds; it expires after minutes and is deleted when used.

const CHALLENGES_EXPIRY = { name: "two_factor_challenges_expires_at", fields: ["expires_at"] };
const CHALLENGES_USER = { name: "two_factor_challenges_user_id", fields: ["user_id"] };
const RECOVERY_CODES_USER = { name: "recovery_codes_user_code", fields: ["user_id", "code_hash"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const now = { type: DataTypes.DATE, allowNull: false };
  const user = {
    type: DataTypes.UUID,
    allowNull: false,
    references: { model: "users", key: "id" },
    onDelete: "CASCADE",
  };
  await qi.addColumn("users", "two_factor_enabled_at", { type: DataTypes.DATE, allowNull: true }, { transaction });
  await qi.createTable(
    "two_factor_credentials",
    {
      user_id: { ...user, primaryKey: true },
      secret_encrypted: { type: DataTypes.TEXT, allowNull: true },
      pending_secret_encrypted: { type: DataTypes.TEXT, allowNull: true },
      last_used_step: { type: DataTypes.BIGINT, allowNull: true },
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  await qi.createTable(
    "recovery_codes",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      user_id: user,
      code_hash: { type: DataTypes.STRING(64), allowNull: false },
      used_at: { type: DataTypes.DATE, allowNull: true },
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  await qi.addIndex("recovery_codes", RECOVERY_CODES_USER.fields, { name: RECOVERY_CODES_USER.name, transaction });
  await qi.createTable(
    "two_factor_challenges",
    {
      id: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
      user_id: user,
      expires_at: now,
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  for (const index of [CHALLENGES_USER, CHALLENGES_EXPIRY]) {
    await qi.addIndex("two_factor_challenges", index.fields, { name: index.name, transaction });
  }
}

// Plain DROP COLUMN, as in 008: removeColumn would copy the table on SQLite.
export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  for (const table of ["two_factor_challenges", "recovery_codes", "two_factor_credentials"]) {
    await qi.dropTable(table, { transaction });
  }
  await qi.sequelize.query(`ALTER TABLE "users" DROP COLUMN "two_factor_enabled_at"`, { transaction });
}
