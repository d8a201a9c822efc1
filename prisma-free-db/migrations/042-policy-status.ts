import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// A sold lead's policy (issue 26 item 1, docs/decisions/074).
// - applications: the policy's status (null until the sale, "submitted" from it), number, issue
//   and effective dates, and when its status last changed. On the lead's row, so the reports'
//   summaries (decision 055), which a lead's row alone feeds, can tell issued sales from submitted.
// - policy_status_changes: every change (who, when, from, to, the number and dates as set, a
//   note), the policy's history on the lead's page and what persistency reads a policy's status
//   at a past date from: (application_id, created_at).
// - payment_trackings.policy_cancelled_at: a month cancelled by the policy's status (declined,
//   not taken, lapsed, cancelled), so reinstating it restores exactly those months and not one an
//   agent cancelled by hand.
// Every lead sold before this migration gets the status "submitted" and a first history row at its
// sale's time, by no one.

const BY_LEAD = { name: "policy_status_changes_lead_created", fields: ["application_id", "created_at"] };
// At-risk and persistency read policies by status and issue date; a number is looked up per carrier.
const BY_STATUS = { name: "applications_policy_status_issue", fields: ["policy_status", "policy_issue_date"] };
const BY_NUMBER = { name: "applications_carrier_policy_number", fields: ["carrier_id", "policy_number"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const column = (type: DataTypes.DataType) => ({ type, allowNull: true });
  await qi.addColumn("applications", "policy_status", column(DataTypes.STRING(24)), { transaction });
  await qi.addColumn("applications", "policy_number", column(DataTypes.STRING(40)), { transaction });
  await qi.addColumn("applications", "policy_issue_date", column(DataTypes.DATEONLY), { transaction });
  await qi.addColumn("applications", "policy_effective_date", column(DataTypes.DATEONLY), { transaction });
  await qi.addColumn("applications", "policy_status_at", column(DataTypes.DATE), { transaction });
  await qi.addColumn("payment_trackings", "policy_cancelled_at", column(DataTypes.DATE), { transaction });
  await qi.createTable(
    "policy_status_changes",
    {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      application_id: {
        type: DataTypes.UUID,
        allowNull: false,
        references: { model: "applications", key: "id" },
        onDelete: "CASCADE",
      },
      user_id: {
        type: DataTypes.UUID,
        allowNull: true,
        references: { model: "users", key: "id" },
        onDelete: "SET NULL",
      },
      from_status: column(DataTypes.STRING(24)),
      to_status: { type: DataTypes.STRING(24), allowNull: false },
      policy_number: column(DataTypes.STRING(40)),
      issue_date: column(DataTypes.DATEONLY),
      effective_date: column(DataTypes.DATEONLY),
      notes: column(DataTypes.TEXT),
      created_at: { type: DataTypes.DATE, allowNull: false },
    },
    { transaction },
  );
  await qi.addIndex("policy_status_changes", BY_LEAD.fields, { name: BY_LEAD.name, transaction });
  for (const index of [BY_STATUS, BY_NUMBER]) {
    await qi.addIndex("applications", index.fields, { name: index.name, transaction });
  }
  // The sales made before: submitted, from their sale. A new random id per row, on either database.
  const sequelize = qi.sequelize;
  const hex = (bytes: number) => `lower(hex(randomblob(${bytes})))`;
  const id =
    sequelize.getDialect() === "postgres"
      ? "gen_random_uuid()"
      : `${hex(4)} || '-' || ${hex(2)} || '-4' || substr(${hex(2)}, 2) || '-a' || substr(${hex(2)}, 2) || '-' || ${hex(6)}`;
  await sequelize.query(
    `INSERT INTO policy_status_changes (id, application_id, user_id, from_status, to_status, created_at)
     SELECT ${id}, id, NULL, NULL, 'submitted', sold_at FROM applications WHERE sold_at IS NOT NULL`,
    { transaction },
  );
  await sequelize.query(
    `UPDATE applications SET policy_status = 'submitted', policy_status_at = sold_at WHERE sold_at IS NOT NULL`,
    { transaction },
  );
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  // Plain DROP COLUMN, as in 028: removeColumn would copy the tables on SQLite and lose their triggers.
  const drop = (table: string, name: string) =>
    qi.sequelize.query(`ALTER TABLE "${table}" DROP COLUMN "${name}"`, { transaction });
  for (const index of [BY_STATUS, BY_NUMBER]) await qi.removeIndex("applications", index.name, { transaction });
  await qi.dropTable("policy_status_changes", { transaction });
  await drop("payment_trackings", "policy_cancelled_at");
  for (const name of [
    "policy_status_at",
    "policy_effective_date",
    "policy_issue_date",
    "policy_number",
    "policy_status",
  ]) {
    await drop("applications", name);
  }
}
