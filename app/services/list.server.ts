import { fn, literal, type Model, type ModelStatic, type WhereOptions } from "sequelize";

/**
 * The model-based list kit, kept only for lead-reads.server.ts's tab counts until they move to the
 * typed SQL kit (`countBy` in app/services/sql/reads.server.ts; issue 22, decision 051). Delete this
 * file then.
 */

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
  const column = model.sequelize!.getQueryInterface().quoteIdentifier(field);
  const rows = (await model.findAll({
    where,
    attributes: [
      [literal(column), "value"],
      [fn("COUNT", literal("*")), "count"],
    ],
    group: [literal(column) as unknown as string],
    raw: true,
  })) as unknown as { value: string; count: number }[];
  const counts = { all: 0 } as Record<K | "all", number>;
  for (const key of keys) counts[key] = 0;
  for (const { value, count } of rows) {
    // COUNT(*) is a number from SQLite and from pg's BIGINT parser (prisma-free-db/index.ts).
    counts[value as K] = count;
    counts.all += count;
  }
  return counts;
}
