import {
  Op,
  col,
  fn,
  literal,
  where as sqlWhere,
  type FindOptions,
  type Model,
  type ModelStatic,
  type WhereOptions,
} from "sequelize";
import { sequelize } from "~db";
import { limitOffset, type Page } from "~/utils/list";

/**
 * The list kit's database half: one page of rows and the total, and the counts behind a list's
 * stat cards and tabs, each asked of the database (never filtered or counted in memory).
 */

/**
 * One page of a model's rows: the rows (only the attributes asked for) and the total, in two
 * queries run together. `where` is shared by both so the total always matches the filter.
 */
export async function findPage<M extends Model, T>(
  model: ModelStatic<M>,
  params: { page: number; pageSize: number },
  query: Omit<FindOptions<M>, "limit" | "offset"> & { where?: WhereOptions<M> },
  toRow: (row: M) => T,
): Promise<Page<T>> {
  const [rows, total] = await Promise.all([
    model.findAll({ ...query, ...limitOffset(params) }),
    model.count({ where: query.where, ...(query.include ? { include: query.include, distinct: true } : {}) } as never),
  ]);
  return { rows: rows.map(toRow), total: Number(total), page: params.page, pageSize: params.pageSize };
}

/**
 * How many rows have each value of one column, in a single GROUP BY, plus `all`. Values in
 * `keys` that have no rows answer 0, so a tab or stat card always has a number to show.
 */
export async function countBy<K extends string>(
  model: ModelStatic<Model>,
  attribute: string,
  where: WhereOptions = {},
  keys: readonly K[] = [],
): Promise<Record<K | "all", number>> {
  const field = model.getAttributes()[attribute]?.field ?? attribute;
  const rows = (await model.findAll({
    where,
    attributes: [
      [literal(quoteIdentifier(model, field)), "value"],
      [fn("COUNT", literal("*")), "count"],
    ],
    group: [literal(quoteIdentifier(model, field)) as unknown as string],
    raw: true,
  })) as unknown as { value: string; count: number | string }[];
  const counts = { all: 0 } as Record<K | "all", number>;
  for (const key of keys) counts[key] = 0;
  for (const row of rows) {
    counts[row.value as K] = Number(row.count);
    counts.all += Number(row.count);
  }
  return counts;
}

function quoteIdentifier(model: ModelStatic<Model>, field: string) {
  return model.sequelize!.getQueryInterface().quoteIdentifier(field);
}

/**
 * A list's ?search=: every word must appear, case-insensitively, in one of the columns (given as
 * SQL names, e.g. "user.first_name" for an included model). Works the same on SQLite and
 * Postgres: `lower(column) LIKE lower('%word%')` with any % or _ typed taken literally (ESCAPE is
 * spelled out because SQLite has no default escape character).
 */
export function searchWhere(columns: string[], search: string | undefined): WhereOptions {
  const words = (search ?? "").split(/\s+/).filter(Boolean);
  const contains = (column: string, word: string) => {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sqlWhere(fn("lower", col(column)), Op.like, literal(`lower(${sequelize.escape(pattern)}) ESCAPE '\\'`));
  };
  return { [Op.and]: words.map((word) => ({ [Op.or]: columns.map((column) => contains(column, word)) })) };
}
