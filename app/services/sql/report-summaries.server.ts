import { and, or, sql, type Sql } from "./reads.server";

// Reading the reports' summaries (migration 024, docs/decisions/055): rows of UTC hours (level 0),
// days (1) and months (2), each keyed by the hours since 1970 at its start, in four cubes of
// dimensions. A range of instants on whole hours is read as at most five ranges of buckets, none
// crossing its ends, so a sum over them is exactly the sum over the leads created in the range.

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

const monthStart = (hour: number, add: 0 | 1) => {
  const at = new Date(hour * HOUR_MS);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + add, 1) / HOUR_MS;
};
const dayFloor = (hour: number) => Math.floor(hour / 24) * 24;
const dayCeil = (hour: number) => Math.ceil(hour / 24) * 24;
const monthCeil = (hour: number) => (monthStart(hour, 0) === hour ? hour : monthStart(hour, 1));

/** The first hour of 1970 and of 10000: a range with no start or no end reaches them. */
const FIRST_HOUR = 0;
const LAST_HOUR = Date.UTC(10_000, 0, 1) / HOUR_MS;

type BucketRange = { level: 0 | 1 | 2; from: number; to: number };

/**
 * [start, end) as ranges of buckets: hours up to the first UTC midnight, days up to the first
 * month, whole months, then days and hours to the end.
 * @internal
 */
export function bucketRanges(start: Date | null, end: Date | null): BucketRange[] {
  const from = start ? hourOf(start) : FIRST_HOUR;
  const to = end ? hourOf(end) : LAST_HOUR;
  if (from >= to) return [];
  const firstDay = dayCeil(from);
  const lastDay = dayFloor(to);
  if (firstDay >= lastDay) return [{ level: 0, from, to }];
  const ranges: BucketRange[] = [
    { level: 0, from, to: firstDay },
    { level: 0, from: lastDay, to },
  ];
  const firstMonth = monthCeil(firstDay);
  const lastMonth = monthStart(lastDay, 0);
  if (firstMonth >= lastMonth) {
    ranges.push({ level: 1, from: firstDay, to: lastDay });
  } else {
    ranges.push(
      { level: 1, from: firstDay, to: firstMonth },
      { level: 1, from: lastMonth, to: lastDay },
      { level: 2, from: firstMonth, to: lastMonth },
    );
  }
  return ranges.filter((r) => r.from < r.to);
}

/**
 * The summary rows (alias s) of one cube whose buckets lie in one of the periods [start, end),
 * consecutive periods sharing their ends (a report and its previous period, a trend's months).
 */
export function summariesIn(cube: number, periods: { start: Date | null; end: Date | null }[]): Sql {
  const ranges = periods.flatMap((p) => bucketRanges(p.start, p.end));
  return and([
    sql`s.cube = ${cube}`,
    or(ranges.map((r) => sql`(s.level = ${r.level} AND s.bucket >= ${r.from} AND s.bucket < ${r.to})`)),
  ]);
}
