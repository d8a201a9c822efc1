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

/**
 * Which of the ordered bounds `:{name}0 < :{name}1 < ...` a row's date falls after, as a CASE that
 * halves the candidates at each step: a row costs log2(count) comparisons, so 90 days cost 7.
 * Buckets are counted from 0; the caller's WHERE keeps the rows inside the first and last bounds.
 */
export function bucketCase(column: string, name: string, count: number): string {
  const pick = (low: number, high: number): string => {
    if (high - low <= 1) return String(low);
    const middle = (low + high) >> 1;
    return `CASE WHEN ${column} >= :${name}${middle} THEN ${pick(middle, high)} ELSE ${pick(low, middle)} END`;
  };
  return pick(0, count);
}

/**
 * Scalar subqueries and a grouped query in one statement: the numbers ride on each grouped row (a
 * one-row SELECT left-joined to the groups, so they come back even when there are no groups).
 * `key` names a grouped column that is never NULL in a real group.
 * Uncorrelated scalar subqueries run once, however many groups there are.
 */
export async function numbersWithGroups<K extends string, G extends object>(
  subqueries: Record<K, string>,
  grouped: { sql: string; key: string },
  replacements: Record<string, unknown> = {},
): Promise<{ numbers: Record<K, number>; groups: G[] }> {
  const columns = Object.entries(subqueries).map(([key, sql]) => `(${sql as string}) AS "${key}"`);
  const rows = await selectRows<Record<string, unknown>>(
    `SELECT n.*, g.* FROM (SELECT ${columns.join(", ")}) n LEFT JOIN (${grouped.sql}) g ON 1 = 1`,
    replacements,
  );
  const numbers = {} as Record<K, number>;
  for (const key of Object.keys(subqueries) as K[]) numbers[key] = Number(rows[0]?.[key] ?? 0);
  // Without groups the join still answers the numbers' row, with NULL in the group's columns.
  const groups = rows.filter((row) => row[grouped.key] !== null && row[grouped.key] !== undefined) as G[];
  return { numbers, groups };
}
