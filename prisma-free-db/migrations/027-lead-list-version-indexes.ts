import { DataTypes } from "sequelize";
import type { MigrationContext } from "./index";

// An agent's lead list version (decision 057) from indexes, not from every lead of their book
// (docs/decisions/060): its latest lead change is MAX(updated_at) of (agent_id, updated_at), and its
// latest logged change (a phone, a payment, a note: every change a user makes to a lead writes the
// activity log) MAX(created_at) of the entries about the agent's leads, which now say whose lead it
// was when they were written (lead_agent_id), by (lead_agent_id, created_at). Before, the version
// joined every lead of the agent to the log: at 1,000,000 leads, the busiest agent's 140,000 on each
// page load and each minute's poll.
const LEAD_UPDATES = { name: "applications_agent_updated", fields: ["agent_id", "updated_at"] };
const LEAD_LOG = { name: "activity_logs_lead_agent", fields: ["lead_agent_id", "created_at"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addColumn("activity_logs", "lead_agent_id", { type: DataTypes.UUID, allowNull: true }, { transaction });
  // The entries already there name the lead's agent now: the version only needs its latest change.
  await qi.sequelize.query(
    `UPDATE activity_logs SET lead_agent_id = (SELECT a.agent_id FROM applications a WHERE a.id = activity_logs.entity_id)
     WHERE entity_type = 'application'`,
    { transaction },
  );
  await qi.addIndex("activity_logs", LEAD_LOG.fields, { name: LEAD_LOG.name, transaction });
  await qi.addIndex("applications", LEAD_UPDATES.fields, { name: LEAD_UPDATES.name, transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("applications", LEAD_UPDATES.name, { transaction });
  await qi.removeIndex("activity_logs", LEAD_LOG.name, { transaction });
  // Plain DROP COLUMN (SQLite 3.35+ and Postgres), as in 003: removeColumn would copy the table on SQLite.
  await qi.sequelize.query(`ALTER TABLE "activity_logs" DROP COLUMN "lead_agent_id"`, { transaction });
}
