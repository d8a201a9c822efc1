import { QueryTypes } from "sequelize";
import { sequelize } from "~db";

/**
 * Plain SQL for the reads every page repeats (shell figures, dashboards). Model queries cost more
 * than the SQL they run: Sequelize builds the statement, and on SQLite asks `PRAGMA table_info` of
 * every table involved before each SELECT. These helpers run one statement and read plain rows.
 */

/**
 * Several scalar subqueries (counts, sums) in one statement, read as numbers: a page's figures cost
 * one round trip. Keys are quoted so Postgres keeps their case; a NULL (an empty SUM) reads as 0.
 */
export async function numbersInOneStatement<K extends string>(
  subqueries: Record<K, string>,
  replacements: Record<string, unknown> = {},
): Promise<Record<K, number>> {
  const columns = Object.entries(subqueries).map(([key, sql]) => `(${sql as string}) AS "${key}"`);
  const [row] = await selectRows<Record<K, number | string | null>>(`SELECT ${columns.join(", ")}`, replacements);
  const result = {} as Record<K, number>;
  for (const key of Object.keys(subqueries) as K[]) result[key] = Number(row?.[key] ?? 0);
  return result;
}

/** Plain rows of one SELECT. SQLite answers dates as strings and booleans as 0/1. */
export function selectRows<T extends object>(sql: string, replacements: Record<string, unknown> = {}) {
  return sequelize.query<T>(sql, { type: QueryTypes.SELECT, replacements });
}

/**
 * `column >= :start AND column < :end` for the bounds a period has (none for All Time), with the
 * replacements it needs.
 */
export function withinRange(column: string, range: { start: Date | null; end: Date | null }, name = "range") {
  const conditions: string[] = [];
  const replacements: Record<string, Date> = {};
  if (range.start) {
    conditions.push(`${column} >= :${name}Start`);
    replacements[`${name}Start`] = range.start;
  }
  if (range.end) {
    conditions.push(`${column} < :${name}End`);
    replacements[`${name}End`] = range.end;
  }
  return { sql: conditions.length ? conditions.join(" AND ") : "1 = 1", replacements };
}
