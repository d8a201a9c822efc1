import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// CSV lead imports (issue 24 item 4, docs/decisions/062).
// - lead_imports: one uploaded file, what the admin chose for it (column mapping, source,
//   distribution) and how far its job got, with its counts. Listed newest first.
// - lead_import_rows: the file's rows as uploaded (cells as JSON text), so any app machine's job
//   can read them in batches; an import's rows are deleted once it completes.
// - lead_import_rejections: a rejected row's lead fields (never the file's other columns) and why.
// - lead_import_keys: a row imported from a source is kept by its key (its external id when one
//   is mapped, else a hash of its mapped fields), unique per source: a rerun of the same file
//   imports none of its rows again.

const BY_CREATED = { name: "lead_imports_created", fields: ["created_at", "id"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const now = { type: DataTypes.DATE, allowNull: false };
  const count = { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 };
  await qi.createTable(
    "lead_imports",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      created_by_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "users", key: "id" },
        onDelete: "SET NULL",
      },
      lead_source_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "lead_sources", key: "id" },
        onDelete: "SET NULL",
      },
      agent_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "agents", key: "id" },
        onDelete: "SET NULL",
      },
      file_name: { type: DataTypes.STRING(255), allowNull: false },
      file_bytes: { type: DataTypes.INTEGER, allowNull: false },
      headers: { type: DataTypes.TEXT, allowNull: false },
      mapping: { type: DataTypes.TEXT, allowNull: true },
      distribution: { type: DataTypes.STRING(16), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false },
      total: count,
      processed: count,
      imported: count,
      duplicates: count,
      already_imported: count,
      rejected: count,
      error: { type: DataTypes.STRING(500), allowNull: true },
      started_at: { type: DataTypes.DATE, allowNull: true },
      finished_at: { type: DataTypes.DATE, allowNull: true },
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  await qi.addIndex("lead_imports", BY_CREATED.fields, { name: BY_CREATED.name, transaction });
  const importId = {
    type: DataTypes.UUID,
    allowNull: false,
    primaryKey: true,
    references: { model: "lead_imports", key: "id" },
    onDelete: "CASCADE",
  };
  await qi.createTable(
    "lead_import_rows",
    {
      import_id: importId,
      row_number: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      cells: { type: DataTypes.TEXT, allowNull: false },
    },
    { transaction },
  );
  await qi.createTable(
    "lead_import_rejections",
    {
      import_id: importId,
      row_number: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      fields: { type: DataTypes.TEXT, allowNull: false },
      reason: { type: DataTypes.STRING(1000), allowNull: false },
    },
    { transaction },
  );
  await qi.createTable(
    "lead_import_keys",
    {
      lead_source_id: {
        type: DataTypes.UUID,
        allowNull: false,
        primaryKey: true,
        references: { model: "lead_sources", key: "id" },
        onDelete: "CASCADE",
      },
      row_key: { type: DataTypes.STRING(64), allowNull: false, primaryKey: true },
      import_id: {
        type: DataTypes.UUID,
        allowNull: false,
        references: { model: "lead_imports", key: "id" },
        onDelete: "CASCADE",
      },
    },
    { transaction },
  );
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.dropTable("lead_import_keys", { transaction });
  await qi.dropTable("lead_import_rejections", { transaction });
  await qi.dropTable("lead_import_rows", { transaction });
  await qi.dropTable("lead_imports", { transaction });
}
