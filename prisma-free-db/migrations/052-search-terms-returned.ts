import type { Sequelize, Transaction } from "sequelize";
import type { MigrationContext } from "./index";
import {
  postgresFunctions,
  rebuildLeadSearchTerms as rebuildTerms,
  sqliteTriggers,
  termIndexes,
  type TermColumns,
} from "./051-lead-search-terms";

// The term table carries whether its lead was returned to its source (docs/decisions/092).
// My Leads leaves the returned leads out (decision 064), and read term by term it checked that on
// each entry's lead by its primary key: a random read of the leads per entry, most of a search's
// time on SQLite at 1,000,000 leads. The flag ends one agent's index, so My Leads checks it on the
// index entry it reads:
//
//   lead_search_terms.returned: 1 when the lead's returned_at is set, else 0
//   lead_search_terms_by_agent (agent_id, term, created_at, application_id, returned)
//
// The triggers of migration 051 write it with the terms and follow the lead's returned_at as they
// follow its agent and creation time.

const BEFORE: TermColumns = { returned: false };
const AFTER: TermColumns = { returned: true };

async function rewrite(context: MigrationContext, columns: TermColumns) {
  const { queryInterface: qi, transaction } = context;
  const run = (statement: string) => qi.sequelize.query(statement, { transaction });
  await run("DROP INDEX IF EXISTS lead_search_terms_by_agent");
  await run(`CREATE INDEX lead_search_terms_by_agent ON ${termIndexes(columns).lead_search_terms_by_agent}`);
  if (qi.sequelize.getDialect() === "postgres") {
    await run(postgresFunctions(columns));
    return;
  }
  for (const [name, body] of Object.entries(sqliteTriggers(columns))) {
    await run(`DROP TRIGGER IF EXISTS ${name}`);
    await run(`CREATE TRIGGER ${name} ${body}`);
  }
}

export async function up({ context }: { context: MigrationContext }) {
  const { queryInterface: qi, transaction } = context;
  const run = (statement: string) => qi.sequelize.query(statement, { transaction });
  const postgres = qi.sequelize.getDialect() === "postgres";
  await run(
    `ALTER TABLE lead_search_terms ADD COLUMN returned ${postgres ? "smallint" : "INTEGER"} NOT NULL DEFAULT 0`,
  );
  // Few leads are returned; migration 029's index finds them.
  await run(`UPDATE lead_search_terms SET returned = 1
    WHERE application_id IN (SELECT id FROM applications WHERE returned_at IS NOT NULL)`);
  await rewrite(context, AFTER);
}

export async function down({ context }: { context: MigrationContext }) {
  await rewrite(context, BEFORE);
  await context.queryInterface.sequelize.query("ALTER TABLE lead_search_terms DROP COLUMN returned", {
    transaction: context.transaction,
  });
}

/** Every lead's terms written afresh with the columns they have now (prisma-free-db/bulk-load.ts). */
export const rebuildLeadSearchTerms = (sequelize: Sequelize, transaction?: Transaction) =>
  rebuildTerms(sequelize, AFTER, transaction);
