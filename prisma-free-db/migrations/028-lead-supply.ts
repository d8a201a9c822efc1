import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// Lead supply (issue 24, docs/decisions/061): the vendors and files leads come from, and what a
// lead keeps of its arrival.
// - lead_sources: a vendor or list the agency buys from, with its cost per lead, return and
//   duplicate windows, an optional default carrier, active or paused, and its posting key, stored
//   only as a SHA-256 hash (unique: the key alone finds its source) with the last four characters
//   to tell keys apart on screen.
// - applications: the source a lead came from (lead_source_id; `source` keeps saying how it came:
//   public_form, intake, import), the vendor's own id for it (external_id: one source never makes
//   two leads of one external id), the primary phone in E.164 and the email lower-cased as received
//   (duplicate detection: each with created_at, so "received in the last N days" is one index
//   range), the TCPA evidence's page and certificate URLs beside the consent columns of 001, and
//   whether the lead is billed to its source.
// - lead_duplicates: a post or row found to be a duplicate, kept for the record with the lead it
//   repeats; never a lead (no agent, no list, no count, no bill).
// - agents.last_lead_assigned_at: distribution gives the next lead to the eligible agent assigned
//   least recently; applications.order_id is the order whose call the lead used (a return gives it
//   back).
// - lead_returns: an agent's request to return a bad lead for credit, and the admin's decision;
//   applications.returned_at marks a lead returned (out of the agent's working lists, kept).

const SOURCE_EXTERNAL = { name: "applications_source_external", fields: ["lead_source_id", "external_id"] };
const BY_PHONE = { name: "applications_phone_e164_created", fields: ["phone_e164", "created_at"] };
const BY_EMAIL = { name: "applications_email_normalized_created", fields: ["email_normalized", "created_at"] };
const BY_SOURCE = { name: "applications_source_created", fields: ["lead_source_id", "created_at"] };
const DUPLICATE_EXTERNAL = { name: "lead_duplicates_source_external", fields: ["lead_source_id", "external_id"] };
const DUPLICATE_BY_SOURCE = { name: "lead_duplicates_source_created", fields: ["lead_source_id", "created_at"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const now = { type: DataTypes.DATE, allowNull: false };
  await qi.createTable(
    "lead_sources",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      name: { type: DataTypes.STRING(120), allowNull: false, unique: true },
      cost_per_lead_cents: { type: DataTypes.BIGINT, allowNull: false },
      return_window_hours: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 72 },
      duplicate_window_days: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 30 },
      default_carrier_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "carriers", key: "id" },
        onDelete: "SET NULL",
      },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "active" },
      posting_key_hash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      posting_key_last4: { type: DataTypes.STRING(4), allowNull: false },
      key_rotated_at: { type: DataTypes.DATE, allowNull: true },
      rate_limit_per_minute: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 120 },
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  // A foreign key on Postgres only: SQLite cannot DROP COLUMN (down) a column that references
  // another table, and removeColumn would copy the table without its triggers (see 003).
  const postgres = qi.sequelize.getDialect() === "postgres";
  const source = {
    type: DataTypes.UUID,
    allowNull: true,
    ...(postgres ? { references: { model: "lead_sources", key: "id" } } : {}),
  };
  await qi.addColumn("applications", "lead_source_id", source, { transaction });
  await qi.addColumn("applications", "external_id", { type: DataTypes.STRING(120), allowNull: true }, { transaction });
  await qi.addColumn("applications", "phone_e164", { type: DataTypes.STRING(16), allowNull: true }, { transaction });
  await qi.addColumn(
    "applications",
    "email_normalized",
    { type: DataTypes.STRING(255), allowNull: true },
    { transaction },
  );
  await qi.addColumn(
    "applications",
    "consent_page_url",
    { type: DataTypes.STRING(2048), allowNull: true },
    { transaction },
  );
  await qi.addColumn(
    "applications",
    "consent_certificate_url",
    { type: DataTypes.STRING(2048), allowNull: true },
    { transaction },
  );
  await qi.addColumn(
    "applications",
    "billable",
    { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    { transaction },
  );
  const order = {
    type: DataTypes.UUID,
    allowNull: true,
    ...(postgres ? { references: { model: "orders", key: "id" }, onDelete: "SET NULL" } : {}),
  };
  await qi.addColumn("applications", "order_id", order, { transaction });
  await qi.addColumn("applications", "returned_at", { type: DataTypes.DATE, allowNull: true }, { transaction });
  await qi.addIndex("applications", SOURCE_EXTERNAL.fields, { name: SOURCE_EXTERNAL.name, unique: true, transaction });
  for (const index of [BY_PHONE, BY_EMAIL, BY_SOURCE]) {
    await qi.addIndex("applications", index.fields, { name: index.name, transaction });
  }
  await qi.createTable(
    "lead_duplicates",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      lead_source_id: { type: DataTypes.UUID, allowNull: false, references: { model: "lead_sources", key: "id" } },
      duplicate_of_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "applications", key: "id" },
        onDelete: "SET NULL",
      },
      external_id: { type: DataTypes.STRING(120), allowNull: true },
      first_name: { type: DataTypes.STRING(100), allowNull: false },
      last_name: { type: DataTypes.STRING(100), allowNull: false },
      phone_e164: { type: DataTypes.STRING(16), allowNull: true },
      email_normalized: { type: DataTypes.STRING(255), allowNull: true },
      state: { type: DataTypes.STRING(2), allowNull: true },
      matched_on: { type: DataTypes.STRING(16), allowNull: false },
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  await qi.addIndex("lead_duplicates", DUPLICATE_EXTERNAL.fields, {
    name: DUPLICATE_EXTERNAL.name,
    unique: true,
    transaction,
  });
  await qi.addIndex("lead_duplicates", DUPLICATE_BY_SOURCE.fields, { name: DUPLICATE_BY_SOURCE.name, transaction });
  await qi.addIndex("lead_duplicates", ["duplicate_of_id"], { name: "lead_duplicates_duplicate_of", transaction });
  await qi.addColumn("agents", "last_lead_assigned_at", { type: DataTypes.DATE, allowNull: true }, { transaction });
  await qi.createTable(
    "lead_returns",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      application_id: {
        type: DataTypes.UUID,
        allowNull: false,
        references: { model: "applications", key: "id" },
        onDelete: "CASCADE",
      },
      agent_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "agents", key: "id" },
        onDelete: "SET NULL",
      },
      reason: { type: DataTypes.STRING(32), allowNull: false },
      notes: { type: DataTypes.STRING(1000), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
      decided_by_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "users", key: "id" },
        onDelete: "SET NULL",
      },
      decision_note: { type: DataTypes.STRING(1000), allowNull: true },
      decided_at: { type: DataTypes.DATE, allowNull: true },
      created_at: now,
      updated_at: now,
    },
    { transaction },
  );
  await qi.addIndex("lead_returns", ["status", "created_at", "id"], {
    name: "lead_returns_status_created",
    transaction,
  });
  await qi.addIndex("lead_returns", ["application_id"], { name: "lead_returns_application", transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  // Plain DROP COLUMN (SQLite 3.35+ and Postgres), as in 003: removeColumn would copy the tables on
  // SQLite and lose their triggers.
  await qi.dropTable("lead_returns", { transaction });
  await qi.sequelize.query(`ALTER TABLE "agents" DROP COLUMN "last_lead_assigned_at"`, { transaction });
  await qi.dropTable("lead_duplicates", { transaction });
  for (const index of [SOURCE_EXTERNAL, BY_PHONE, BY_EMAIL, BY_SOURCE]) {
    await qi.removeIndex("applications", index.name, { transaction });
  }
  for (const column of [
    "returned_at",
    "order_id",
    "billable",
    "consent_certificate_url",
    "consent_page_url",
    "email_normalized",
    "phone_e164",
    "external_id",
    "lead_source_id",
  ]) {
    await qi.sequelize.query(`ALTER TABLE "applications" DROP COLUMN "${column}"`, { transaction });
  }
  await qi.dropTable("lead_sources", { transaction });
}
