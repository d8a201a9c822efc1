import type { MigrationContext } from "./index";

// The do-not-call tables' references to a lead (the lead an "Asked not to be called" came from,
// migration 035) each get an index. A lead's phones and bell are written before the lead itself
// with deferred references (decision 066), and both databases then look for rows referencing the
// new lead (and, on a lead's delete, for rows to set to NULL) by these columns: without an index
// that is a full read of a do-not-call list of a million registry numbers for every lead received.
const INDEXES = [
  { table: "dnc_numbers", name: "dnc_numbers_source_application", fields: ["source_application_id"] },
  { table: "dnc_removals", name: "dnc_removals_source_application", fields: ["source_application_id"] },
];

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  for (const index of INDEXES) await qi.addIndex(index.table, index.fields, { name: index.name, transaction });
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  for (const index of INDEXES) await qi.removeIndex(index.table, index.name, { transaction });
}
