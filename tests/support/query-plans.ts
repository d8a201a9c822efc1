import { QueryTypes } from "sequelize";
import { sequelize } from "~db";
import { Sql, compile } from "~/services/sql/statement";

/** A kit statement as its text and values, or SQL text with its named replacements. */
function textAndValues(statement: Sql | string, replacements: Record<string, unknown> = {}) {
  if (!(statement instanceof Sql)) return { text: statement, replacements };
  const { text, values } = compile(statement);
  return { text, replacements: values };
}

/** SQLite's plan of a statement as text (EXPLAIN QUERY PLAN's details, one a line). */
export async function sqlitePlan(statement: Sql | string, named?: Record<string, unknown>): Promise<string> {
  const { text, replacements } = textAndValues(statement, named);
  const rows = await sequelize.query<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, {
    type: QueryTypes.SELECT,
    replacements,
  });
  return rows.map((row) => row.detail).join("\n");
}

/**
 * Postgres's plan of a statement as text, taken with sequential scans off and, inside a
 * transaction rolled back, the indexes matching `setAside` (a condition over pg_indexes) dropped.
 * Postgres plans the tiny test tables by cost alone; with the indexes a large table would not
 * choose for the query set aside, the plan shows that the index under test can answer it.
 */
export async function postgresPlanSettingAside(
  statement: Sql | string,
  named: Record<string, unknown> | undefined,
  setAside: string,
): Promise<string> {
  const { text, replacements } = textAndValues(statement, named);
  let plan = "";
  const rolledBack = new Error("rolled back on purpose");
  await sequelize
    .transaction(async (transaction) => {
      const others = await sequelize.query<{ indexname: string }>(
        `SELECT indexname FROM pg_indexes WHERE ${setAside}`,
        { type: QueryTypes.SELECT, transaction },
      );
      for (const { indexname } of others) await sequelize.query(`DROP INDEX "${indexname}"`, { transaction });
      await sequelize.query("SET LOCAL enable_seqscan = off", { transaction });
      const rows = await sequelize.query<{ "QUERY PLAN": string }>(`EXPLAIN ${text}`, {
        type: QueryTypes.SELECT,
        replacements,
        transaction,
      });
      plan = rows.map((row) => row["QUERY PLAN"]).join("\n");
      throw rolledBack;
    })
    .catch((error: unknown) => {
      if (error !== rolledBack) throw error;
    });
  return plan;
}
