import { QueryTypes } from "sequelize";
import { isPostgres, sequelize } from "~db";

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
  return (await pageReads({ numbers: subqueries }, replacements)).numbers;
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
 * A short list (a dashboard's newest rows) that rides in another statement as one column: its rows
 * as a JSON array of objects with `columns` as keys, in the order `sql` gives them (an ORDER BY
 * with a LIMIT; both databases aggregate a sorted subquery's rows in that order).
 */
export type ListQuery = { sql: string; columns: readonly string[] };

function jsonListColumn({ sql, columns }: ListQuery) {
  if (isPostgres) return `SELECT COALESCE(json_agg(r), '[]'::json) FROM (${sql}) r`;
  const pairs = columns.map((column) => `'${column}', r."${column}"`).join(", ");
  return `SELECT COALESCE(json_group_array(json_object(${pairs})), '[]') FROM (${sql}) r`;
}

/** A list column as read: Postgres parses JSON, SQLite answers its text. */
function listRows(value: unknown): Record<string, unknown>[] {
  if (value === null || value === undefined) return [];
  return (typeof value === "string" ? JSON.parse(value) : value) as Record<string, unknown>[];
}

/**
 * A page's reads in one statement: scalar subqueries (counts, sums) read as numbers, short lists
 * (ListQuery), and optionally a grouped query, whose rows carry the numbers and lists (a one-row
 * SELECT left-joined to the groups, so they come back even when there are no groups). `key` names
 * a grouped column that is never NULL in a real group. Uncorrelated subqueries run once, however
 * many groups there are. Each statement costs the server a round trip and the driver's and
 * Sequelize's work around it, so a dashboard asks once.
 */
export async function pageReads<K extends string, L extends string = never, G extends object = Record<string, unknown>>(
  reads: {
    numbers: Record<K, string>;
    lists?: Record<L, ListQuery>;
    grouped?: { sql: string; key: string };
  },
  replacements: Record<string, unknown> = {},
): Promise<{ numbers: Record<K, number>; lists: Record<L, Record<string, unknown>[]>; groups: G[] }> {
  const lists = (reads.lists ?? {}) as Record<L, ListQuery>;
  const columns = [
    ...Object.entries<string>(reads.numbers).map(([key, sql]) => `(${sql}) AS "${key}"`),
    ...Object.entries<ListQuery>(lists).map(([key, list]) => `(${jsonListColumn(list)}) AS "${key}"`),
  ];
  const one = `SELECT ${columns.join(", ")}`;
  const rows = await selectRows<Record<string, unknown>>(
    reads.grouped ? `SELECT n.*, g.* FROM (${one}) n LEFT JOIN (${reads.grouped.sql}) g ON 1 = 1` : one,
    replacements,
  );
  const numbers = {} as Record<K, number>;
  for (const key of Object.keys(reads.numbers) as K[]) numbers[key] = Number(rows[0]?.[key] ?? 0);
  const listed = {} as Record<L, Record<string, unknown>[]>;
  for (const key of Object.keys(lists) as L[]) listed[key] = listRows(rows[0]?.[key]);
  const key = reads.grouped?.key;
  // Without groups the join still answers the numbers' row, with NULL in the group's columns.
  const groups = key ? (rows.filter((row) => row[key] !== null && row[key] !== undefined) as G[]) : [];
  return { numbers, lists: listed, groups };
}
