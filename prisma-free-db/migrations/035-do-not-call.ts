import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// The agency's do-not-call list (issue 25 item 1, docs/decisions/069).
// - dnc_numbers: the list, one row per number in E.164 (the primary key: the unique index every
//   check and every import's ON CONFLICT reads), with its reason, who added it and when, the lead
//   whose "Asked not to be called" added it and the file that added it. Listed newest first.
// - dnc_removals: each entry taken off the list, with its add (who, when, reason, lead, file) and
//   its removal (who, when, why), so a lead's evidence can list every change of its numbers.
// - dnc_imports and dnc_import_chunks: an uploaded file of numbers, its job's progress and counts,
//   and its values waiting for the job in chunks of up to 10,000 (deleted as each is processed).

const NUMBERS_BY_CREATED = { name: "dnc_numbers_created", fields: ["created_at", "phone_e164"] };
const REMOVALS_BY_PHONE = { name: "dnc_removals_phone_removed", fields: ["phone_e164", "removed_at"] };
const IMPORTS_BY_CREATED = { name: "dnc_imports_created", fields: ["created_at", "id"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const now = { type: DataTypes.DATE, allowNull: false };
  const count = { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 };
  const user = {
    type: DataTypes.UUID,
    allowNull: true,
    references: { model: "users", key: "id" },
    onDelete: "SET NULL",
  };
  const lead = {
    type: DataTypes.UUID,
    allowNull: true,
    references: { model: "applications", key: "id" },
    onDelete: "SET NULL",
  };
  await qi.createTable(
    "dnc_imports",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      created_by_id: user,
      file_name: { type: DataTypes.STRING(255), allowNull: false },
      reason: { type: DataTypes.STRING(24), allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false },
      total: count,
      processed: count,
      added: count,
      already_listed: count,
      invalid: count,
      error: { type: DataTypes.STRING(500), allowNull: true },
      started_at: { type: DataTypes.DATE, allowNull: true },
      finished_at: { type: DataTypes.DATE, allowNull: true },
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  await qi.addIndex("dnc_imports", IMPORTS_BY_CREATED.fields, { name: IMPORTS_BY_CREATED.name, transaction });
  await qi.createTable(
    "dnc_import_chunks",
    {
      import_id: {
        type: DataTypes.UUID,
        primaryKey: true,
        allowNull: false,
        references: { model: "dnc_imports", key: "id" },
        onDelete: "CASCADE",
      },
      seq: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
      phones: { type: DataTypes.TEXT, allowNull: false },
      count: { type: DataTypes.INTEGER, allowNull: false },
    },
    { transaction },
  );
  await qi.createTable(
    "dnc_numbers",
    {
      phone_e164: { type: DataTypes.STRING(16), primaryKey: true, allowNull: false },
      reason: { type: DataTypes.STRING(24), allowNull: false },
      added_by_id: user,
      source_application_id: lead,
      import_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "dnc_imports", key: "id" },
        onDelete: "SET NULL",
      },
      created_at: now,
    },
    { transaction },
  );
  await qi.addIndex("dnc_numbers", NUMBERS_BY_CREATED.fields, { name: NUMBERS_BY_CREATED.name, transaction });
  await qi.createTable(
    "dnc_removals",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      phone_e164: { type: DataTypes.STRING(16), allowNull: false },
      reason: { type: DataTypes.STRING(24), allowNull: false },
      added_by_id: user,
      added_at: now,
      source_application_id: lead,
      import_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "dnc_imports", key: "id" },
        onDelete: "SET NULL",
      },
      removed_by_id: user,
      removed_at: now,
      removal_reason: { type: DataTypes.STRING(500), allowNull: false },
    },
    { transaction },
  );
  await qi.addIndex("dnc_removals", REMOVALS_BY_PHONE.fields, { name: REMOVALS_BY_PHONE.name, transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  for (const table of ["dnc_removals", "dnc_numbers", "dnc_import_chunks", "dnc_imports"]) {
    await qi.dropTable(table, { transaction });
  }
}
