import { QueryTypes, type Transaction } from "sequelize";
import { z } from "zod";
import { isPostgres, sequelize } from "~db";
import type { Page } from "~/utils/list";
import { column } from "./columns";
import { RowDecodeError, decodeRow } from "./decode";
import { Sql, compile, identifier, join, raw, sql, type SqlValue } from "./statement";

/**
 * The read side (docs/decisions/051): reads are SQL statements built with the `sql` tag, and
 * their rows are read through a zod row schema of column codecs, so both databases' answers come
 * back as one typed shape. Writes go through the models. Import everything from here.
 */

export { and, contains, identifier, join, or, raw, searchPatterns, searchWords, sql, Sql } from "./statement";
export { column } from "./columns";

/** A row schema: `z.object({ id: column.text, total: column.integer })`, optionally transformed. */
type RowSchema<T> = z.ZodType<T, z.ZodTypeDef, unknown>;

/**
 * Where a read runs: inside `transaction` when given (a read that locks rows, or that a write
 * depends on), else on its own.
 */
export type ReadOptions = { transaction?: Transaction };

/** A statement's rows as SQL answers them (see the codecs for why they are decoded). */
function run(statement: Sql, options: ReadOptions = {}) {
  const { text, values } = compile(statement);
  return sequelize.query<Record<string, unknown>>(text, {
    type: QueryTypes.SELECT,
    replacements: values,
    transaction: options.transaction,
  });
}

/** Rows read by a schema; a row that does not fit is a programming error, answered as such. */
function decode<T>(rows: unknown[], schema: RowSchema<T>, statement: Sql): T[] {
  try {
    return rows.map((row) => decodeRow(schema, row));
  } catch (error) {
    if (!(error instanceof RowDecodeError)) throw error;
    throw new Error(`A row of "${compile(statement).text.slice(0, 80)}..." does not fit its schema: ${error.message}`);
  }
}

/** The rows of one SELECT, each read by `schema`. */
export async function selectRows<T>(statement: Sql, schema: RowSchema<T>, options?: ReadOptions): Promise<T[]> {
  return decode(await run(statement, options), schema, statement);
}

/** The first row of a SELECT, or null when there is none. Say LIMIT 1 when more could match. */
export async function selectOne<T>(statement: Sql, schema: RowSchema<T>, options?: ReadOptions): Promise<T | null> {
  const [row] = await selectRows(statement, schema, options);
  return row ?? null;
}

/** The parts of a list's statement; see sqlPage. */
export type PageQuery = {
  /** The columns of a row, over the tables of `from` and `join`. */
  select: Sql;
  /** The table (with its alias) or the joins the filter needs, e.g. sql`applications a`. */
  from: Sql;
  /** The filter, over the tables of `from`; omit for every row. */
  where?: Sql;
  /** ORDER BY's terms over `from`, ending in a unique column so pages never overlap. */
  orderBy: Sql;
  /** Joins that only add columns to a page's rows (a lead's agent's name): not read to count. */
  join?: Sql;
  /**
   * For a large table: the page's keys are cut from an index first (`a.id`), then only that
   * page's rows are read with their columns, so page 200 skips index entries, not rows with their
   * subqueries.
   */
  key?: Sql;
};

/** The statement of a page's rows alone (sqlPage without the total: a dialog's latest entries). */
export function pageRowsSql(query: PageQuery, params: { page: number; pageSize: number }): Sql {
  const where = query.where ?? raw("1 = 1");
  const limit = sql`LIMIT ${params.pageSize} OFFSET ${(params.page - 1) * params.pageSize}`;
  return query.key
    ? sql`SELECT ${query.select} FROM ${query.from} ${query.join ?? raw("")}
        WHERE ${query.key} IN (SELECT ${query.key} FROM ${query.from} WHERE ${where} ORDER BY ${query.orderBy} ${limit})
        ORDER BY ${query.orderBy}`
    : sql`SELECT ${query.select} FROM ${query.from} ${query.join ?? raw("")} WHERE ${where}
        ORDER BY ${query.orderBy} ${limit}`;
}

const TOTAL = z.object({ total: column.integer });

/** How far sqlPage counts with `countUpTo`: that, or the end of the page asked for if deeper. */
export function pageCountCap(countUpTo: number, params: { page: number; pageSize: number }): number {
  return Math.max(countUpTo, params.page * params.pageSize);
}

/**
 * One page of a list and the total its filter matches: the rows (LIMIT/OFFSET of `orderBy`) and a
 * COUNT(*) of `from` and `where`, two statements run together (decision 051 has the measurements
 * against one statement with COUNT(*) OVER ()).
 *
 * With `countUpTo`, a list that may match very many rows counts no further than that (or than the
 * end of the page asked for, if it is deeper), so its cost stays the same whether 2,000 or
 * 2,000,000 rows match (decision 058): past the cap the page says `totalAtLeast`, its `total` the
 * rows counted, and there is always a next page. `counted`: the filter's rows already counted
 * by the caller up to at least that cap + 1 (a search's count from its index, decision 068), so
 * they are not counted again. `countInOrder`: count the rows in `orderBy`'s order, from the index
 * the page reads (a filter checked on each row: SQLite would otherwise pick the smallest index of
 * the filter's columns, without the columns the check reads, and read every row from the table).
 * `countWhere`: the same rows as `where`, written for the count's plan (a search through its index).
 */
export async function sqlPage<T>(
  query: PageQuery,
  params: { page: number; pageSize: number },
  schema: RowSchema<T>,
  {
    countUpTo,
    counted: countedBefore,
    countInOrder = false,
    countWhere,
  }: { countUpTo?: number; counted?: number; countInOrder?: boolean; countWhere?: Sql } = {},
): Promise<Page<T>> {
  const where = countWhere ?? query.where ?? raw("1 = 1");
  const cap = countUpTo === undefined ? null : pageCountCap(countUpTo, params);
  const [page, counted] = await Promise.all([
    selectRows(pageRowsSql(query, params), schema),
    countedBefore !== undefined
      ? { total: countedBefore }
      : selectOne(
          cap === null
            ? sql`SELECT COUNT(*) AS total FROM ${query.from} WHERE ${where}`
            : sql`SELECT COUNT(*) AS total FROM (SELECT 1 FROM ${query.from} WHERE ${where}
                ${countInOrder ? sql`ORDER BY ${query.orderBy}` : raw("")} LIMIT ${cap + 1}) counted`,
          TOTAL,
        ),
  ]);
  const total = counted?.total ?? 0;
  const base = { rows: page, page: params.page, pageSize: params.pageSize };
  return cap !== null && total > cap ? { ...base, total: cap, totalAtLeast: true } : { ...base, total };
}

const COUNTED = z.object({ value: column.text.nullable(), count: column.integer });

/**
 * How many rows have each value of one column, in one GROUP BY, plus `all`: the figures behind a
 * list's tabs and stat cards. Values in `keys` with no rows answer 0, so a tab always has a number.
 * `count` sums a kept figure instead of counting rows (SUM(s.leads) of the report summaries).
 */
export async function countBy<K extends string>(
  query: { column: Sql; from: Sql; where?: Sql; count?: Sql },
  keys: readonly K[] = [],
): Promise<Record<K | "all", number>> {
  const rows = await selectRows(
    sql`SELECT ${query.column} AS value, ${query.count ?? raw("COUNT(*)")} AS count FROM ${query.from}
        WHERE ${query.where ?? raw("1 = 1")} GROUP BY ${query.column}`,
    COUNTED,
  );
  const counts = { all: 0 } as Record<K | "all", number>;
  for (const key of keys) counts[key] = 0;
  for (const row of rows) {
    if (row.value !== null) counts[row.value as K] = row.count;
    counts.all += row.count;
  }
  return counts;
}

/**
 * `column >= start AND column < end` for the bounds a period has, or a condition every row meets
 * (All Time).
 */
export function withinRange(columnName: Sql, range: { start: Date | null; end: Date | null }): Sql {
  const conditions: Sql[] = [];
  if (range.start) conditions.push(sql`${columnName} >= ${range.start}`);
  if (range.end) conditions.push(sql`${columnName} < ${range.end}`);
  return conditions.length ? join(conditions, " AND ") : raw("1 = 1");
}

/**
 * Which of the ordered `bounds` a row's date falls after, as a CASE that halves the candidates at
 * each step: a row costs log2(count) comparisons, so 90 days cost 7. Buckets are counted from 0;
 * the caller's WHERE keeps the rows inside the first and last bounds.
 */
export function bucketCase(columnName: Sql, bounds: readonly SqlValue[]): Sql {
  const pick = (low: number, high: number): Sql => {
    if (high - low <= 1) return sql`${low}`;
    const middle = (low + high) >> 1;
    return sql`CASE WHEN ${columnName} >= ${bounds[middle]} THEN ${pick(middle, high)} ELSE ${pick(low, middle)} END`;
  };
  return pick(0, bounds.length - 1);
}

/** A short list that rides in another statement as one column (pageReads' lists). */
export type ListColumn<T> = {
  /** A SELECT with ORDER BY and LIMIT whose column names are `row`'s keys. */
  query: Sql;
  row: z.ZodObject<z.ZodRawShape, z.UnknownKeysParam, z.ZodTypeAny, T>;
};

/** A list's rows for one column of another statement; `column.list(row)` reads it. */
export function listColumn<S extends z.ZodRawShape, T>(
  query: Sql,
  row: z.ZodObject<S, z.UnknownKeysParam, z.ZodTypeAny, T>,
): ListColumn<T> {
  return { query, row };
}

/**
 * A list's rows as a JSON array of objects, in the order its SELECT gives them: `json_agg` on
 * Postgres, `json_group_array(json_object(...))` on SQLite (which needs the column names); both
 * aggregate a sorted subquery's rows in that order.
 */
function listColumnSql(list: ListColumn<unknown>): Sql {
  if (isPostgres) return sql`SELECT COALESCE(json_agg(r), '[]'::json) FROM (${list.query}) r`;
  // The keys are bound as text values; each column is read by its quoted name.
  const pairs = Object.keys(list.row.shape).map((name) => sql`${name}, r.${identifier(name)}`);
  return sql`SELECT COALESCE(json_group_array(json_object(${join(pairs)})), '[]') FROM (${list.query}) r`;
}

/**
 * A page's reads in one statement (decision 040): scalar subqueries (counts, sums) read as
 * numbers, short lists, and optionally a grouped query whose rows come back beside them (a one-row
 * SELECT left-joined to the groups, so the figures come back even when there are no groups).
 * `key` names a grouped column that is never NULL in a real group. Uncorrelated subqueries run
 * once, however many groups there are.
 */
export async function pageReads<
  K extends string,
  L extends Record<string, ListColumn<unknown>> = Record<never, ListColumn<unknown>>,
  G = never,
>(reads: {
  numbers: Record<K, Sql>;
  lists?: L;
  grouped?: { query: Sql; key: string; row: RowSchema<G> };
}): Promise<{
  numbers: Record<K, number>;
  lists: { [P in keyof L]: L[P] extends ListColumn<infer T> ? T[] : never };
  groups: G[];
}> {
  const lists = (reads.lists ?? {}) as L;
  const columns = [
    ...Object.entries<Sql>(reads.numbers).map(([name, query]) => sql`(${query}) AS ${identifier(name)}`),
    ...Object.entries<ListColumn<unknown>>(lists).map(
      ([name, list]) => sql`(${listColumnSql(list)}) AS ${identifier(name)}`,
    ),
  ];
  const one = sql`SELECT ${join(columns)}`;
  const statement = reads.grouped
    ? sql`SELECT n.*, g.* FROM (${one}) n LEFT JOIN (${reads.grouped.query}) g ON 1 = 1`
    : one;
  const rows = await run(statement);
  const first = rows[0] ?? {};
  const numbers = {} as Record<K, number>;
  for (const name of Object.keys(reads.numbers) as K[]) numbers[name] = decodeRow(column.sum, first[name] ?? null);
  const listed = {} as Record<string, unknown[]>;
  for (const [name, list] of Object.entries<ListColumn<unknown>>(lists)) {
    // SQLite answers the list as JSON text, Postgres as parsed JSON.
    const value = first[name] ?? null;
    const rows = (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as unknown[];
    listed[name] = decode(rows, list.row, statement);
  }
  const grouped = reads.grouped;
  // Without groups the join still answers the figures' row, with NULL in the group's columns.
  const groups = grouped
    ? decode(
        rows.filter((row) => row[grouped.key] !== null && row[grouped.key] !== undefined),
        grouped.row,
        statement,
      )
    : [];
  return { numbers, lists: listed as never, groups };
}

/**
 * Several scalar subqueries (counts, sums) in one statement, read as numbers: a page's figures
 * cost one round trip. A NULL (an empty SUM) reads as 0.
 */
export async function numbersInOneStatement<K extends string>(subqueries: Record<K, Sql>): Promise<Record<K, number>> {
  return (await pageReads({ numbers: subqueries })).numbers;
}
