import type { Sequelize, Transaction } from "sequelize";
import {
  SHAPE_024,
  createTrigger,
  dropTrigger,
  recountReportSummaries as recountWith,
  summariesUpsertOfInserted,
  type SummaryShape,
  type SummaryTrigger,
} from "./024-report-summaries";
import { createInsertTriggerPerStatement } from "./026-lead-inserts-counted-per-statement";
import type { MigrationContext } from "./index";

// The reports' summaries (migration 024, decision 055) tell issued sales from submitted ones (issue
// 26 item 2, decision 075): four more figures per row, kept by the same triggers from the lead's row
// alone (the policy's status and issue date are on it, migration 042), so a report's issued premium,
// issued commission and placement rate read as few rows as its sales do.
// - issued_sales, issued_premium_cents, issued_commission_cents: the sales (status sale) whose
//   policy is issued, decision 074's rule: an issue date, and not "not taken"; the commission less
//   the cancelled ones, as commission_cents.
// - decided_sales: the sales whose policy underwriting has decided (neither submitted nor pending
//   underwriting): the placement rate is issued_sales / decided_sales.
// The triggers are made again reading the policy's columns too, each as it was: on Postgres the
// insert's once per statement over its rows (026, decision 059) and the delete's BEFORE DELETE (033),
// SQLite's per row. Every lead there is now is counted again, the table locked on Postgres.
// The bulk load (prisma-free-db/bulk-load.ts) and the leads benchmark count and make the triggers
// with this module's functions: the schema's summaries as they are now.

const SALE = "v.status = 'sale'";
const ISSUED = `${SALE} AND v.policy_issue_date IS NOT NULL AND v.policy_status <> 'not_taken'`;
const DECIDED = `${SALE} AND v.policy_status NOT IN ('submitted', 'pending_underwriting')`;

/** The summaries with the policy's figures: 024's, and four more. */
const SHAPE_043: SummaryShape = {
  columns: [...SHAPE_024.columns, "policy_status", "policy_issue_date"],
  figures: [
    ...SHAPE_024.figures,
    { name: "issued_sales", sum: `SUM(CASE WHEN ${ISSUED} THEN v.sign ELSE 0 END)` },
    {
      name: "issued_premium_cents",
      sum: `SUM(CASE WHEN ${ISSUED} THEN v.sign * COALESCE(v.monthly_premium_cents, 0) ELSE 0 END)`,
    },
    {
      name: "issued_commission_cents",
      sum: `SUM(CASE WHEN ${ISSUED} AND v.commission_cancelled_at IS NULL THEN v.sign * COALESCE(v.calculated_commission_cents, 0) ELSE 0 END)`,
    },
    { name: "decided_sales", sum: `SUM(CASE WHEN ${DECIDED} THEN v.sign ELSE 0 END)` },
  ],
};

const ADDED = [
  { name: "issued_sales", type: "INTEGER" },
  { name: "issued_premium_cents", type: "BIGINT" },
  { name: "issued_commission_cents", type: "BIGINT" },
  { name: "decided_sales", type: "INTEGER" },
] as const;

const INSERT = "report_summaries_lead_insert";
const TRIGGERS: SummaryTrigger[] = [INSERT, "report_summaries_lead_update", "report_summaries_lead_delete"];

/** The summaries' three triggers as `shape` has them, each made as the schema makes it. */
async function createTriggersOf(sequelize: Sequelize, shape: SummaryShape, transaction?: Transaction) {
  const postgres = sequelize.getDialect() === "postgres";
  for (const name of TRIGGERS) {
    if (postgres && name === INSERT) {
      await createInsertTriggerPerStatement(
        sequelize,
        name,
        [summariesUpsertOfInserted("new_leads", shape)],
        transaction,
      );
    } else {
      await createTrigger(sequelize, name, transaction, { shape });
    }
  }
}

/**
 * The summaries' triggers as the schema has them now (the leads benchmark puts them back with it
 * after timing a write without them).
 */
export async function createTriggers(sequelize: Sequelize, transaction?: Transaction) {
  await createTriggersOf(sequelize, SHAPE_043, transaction);
}

/** The summaries' three triggers and their functions, dropped. */
export async function dropTriggers(sequelize: Sequelize, transaction?: Transaction) {
  for (const name of TRIGGERS) await dropTrigger(sequelize, name, transaction);
}

/**
 * Every summary counted again from the leads, set-based, with the policy's figures: this
 * migration's backfill, and the bulk load's after it loads leads with the triggers off.
 */
export async function recountReportSummaries(sequelize: Sequelize, transaction?: Transaction) {
  await recountWith(sequelize, transaction, SHAPE_043);
}

export async function up({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const sequelize = qi.sequelize;
  for (const { name, type } of ADDED) {
    await sequelize.query(`ALTER TABLE report_summaries ADD COLUMN ${name} ${type} NOT NULL DEFAULT 0`, {
      transaction,
    });
  }
  // No lead changes between the count and the new triggers.
  if (sequelize.getDialect() === "postgres") {
    await sequelize.query("LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE", { transaction });
  }
  await dropTriggers(sequelize, transaction);
  await recountReportSummaries(sequelize, transaction);
  await createTriggersOf(sequelize, SHAPE_043, transaction);
}

export async function down({ context: { queryInterface: qi, transaction } }: { context: MigrationContext }) {
  const sequelize = qi.sequelize;
  await dropTriggers(sequelize, transaction);
  // Plain DROP COLUMN, as in 028 and 042: nothing else changes in the table.
  for (const { name } of [...ADDED].reverse()) {
    await sequelize.query(`ALTER TABLE report_summaries DROP COLUMN ${name}`, { transaction });
  }
  // 024's figures are the same whichever triggers kept them: nothing to count again.
  await createTriggersOf(sequelize, SHAPE_024, transaction);
}
