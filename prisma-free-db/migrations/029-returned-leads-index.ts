import { Op } from "sequelize";
import type { MigrationContext } from "./index";

// An agent's returned leads by status and day (decision 064): the few leads that left the agent's
// working lists, which My Leads' cards and tabs (summed from the report summaries, which keep
// every lead) and the agent dashboard's figures take away, read from a partial index that holds
// only them.
const RETURNED = {
  name: "applications_agent_returned",
  fields: ["agent_id", "status", "created_at"],
  where: { returned_at: { [Op.ne]: null } },
};

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("applications", RETURNED.fields, {
    name: RETURNED.name,
    where: RETURNED.where,
    transaction,
  });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("applications", RETURNED.name, { transaction });
}
