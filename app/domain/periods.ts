export const PERIODS = [
  "all",
  "today",
  "yesterday",
  "last3days",
  "thisweek",
  "lastweek",
  "thismonth",
  "lastmonth",
  "custom",
] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  all: "All Time",
  today: "Today",
  yesterday: "Yesterday",
  last3days: "Last 3 Days",
  thisweek: "This Week",
  lastweek: "Last Week",
  thismonth: "This Month",
  lastmonth: "Last Month",
  custom: "Custom Range",
};

/** Sentence-case captions shown under dashboard cards ("12 leads · This week"). */
export const PERIOD_CAPTIONS: Record<Period, string> = {
  today: "Today",
  all: "All time",
  yesterday: "Yesterday",
  last3days: "Last 3 days",
  thisweek: "This week",
  lastweek: "Last week",
  thismonth: "This month",
  lastmonth: "Last month",
  custom: "Custom range",
};

export type LocalDateParts = {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  /** 0 = Sunday ... 6 = Saturday */
  weekday: number;
};

type WallClock = LocalDateParts & { hour: number; minute: number; second: number };

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

// Building a DateTimeFormat is far slower than using one, and period math runs on every request.
const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      weekday: "short",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(date: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const { type, value } of wallClockFormatter(timeZone).formatToParts(date)) parts[type] = value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday),
    // Some engines still print midnight as "24" despite h23.
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The calendar date and weekday that `date` falls on in `timeZone`. */
export function localDateParts(date: Date, timeZone: string): LocalDateParts {
  const { year, month, day, weekday } = wallClock(date, timeZone);
  return { year, month, day, weekday };
}

/** Milliseconds to add to a UTC instant to get the wall-clock time in `timeZone` at that instant. */
function offsetAt(epochMs: number, timeZone: string): number {
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  const w = wallClock(new Date(wholeSeconds), timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - wholeSeconds;
}

/**
 * The instant a wall-clock time happens in `timeZone`. Out-of-range fields roll over like
 * Date.UTC (day 0 is the last day of the previous month). A time skipped by a clock change
 * moves forward by the gap and a repeated time takes its first occurrence, as Temporal's
 * "compatible" rule does.
 */
function zonedTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  ms: number,
  timeZone: string,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Near a clock change the offset at the guess and at the corrected instant differ; between
  // them they cover both sides of the change.
  const guessed = offsetAt(asUtc, timeZone);
  const corrected = offsetAt(asUtc - guessed, timeZone);
  const candidates = [...new Set([guessed, corrected])].map((offset) => asUtc - offset);
  const valid = candidates.filter((t) => offsetAt(t, timeZone) === asUtc - t);
  return new Date(valid.length > 0 ? Math.min(...valid) : Math.max(...candidates));
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock "YYYY-MM-DDTHH:mm" (a datetime-local input's value) happens in
 * `timeZone`, or null when it is not a real date and time.
 */
export function zonedDateTime(local: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (!parseIsoDate(local.trim().slice(0, 10)) || hour > 23 || minute > 59) return null;
  return zonedTime(year, month, day, hour, minute, 0, 0, timeZone);
}

/** An instant as a datetime-local input shows it in `timeZone`: "YYYY-MM-DDTHH:mm". */
export function localDateTimeValue(date: Date | string, timeZone: string): string {
  const w = wallClock(new Date(date), timeZone);
  return `${isoDate(w.year, w.month, w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

// A day's midnight in a time zone never changes, and the same few are asked on every request (a
// dashboard's chart asks for 8 to 91 of them, each three or four Intl calls): kept once worked out,
// up to a bound, then started afresh.
const midnights = new Map<string, number>();
const MIDNIGHTS_KEPT = 20_000;

/** The instant local midnight starts day y-m-d (m is 1-12) in `timeZone`. */
export function zonedMidnight(year: number, month: number, day: number, timeZone: string): Date {
  const key = `${timeZone} ${year} ${month} ${day}`;
  let instant = midnights.get(key);
  if (instant === undefined) {
    instant = zonedTime(year, month, day, 0, 0, 0, 0, timeZone).getTime();
    if (midnights.size >= MIDNIGHTS_KEPT) midnights.clear();
    midnights.set(key, instant);
  }
  return new Date(instant);
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

export function isoDate(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** Parses a YYYY-MM-DD calendar date, rejecting impossible dates such as 2026-02-30. */
export function parseIsoDate(iso: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** Today's calendar date in `timeZone`, as YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const { year, month, day } = localDateParts(now, timeZone);
  return isoDate(year, month, day);
}

/**
 * `todayIn` for many instants: the calendar date in `timeZone`, reading the clock once per local
 * day rather than once per instant. An export's rows come in date order, so nearly every one falls
 * on the day of the row before it (the per-row clock reading was half an export's time).
 */
export function localDateLabeler(timeZone: string): (date: Date) => string {
  let start = Infinity;
  let end = -Infinity;
  let label = "";
  return (date) => {
    const t = date.getTime();
    if (t >= start && t < end) return label;
    label = todayIn(timeZone, date);
    const { year, month, day } = parseIsoDate(label)!;
    start = zonedMidnight(year, month, day, timeZone).getTime();
    end = zonedMidnight(year, month, day + 1, timeZone).getTime();
    return label;
  };
}

export function addDaysIso(iso: string, n: number): string {
  const date = parseIsoDate(iso);
  if (!date) throw new Error(`Invalid date "${iso}": expected YYYY-MM-DD.`);
  return isoDate(date.year, date.month, date.day + n);
}

export type PeriodRange = { start: Date | null; end: Date | null };

/**
 * The days from..to (YYYY-MM-DD, both included) as instants in `timeZone`: from the local
 * midnight starting `from` to the one ending `to`. Either end may be open.
 */
export function zonedDayRange(from: string | undefined, to: string | undefined, timeZone: string): PeriodRange {
  const midnight = (iso: string | undefined) => {
    const day = iso ? parseIsoDate(iso) : null;
    return day ? zonedMidnight(day.year, day.month, day.day, timeZone) : null;
  };
  return { start: midnight(from), end: to ? midnight(addDaysIso(to, 1)) : null };
}

/**
 * The UTC instants bounding `period` as the user's calendar sees it: start inclusive, end
 * exclusive. Days are computed from local midnights, so a day across a daylight-saving change is
 * 23 or 25 hours long.
 */
export function periodRange(
  period: Period,
  opts: { timeZone: string; now?: Date; startDate?: string; endDate?: string },
): PeriodRange {
  const { timeZone, now = new Date() } = opts;
  const { year, month, day, weekday } = localDateParts(now, timeZone);
  const midnight = (y: number, m: number, d: number) => zonedMidnight(y, m, d, timeZone);

  switch (period) {
    case "all":
      return { start: null, end: null };
    case "today":
      return { start: midnight(year, month, day), end: midnight(year, month, day + 1) };
    case "yesterday":
      return { start: midnight(year, month, day - 1), end: midnight(year, month, day) };
    case "last3days": {
      const w = wallClock(now, timeZone);
      const start = zonedTime(
        w.year,
        w.month,
        w.day - 3,
        w.hour,
        w.minute,
        w.second,
        now.getUTCMilliseconds(),
        timeZone,
      );
      return { start, end: now };
    }
    case "thisweek":
      return { start: midnight(year, month, day - weekday), end: midnight(year, month, day - weekday + 7) };
    case "lastweek":
      return { start: midnight(year, month, day - weekday - 7), end: midnight(year, month, day - weekday) };
    case "thismonth":
      return { start: midnight(year, month, 1), end: midnight(year, month + 1, 1) };
    case "lastmonth":
      return { start: midnight(year, month - 1, 1), end: midnight(year, month, 1) };
    case "custom":
      return customRange(opts.startDate, opts.endDate, timeZone);
  }
}

function customRange(startDate: string | undefined, endDate: string | undefined, timeZone: string): PeriodRange {
  if (!startDate || !endDate) throw new Error("A custom range needs both a start date and an end date.");
  const start = parseIsoDate(startDate);
  if (!start) throw new Error(`Invalid start date "${startDate}": expected YYYY-MM-DD.`);
  const end = parseIsoDate(endDate);
  if (!end) throw new Error(`Invalid end date "${endDate}": expected YYYY-MM-DD.`);
  if (startDate.trim() > endDate.trim()) throw new Error("The start date must be on or before the end date.");
  return {
    start: zonedMidnight(start.year, start.month, start.day, timeZone),
    end: zonedMidnight(end.year, end.month, end.day + 1, timeZone),
  };
}
