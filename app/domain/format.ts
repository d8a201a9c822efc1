import { PERIOD_CAPTIONS, parseIsoDate, type Period } from "./periods";

export function digitsOnly(s: string | null | undefined): string {
  return (s ?? "").replace(/\D/g, "");
}

/** A person's name as screens, messages and the activity log show it: "First Last", a missing part left out. */
export function fullName(person: { firstName?: string | null; lastName?: string | null }): string {
  return [person.firstName, person.lastName].filter(Boolean).join(" ");
}

/** "(XXX) XXX-XXXX" for US numbers; anything else is shown as typed so nothing is lost. */
export function formatPhone(raw: string | null | undefined): string {
  let digits = digitsOnly(raw);
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) return (raw ?? "").trim();
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** What a commission not yet known reads: a sale without a product (decision 043). */
export const COMMISSION_TBD = "TBD";

export function formatMoney(cents: number | null | undefined): string {
  return usd.format((cents ?? 0) / 100);
}

/** Money as the API answers it: dollars as a number (cents / 100), null for no amount. */
export function centsAsDollars(cents: number): number;
export function centsAsDollars(cents: number | null | undefined): number | null;
export function centsAsDollars(cents: number | null | undefined): number | null {
  return cents === null || cents === undefined ? null : cents / 100;
}

/** Dollars as the API answers them (numbers), shown as USD; null for no amount. */
export function formatDollars(dollars: number | null | undefined): string | null {
  return dollars === null || dollars === undefined ? null : formatMoney(Math.round(dollars * 100));
}

/**
 * Parses a typed dollar amount ("12.5", "1,234.56", "$99") into integer cents without going
 * through floating point, so "0.29" is 29 cents and not 28.999... More than two decimals is
 * rejected rather than silently rounded.
 */
export function centsFromDollars(input: string | number): number | null {
  const text = typeof input === "number" ? (Number.isFinite(input) ? String(input) : "") : input;
  const match = /^(-?)\$?(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/[\s,]/g, ""));
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  if (!whole && !fraction) return null;
  const cents = Number(whole || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return sign && cents !== 0 ? -cents : cents;
}

/** Cents as a plain decimal for form inputs ("12.50"); empty when there is no amount. */
export function dollarsFromCents(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return "";
  const abs = Math.abs(Math.round(cents));
  const sign = cents < 0 && abs !== 0 ? "-" : "";
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

// Chromium puts a narrow no-break space before AM/PM and Node's ICU may not; normalising keeps
// server-rendered and hydrated text identical.
function normalizeSpaces(text: string): string {
  return text.replace(/[\u202f\u00a0]/g, " ");
}

/**
 * A bare calendar date (a date of birth, a draft date) names a day, not an instant, so it is
 * shown as that day whatever the viewer's timezone.
 */
function toInstant(value: Date | string, timeZone: string): { date: Date; timeZone: string } | null {
  if (typeof value === "string") {
    const calendarDate = parseIsoDate(value);
    if (calendarDate) {
      return { date: new Date(Date.UTC(calendarDate.year, calendarDate.month - 1, calendarDate.day)), timeZone: "UTC" };
    }
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, timeZone };
}

const DATE_FORMATS = {
  date: { month: "short", day: "numeric", year: "numeric" },
  weekdayDate: { weekday: "short", month: "short", day: "numeric", year: "numeric" },
  dateTime: { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" },
  clock: { hour: "numeric", minute: "2-digit", timeZoneName: "short" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

// Building an Intl.DateTimeFormat costs far more than using one, and a page formats dozens of
// dates (it was 7% of a dashboard's server CPU), so each format is built once per time zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(format: keyof typeof DATE_FORMATS, timeZone: string) {
  const key = `${format} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...DATE_FORMATS[format], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

function formatWith(format: keyof typeof DATE_FORMATS, value: Date | string, timeZone: string): string {
  const instant = toInstant(value, timeZone);
  if (!instant) return "";
  return normalizeSpaces(formatterFor(format, instant.timeZone).format(instant.date));
}

/** "Nov 21, 2026"; empty for an unreadable date. */
export function formatDate(value: Date | string, timeZone: string): string {
  return formatWith("date", value, timeZone);
}

/** A calendar day with its weekday, "Wed, Dec 9, 2026" (a Social Security day); empty for an unreadable date. */
export function formatWeekdayDate(day: string): string {
  return formatWith("weekdayDate", day, "UTC");
}

/** "Nov 21, 2026, 3:04 PM"; empty for an unreadable date. */
export function formatDateTime(value: Date | string, timeZone: string): string {
  return formatWith("dateTime", value, timeZone);
}

/** The header clock: "3:04 PM EST". */
export function formatClock(now: Date, timeZone: string): string {
  return normalizeSpaces(formatterFor("clock", timeZone).format(now));
}

/**
 * A period as a caption under its figures ("Today"); a custom range names its two days en-US
 * ("Custom range: Mar 1, 2026 to Mar 5, 2026"), as every date on the portal reads.
 */
export function periodCaption(selection: { period: Period; startDate?: string; endDate?: string }): string {
  if (selection.period !== "custom" || !selection.startDate || !selection.endDate) {
    return PERIOD_CAPTIONS[selection.period];
  }
  return `${PERIOD_CAPTIONS.custom}: ${formatDate(selection.startDate, "UTC")} to ${formatDate(selection.endDate, "UTC")}`;
}

export function shortId(id: string): string {
  return id.slice(0, 8);
}
