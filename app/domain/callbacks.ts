import { localDateParts } from "./periods";

// Callback priority (part 2, section 4): from the number of calendar days until the callback
// date, counted in the agent's own time zone. Isomorphic, so the page and the API say the same.

/** "Soon" means within this many days (part 2, section 9: callback soon threshold 2 days). */
const CALLBACK_SOON_DAYS = 2;

export type CallbackPriority = "overdue" | "today" | "soon" | "upcoming" | "low";

/** The Callbacks page's three tables, in the order the page shows them. */
export const CALLBACK_CATEGORIES = ["overdue", "today", "upcoming"] as const;
export type CallbackCategory = (typeof CALLBACK_CATEGORIES)[number];

const DAY_MS = 86_400_000;

/**
 * Calendar days from today to the callback's date in `timeZone` (negative once it has passed).
 * @internal One callback's count, for tests; pages count a page at once with callbackDayCounter.
 */
export function daysUntilCallback(callbackDate: Date | string, timeZone: string, now: Date = new Date()): number {
  return callbackDayCounter(timeZone, now)(callbackDate);
}

/**
 * daysUntilCallback for a page of callbacks: today's date is read once, not once a row (each
 * reading of a time zone's clock is an Intl call, the most a page of callbacks cost in JavaScript).
 */
export function callbackDayCounter(timeZone: string, now: Date = new Date()): (callbackDate: Date | string) => number {
  const day = (date: Date) => {
    const { year, month, day } = localDateParts(date, timeZone);
    return Date.UTC(year, month - 1, day);
  };
  const today = day(now);
  return (callbackDate) => Math.round((day(new Date(callbackDate)) - today) / DAY_MS);
}

/**
 * A callback's priority: overdue (a past day), today, soon (1 or 2 days away), upcoming (further),
 * and low for a callback without a date.
 */
export function callbackPriority(daysUntil: number | null): CallbackPriority {
  if (daysUntil === null) return "low";
  if (daysUntil < 0) return "overdue";
  if (daysUntil === 0) return "today";
  if (daysUntil <= CALLBACK_SOON_DAYS) return "soon";
  return "upcoming";
}

/** Which table a callback is in: by its day; one without a date waits among the upcoming. */
export function callbackCategory(daysUntil: number | null): CallbackCategory {
  if (daysUntil === null || daysUntil > 0) return "upcoming";
  return daysUntil < 0 ? "overdue" : "today";
}
