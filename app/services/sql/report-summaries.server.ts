import { isPostgres } from "~db";
import { and, join, or, sql, type Sql } from "./reads.server";

// Reading the reports' summaries (migration 024, docs/decisions/055): rows of buckets of 1, 4, 24,
// 192 and 1536 hours (levels 0 to 4), each keyed by the hours since 1970 at its start, in four
// cubes of dimensions. A range of instants on whole hours is read as at most nine ranges of
// buckets, none crossing its ends, so a sum over them is exactly the sum over the leads created in
// the range, and the buckets read grow with the range's length only through the widest level.

/** The cubes (see migration 024): which dimensions a row keeps. */
export const CUBE = { status: 1, agent: 2, carrierProduct: 3, full: 4 } as const;

/** The agent_id or carrier_id of a lead without one (and of a cube that leaves it out). */
export const NONE = "00000000-0000-0000-0000-000000000000";

const HOUR_MS = 3_600_000;

/** Hours since 1970 of an instant on a whole hour (every selectable time zone's midnights are). */
export function hourOf(instant: Date): number {
  const ms = instant.getTime();
  if (ms % HOUR_MS !== 0)
    throw new RangeError(`A report boundary must fall on a whole UTC hour: ${instant.toISOString()}`);
  return ms / HOUR_MS;
}

/** The buckets' widths in hours, level by level (migration 024): each divides the next. */
const WIDTHS = [1, 4, 24, 192, 1536] as const;

/** The level of the widest buckets: every lead is in one of them, so a sum over all time reads the fewest rows there. */
export const WIDEST_LEVEL = WIDTHS.length - 1;

/** The first hour of 1970 and of 10000: a range with no start or no end reaches them. */
const FIRST_HOUR = 0;
const LAST_HOUR = Date.UTC(10_000, 0, 1) / HOUR_MS;

type BucketRange = { level: number; from: number; to: number };

/**
 * [start, end) as ranges of buckets: at each level, the buckets up to the first and from the last
 * boundary of the next level's, and the rest one level up; the widest level takes what is left.
 * A period's edges cost at most (next width / width - 1) buckets a level on each side.
 */
function bucketRanges(start: Date | null, end: Date | null): BucketRange[] {
  const ranges: BucketRange[] = [];
  let from = start ? hourOf(start) : FIRST_HOUR;
  let to = end ? hourOf(end) : LAST_HOUR;
  for (let level = 0; from < to; level++) {
    const next = WIDTHS[level + 1];
    const inner = next === undefined ? null : { from: Math.ceil(from / next) * next, to: Math.floor(to / next) * next };
    if (!inner || inner.from >= inner.to) {
      ranges.push({ level, from, to });
      break;
    }
    if (from < inner.from) ranges.push({ level, from, to: inner.from });
    if (inner.to < to) ranges.push({ level, from: inner.to, to });
    ({ from, to } = inner);
  }
  return ranges;
}

/**
 * The summary rows of one cube whose buckets lie in one of the periods [start, end) and that meet
 * `conditions` (on alias s), as a FROM source named s. Consecutive periods share their ends (a
 * report and its previous period, a trend's months). SQLite gets one SELECT per range of buckets
 * under UNION ALL, so each reads its range through the index that fits its conditions (given an OR
 * of the ranges it may scan the whole cube); Postgres one SELECT with the OR, which it reads as a
 * BitmapOr of the ranges (under UNION ALL it starts parallel workers for a few short reads).
 */
export function summaryRows(
  cube: number,
  periods: { start: Date | null; end: Date | null }[],
  conditions: readonly (Sql | null | undefined | false | "")[] = [],
): Sql {
  const ranges = periods
    .flatMap((p) => bucketRanges(p.start, p.end))
    .map((r) => sql`s.level = ${r.level} AND s.bucket >= ${r.from} AND s.bucket < ${r.to}`);
  const select = (range: Sql) =>
    sql`SELECT s.* FROM report_summaries s WHERE ${and([sql`s.cube = ${cube}`, range, ...conditions])}`;
  if (isPostgres || ranges.length === 0) return sql`(${select(or(ranges))}) s`;
  return sql`(${join(ranges.map(select), " UNION ALL ")}) s`;
}
