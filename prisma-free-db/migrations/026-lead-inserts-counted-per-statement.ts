import { createTrigger as createUnreadTrigger } from "./007-unread-lead-counts";
import { createTrigger as createSummariesTrigger, summariesUpsertOfInserted } from "./024-report-summaries";
import type { Sequelize, Transaction } from "sequelize";
import type { MigrationContext } from "./index";

// Postgres: the two triggers that count a new lead (every admin's and its agent's unread count,
// migration 007; the report summaries, 024) run once per INSERT statement over the rows it added
// (a transition table), not once per row (docs/decisions/059). Row by row, one statement of 1,000
// leads updated every admin's count row 1,000 times and each summary row as often, and on Postgres
// each update walks the row versions the ones before it left in the same statement: with 50 admins
// it took 22.6 s (17 s the counts, 2.5 s the summaries) where the insert alone took 0.1 s. An import
// or a vendor's batch of leads is one statement now, each count row touched once.
//
// The rules are the row triggers' own: a new lead counts for every admin and for its agent's user
// unless that user is an admin (counted once, as the row trigger's UNION did); the summaries add the
// inserted rows' contributions grouped by key, in key order. The count rows are locked in user_id
// order first, as every other trigger of 007 does. SQLite has no statement-level triggers and no
// row versions to walk: it keeps the row triggers.

const UNREAD = "unread_lead_counts_lead_insert";
const SUMMARIES = "report_summaries_lead_insert";

const usersOfNewLeads = `SELECT u.id FROM users u WHERE u.role = 'admin'
  UNION SELECT g.user_id FROM agents g WHERE g.id IN (SELECT agent_id FROM new_leads)`;

const countNewLeads = `UPDATE unread_lead_counts c SET count = c.count + d.added FROM (
    SELECT u.id AS user_id, (SELECT COUNT(*) FROM new_leads) AS added FROM users u WHERE u.role = 'admin'
    UNION ALL
    SELECT g.user_id, COUNT(*) FROM new_leads l JOIN agents g ON g.id = l.agent_id
      JOIN users u ON u.id = g.user_id AND u.role <> 'admin' GROUP BY g.user_id
  ) d WHERE c.user_id = d.user_id`;

async function replace(context: MigrationContext, name: string, statements: string[]) {
  const { queryInterface: qi, transaction } = context;
  await qi.sequelize.query(`DROP TRIGGER ${name} ON applications`, { transaction });
  await qi.sequelize.query(`DROP FUNCTION ${name}()`, { transaction });
  await createInsertTriggerPerStatement(qi.sequelize, name, statements, transaction);
}

/**
 * Postgres: the trigger `name` and its function, running `statements` once per INSERT statement
 * over the rows it added (`new_leads`). Migration 043 makes the summaries' again with its figures.
 */
export async function createInsertTriggerPerStatement(
  sequelize: Sequelize,
  name: string,
  statements: string[],
  transaction?: Transaction,
) {
  await sequelize.query(
    `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       -- An INSERT that added nothing (ON CONFLICT DO NOTHING) changes no count and locks none.
       IF NOT EXISTS (SELECT 1 FROM new_leads) THEN RETURN NULL; END IF;
       ${statements.map((statement) => `${statement};`).join("\n")}
       RETURN NULL;
     END $$`,
    { transaction },
  );
  await sequelize.query(
    `CREATE TRIGGER ${name} AFTER INSERT ON applications REFERENCING NEW TABLE AS new_leads
     FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`,
    { transaction },
  );
}

export async function up({ context }: { context: MigrationContext }) {
  if (context.queryInterface.sequelize.getDialect() !== "postgres") return;
  await replace(context, UNREAD, [
    `PERFORM 1 FROM unread_lead_counts WHERE user_id IN (${usersOfNewLeads}) ORDER BY user_id FOR UPDATE`,
    countNewLeads,
  ]);
  await replace(context, SUMMARIES, [summariesUpsertOfInserted("new_leads")]);
}

export async function down({ context }: { context: MigrationContext }) {
  const { queryInterface: qi, transaction } = context;
  if (qi.sequelize.getDialect() !== "postgres") return;
  for (const name of [UNREAD, SUMMARIES]) {
    await qi.sequelize.query(`DROP TRIGGER ${name} ON applications`, { transaction });
    await qi.sequelize.query(`DROP FUNCTION ${name}()`, { transaction });
  }
  await createUnreadTrigger(qi.sequelize, UNREAD, transaction);
  await createSummariesTrigger(qi.sequelize, SUMMARIES, transaction);
}
