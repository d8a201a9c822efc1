import type { MigrationContext } from "./index";

// The admin's Reports & Analytics (issue 13 item 5, decision 038) count the agency's leads created
// within a range, optionally of one carrier. The carrier's leads were reachable only through
// (carrier_id), which hands over every lead of the carrier whenever it was created; (carrier_id,
// created_at) reads just the range. It begins with carrier_id, so it also serves what (carrier_id)
// did (the carrier's ON DELETE SET NULL), and takes its place.
const BY_CARRIER = { name: "applications_carrier_created", fields: ["carrier_id", "created_at"] };

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("applications", BY_CARRIER.fields, { name: BY_CARRIER.name, transaction });
  await qi.removeIndex("applications", "applications_carrier_id", { transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  await qi.addIndex("applications", ["carrier_id"], { transaction });
  await qi.removeIndex("applications", BY_CARRIER.name, { transaction });
}
