// The client's Social Security day (issue 26 item 6, docs/decisions/078): Social Security pays on
// the second, third or fourth Wednesday of the month for birthdays on the 1st-10th, 11th-20th and
// 21st-31st, and on the business day before when that Wednesday is a federal holiday. Drafting a
// premium on that day is the usual cure for lapses. Pure, and small enough for the public form's
// bundle (its hint follows the date of birth as it is typed): it imports nothing.
//
// Dates are calendar days, "YYYY-MM-DD", worked out in UTC so no time zone moves them.

/**
 * Which Wednesday of the month pays: the 2nd, 3rd or 4th.
 * @internal Exported for the unit tests.
 */
export type SocialSecurityWeek = 2 | 3 | 4;

const WEEK_WORDS: Record<SocialSecurityWeek, string> = { 2: "second", 3: "third", 4: "fourth" };
const WEDNESDAY = 3;

const pad = (n: number) => String(n).padStart(2, "0");

function iso(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${String(d.getUTCFullYear()).padStart(4, "0")}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** A real calendar date "YYYY-MM-DD" (not Feb 30), or null. */
function parse(date: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

function parsed(date: string, what: string) {
  const value = parse(date);
  if (!value) throw new Error(`Invalid ${what} "${date}": expected YYYY-MM-DD.`);
  return value;
}

const weekday = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day)).getUTCDay();

/** The day of the month of the `n`th `day` (0 = Sunday) of a month; n = -1 the last one. */
function nthWeekday(year: number, month: number, day: number, n: number): number {
  if (n > 0) return 1 + ((day - weekday(year, month, 1) + 7) % 7) + (n - 1) * 7;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return last - ((weekday(year, month, last) - day + 7) % 7);
}

/** A fixed-date holiday on a weekend is observed on the Friday before (Saturday) or the Monday after (Sunday). */
function observed(year: number, month: number, day: number): string {
  const w = weekday(year, month, day);
  return iso(year, month, day + (w === 6 ? -1 : w === 0 ? 1 : 0));
}

const holidaysByYear = new Map<number, Set<string>>();

/**
 * The federal holidays (5 U.S.C. 6103) observed in `year`, as the days banks and the Treasury are
 * closed: New Year's Day, Martin Luther King Jr. Day, Washington's Birthday, Memorial Day,
 * Juneteenth (from 2021), Independence Day, Labor Day, Columbus Day, Veterans Day, Thanksgiving
 * and Christmas. A fixed-date holiday on a Saturday is observed the Friday before and on a Sunday
 * the Monday after, so next year's New Year's Day on a Saturday is observed on this Dec 31.
 * @internal Exported for the unit tests.
 */
export function federalHolidays(year: number): ReadonlySet<string> {
  let days = holidaysByYear.get(year);
  if (days) return days;
  const monday = (month: number, n: number) => iso(year, month, nthWeekday(year, month, 1, n));
  // New Year's Day on a Saturday is observed on the Friday before: last year's Dec 31.
  days = new Set([
    ...(weekday(year, 1, 1) === 6 ? [] : [observed(year, 1, 1)]),
    monday(1, 3),
    monday(2, 3),
    monday(5, -1),
    ...(year >= 2021 ? [observed(year, 6, 19)] : []),
    observed(year, 7, 4),
    monday(9, 1),
    monday(10, 2),
    observed(year, 11, 11),
    iso(year, 11, nthWeekday(year, 11, 4, 4)),
    observed(year, 12, 25),
  ]);
  if (weekday(year + 1, 1, 1) === 6) days.add(iso(year, 12, 31));
  holidaysByYear.set(year, days);
  return days;
}

/**
 * Whether `date` ("YYYY-MM-DD") is an observed federal holiday.
 * @internal Exported for the unit tests.
 */
export function isFederalHoliday(date: string): boolean {
  return federalHolidays(parsed(date, "date").year).has(date);
}

/**
 * Which Wednesday pays a client born on `dateOfBirth`: the 1st-10th the second, 11th-20th the
 * third, 21st-31st the fourth.
 * @internal Exported for the unit tests.
 */
export function socialSecurityWeek(dateOfBirth: string): SocialSecurityWeek {
  const { day } = parsed(dateOfBirth, "date of birth");
  return day <= 10 ? 2 : day <= 20 ? 3 : 4;
}

/**
 * The day Social Security pays a client born on `dateOfBirth` in a month (`month` 1-12): the
 * month's 2nd, 3rd or 4th Wednesday, or the business day before it (not a weekend, not a federal
 * holiday) when that Wednesday is a federal holiday.
 * @internal Exported for the unit tests.
 */
export function socialSecurityPayDay(dateOfBirth: string, year: number, month: number): string {
  let day = nthWeekday(year, month, WEDNESDAY, socialSecurityWeek(dateOfBirth));
  const holidays = federalHolidays(year);
  const closed = (d: number) => {
    const w = weekday(year, month, d);
    return w === 0 || w === 6 || holidays.has(iso(year, month, d));
  };
  // A 2nd Wednesday is the 8th at the earliest, so the business day before stays in the month.
  while (closed(day)) day -= 1;
  return iso(year, month, day);
}

/**
 * The next `count` days Social Security pays a client born on `dateOfBirth`, from `from` on:
 * `from` itself counts when it is one (inclusive), so the first is never before `from`.
 */
export function socialSecurityDays(dateOfBirth: string, from: string, count: number): string[] {
  const start = parsed(from, "from date");
  socialSecurityWeek(dateOfBirth);
  const days: string[] = [];
  for (let i = 0; days.length < count; i++) {
    const first = new Date(Date.UTC(start.year, start.month - 1 + i, 1));
    const day = socialSecurityPayDay(dateOfBirth, first.getUTCFullYear(), first.getUTCMonth() + 1);
    if (day >= from) days.push(day);
  }
  return days;
}

/**
 * A sale's monthly due dates on the client's Social Security days (decision 078): the `months`
 * days Social Security pays a client born on `dateOfBirth` from the first draft date on (the first
 * draft date itself when it is one), in place of the first draft's day of each month.
 */
export function socialSecurityScheduleDueDates(firstDraftDate: string, dateOfBirth: string, months: number): string[] {
  return socialSecurityDays(dateOfBirth, firstDraftDate, months);
}

/** The first day Social Security pays the client on or after `date`. */
export function socialSecurityDayOnOrAfter(dateOfBirth: string, date: string): string {
  return socialSecurityDays(dateOfBirth, date, 1)[0]!;
}

/** Whether `date` is a day Social Security pays the client born on `dateOfBirth`. */
export function isSocialSecurityDay(dateOfBirth: string, date: string): boolean {
  return socialSecurityDayOnOrAfter(dateOfBirth, date) === date;
}

/**
 * 1st, 2nd, 3rd, 4th ... 11th, 12th, 13th ... 21st, 22nd, 23rd ... 31st.
 * @internal Exported for the unit tests.
 */
export function ordinalDay(day: number): string {
  const teen = day % 100 >= 11 && day % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[day % 10] ?? "th");
  return `${day}${suffix}`;
}

/**
 * "2nd Wednesday": a schedule's short label.
 * @internal Exported for the unit tests.
 */
export function socialSecurityWeekLabel(week: SocialSecurityWeek): string {
  return `${ordinalDay(week)} Wednesday`;
}

/**
 * What a schedule laid out on Social Security days says beside its dates: "Social Security day
 * (2nd Wednesday)", or without the week when the date of birth is no longer known.
 */
export function socialSecurityScheduleLabel(dateOfBirth: string | null | undefined): string {
  const born = birthDateOrNull(dateOfBirth);
  return born ? `Social Security day (${socialSecurityWeekLabel(socialSecurityWeek(born))})` : "Social Security day";
}

/**
 * The rule in words for a client born on `dateOfBirth`: "Born on the 5th: Social Security pays on
 * the second Wednesday of each month, or the business day before when that Wednesday is a federal
 * holiday."
 */
export function socialSecurityRule(dateOfBirth: string): string {
  const { day } = parsed(dateOfBirth, "date of birth");
  const week = WEEK_WORDS[socialSecurityWeek(dateOfBirth)];
  return `Born on the ${ordinalDay(day)}: Social Security pays on the ${week} Wednesday of each month, or the business day before when that Wednesday is a federal holiday.`;
}

/** The date of birth when it is a real "YYYY-MM-DD" date, else null (a form's box being typed). */
export function birthDateOrNull(value: unknown): string | null {
  return typeof value === "string" && parse(value.trim()) ? value.trim() : null;
}
