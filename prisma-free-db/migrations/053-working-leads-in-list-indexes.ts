import type { MigrationContext } from "./index";

// My Leads leaves out the leads returned to their source (decision 064), and its two list indexes
// (migration 006) did not hold returned_at: a page's ids and its count to 1,001 read each lead's
// row for it, a random read per lead (on SQLite at 1,000,000 leads the count took 2 ms of rows
// where the index alone answers it in a fraction; on Postgres the planner read the table from its
// start instead). The column ends both indexes, so the working leads are told from the index
// (docs/decisions/092). All Leads filtered by agent reads the same indexes as before: they begin
// alike.
const BEFORE = {
  applications_agent_list: ["agent_id", "created_at", "id", "first_name", "last_name", "email"],
  applications_agent_status_list: ["agent_id", "status", "created_at", "id"],
};

async function rebuild(context: MigrationContext, withReturned: boolean) {
  const { queryInterface: qi, transaction } = context;
  for (const [name, fields] of Object.entries(BEFORE)) {
    await qi.removeIndex("applications", name, { transaction });
    await qi.addIndex("applications", withReturned ? [...fields, "returned_at"] : fields, { name, transaction });
  }
}

export async function up({ context }: { context: MigrationContext }) {
  await rebuild(context, true);
}

export async function down({ context }: { context: MigrationContext }) {
  await rebuild(context, false);
}
