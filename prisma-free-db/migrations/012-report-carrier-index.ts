import type { MigrationContext } from "./index";

// The agent's report (/agent/reports, GET /api/agent/reports and its CSV export) filters an
// agent's leads by carrier within a creation range, newest first. Like migration 006's indexes,
// this one ends in the lead's id, so the report's page ids, its counts and the export's batches by
// carrier come from the index alone, without reading each of the agent's leads to test its carrier.
const BY_CARRIER = { name: "applications_agent_carrier_list", fields: ["agent_id", "carrier_id", "created_at", "id"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("applications", BY_CARRIER.fields, { name: BY_CARRIER.name, transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.removeIndex("applications", BY_CARRIER.name, { transaction });
}
