// Calling compliance (issue 25 items 3-5; decisions 071 and 072): the lead's local time, the calling
// window and the daily limit, and the plain words a refusal is told in. Pure and isomorphic: the
// ZIP code's zone is looked up on the server (app/services/lead-time-zone.server.ts), the rest is
// here so the pages, the API and the tests read one rule.

import { formatLocalTime } from "./local-time";

export { formatLocalTime };

/** The federal default's key in calling_rules: it applies where a state has no row of its own. */
export const FEDERAL_RULE = "US";

/**
 * Each state's zone when its ZIP code is unknown: the state's only zone, or for a state split
 * between zones the zone most of its people live in (decision 071 lists them).
 */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: "America/Chicago",
  AK: "America/Anchorage", // the Aleutians west of 169°30'W are Hawaii-Aleutian time
  AZ: "America/Phoenix", // no daylight saving time (the Navajo Nation observes it)
  AR: "America/Chicago",
  CA: "America/Los_Angeles",
  CO: "America/Denver",
  CT: "America/New_York",
  DE: "America/New_York",
  DC: "America/New_York",
  FL: "America/New_York", // the western panhandle is Central time
  GA: "America/New_York",
  HI: "Pacific/Honolulu",
  ID: "America/Boise", // the northern panhandle is Pacific time
  IL: "America/Chicago",
  IN: "America/Indiana/Indianapolis", // the north-west and south-west corners are Central time
  IA: "America/Chicago",
  KS: "America/Chicago", // four western counties are Mountain time
  KY: "America/New_York", // the western half is Central time
  LA: "America/Chicago",
  ME: "America/New_York",
  MD: "America/New_York",
  MA: "America/New_York",
  MI: "America/Detroit", // four counties bordering Wisconsin are Central time
  MN: "America/Chicago",
  MS: "America/Chicago",
  MO: "America/Chicago",
  MT: "America/Denver",
  NE: "America/Chicago", // the western third is Mountain time
  NV: "America/Los_Angeles", // West Wendover is Mountain time
  NH: "America/New_York",
  NJ: "America/New_York",
  NM: "America/Denver",
  NY: "America/New_York",
  NC: "America/New_York",
  ND: "America/Chicago", // the south-west is Mountain time
  OH: "America/New_York",
  OK: "America/Chicago",
  OR: "America/Los_Angeles", // most of Malheur County is Mountain time
  PA: "America/New_York",
  RI: "America/New_York",
  SC: "America/New_York",
  SD: "America/Chicago", // the western half is Mountain time
  TN: "America/Chicago", // East Tennessee is Eastern time; Middle and West Tennessee hold more people
  TX: "America/Chicago", // El Paso and Hudspeth counties are Mountain time
  UT: "America/Denver",
  VT: "America/New_York",
  VA: "America/New_York",
  WA: "America/Los_Angeles",
  WV: "America/New_York",
  WI: "America/Chicago",
  WY: "America/Denver",
};

/** Why a call is refused, in the order a refusal lists them. */
export const CALL_REFUSALS = ["dnc", "not_licensed", "no_consent", "outside_hours", "daily_limit"] as const;
export type CallRefusal = (typeof CALL_REFUSALS)[number];

/** A call attempt's stored reasons ("outside_hours,daily_limit") as refusals; unknown names are dropped. */
export const refusalsIn = (text: string | null) =>
  (text ?? "").split(",").filter((name): name is CallRefusal => (CALL_REFUSALS as readonly string[]).includes(name));

/** A refusal in a few plain words, for the call log and the evidence pack. */
export const CALL_REFUSAL_WORDS: Record<CallRefusal, string> = {
  dnc: "on the do-not-call list",
  not_licensed: "agent not licensed in the lead's state",
  no_consent: "no consent evidence",
  outside_hours: "outside calling hours",
  daily_limit: "daily call limit reached",
};

/** What the agent says happened after a call. */
export const CALL_OUTCOMES = [
  { value: "no_answer", label: "No answer" },
  { value: "voicemail", label: "Voicemail" },
  { value: "contacted", label: "Contacted" },
  { value: "wrong_number", label: "Wrong number" },
  { value: "do_not_call", label: "Asked not to be called" },
] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number]["value"];
export const CALL_OUTCOME_VALUES = CALL_OUTCOMES.map((o) => o.value) as [CallOutcome, ...CallOutcome[]];

export function callOutcomeLabel(value: string | null): string {
  return CALL_OUTCOMES.find((o) => o.value === value)?.label ?? "Not set";
}

/** The days of the week, as the rules store them ("mon,tue,...") and the API names them, Monday first. */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  mon: "Monday",
  tue: "Tuesday",
  wed: "Wednesday",
  thu: "Thursday",
  fri: "Friday",
  sat: "Saturday",
  sun: "Sunday",
};

/** Stored days ("mon,tue") in week order; unknown names dropped, null (a call logged before days existed) every day. */
export function weekdaysIn(text: string | null): Weekday[] {
  if (text === null) return [...WEEKDAYS];
  const names = text.split(",");
  return WEEKDAYS.filter((day) => names.includes(day));
}

/**
 * The days as people say them: "every day", a run in week order "Monday – Saturday", else a list
 * "Monday, Wednesday and Friday".
 */
export function daysLabel(days: readonly Weekday[]): string {
  const ordered = WEEKDAYS.filter((day) => days.includes(day));
  if (ordered.length === WEEKDAYS.length) return "every day";
  if (ordered.length === 0) return "no day";
  const first = WEEKDAYS.indexOf(ordered[0]);
  const run = ordered.every((day, i) => WEEKDAYS.indexOf(day) === first + i);
  const names = ordered.map((day) => WEEKDAY_NAMES[day]);
  if (run && names.length >= 3) return `${names[0]} – ${names[names.length - 1]}`;
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** A rule as the check applies it: the days, the window's first and first-refused minute, local time. */
export type CallingWindow = {
  /** The row that set it: a state's code, or FEDERAL_RULE. */
  state: string;
  start: string;
  end: string;
  maxCallsPer24h: number | null;
  /** The days calls are allowed, on the lead's calendar. */
  days: Weekday[];
};

/** What the clock checks of a rule: its days and its hours. */
type WindowTimes = Pick<CallingWindow, "start" | "end"> & { days: readonly Weekday[] };

/** "HH:MM" (00:00-23:59) to minutes since midnight. */
function minutesOf(time: string): number {
  const [hours, minutes] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

/** "20:00" as people read it: "8:00 PM". */
export function clockLabel(time: string): string {
  const minutes = minutesOf(time);
  const hour = Math.floor(minutes / 60);
  const suffix = hour < 12 ? "AM" : "PM";
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minutes % 60).padStart(2, "0")} ${suffix}`;
}

type LocalParts = { year: number; month: number; day: number; minutes: number };

/** The weekday of a local calendar day. */
function weekdayOf(day: Pick<LocalParts, "year" | "month" | "day">): Weekday {
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(day.year, day.month - 1, day.day)).getUTCDay() + 6) % 7];
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock in `timeZone` at `at`. */
function localParts(at: Date, timeZone: string): LocalParts {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    partsFormats.set(timeZone, format);
  }
  const value = (type: string) => Number(format.formatToParts(at).find((p) => p.type === type)?.value);
  return {
    year: value("year"),
    month: value("month"),
    day: value("day"),
    minutes: value("hour") * 60 + value("minute"),
  };
}

/** The instant the wall clock in `timeZone` reads `minutes` past midnight on that local day. */
function zonedInstant(day: Pick<LocalParts, "year" | "month" | "day">, minutes: number, timeZone: string): Date {
  const wanted = Date.UTC(day.year, day.month - 1, day.day, 0, minutes);
  // Guess with the offset at the wanted wall time read as UTC, then correct once with the offset
  // at the guess: exact on both sides of a daylight-saving change (a window never starts in 2-3 AM).
  let guess = wanted;
  for (let pass = 0; pass < 2; pass += 1) {
    const seen = localParts(new Date(guess), timeZone);
    const seenAsUtc = Date.UTC(seen.year, seen.month - 1, seen.day, 0, seen.minutes);
    guess += wanted - seenAsUtc;
  }
  return new Date(guess);
}

/** Whether the lead's wall clock at `at` is inside the window (its end refused: 20:00 is out), on one of its days. */
export function insideWindow(at: Date, timeZone: string, window: WindowTimes): boolean {
  const local = localParts(at, timeZone);
  if (!window.days.includes(weekdayOf(local))) return false;
  return local.minutes >= minutesOf(window.start) && local.minutes < minutesOf(window.end);
}

/**
 * The first instant at or after `from` inside the window: `from` itself, or the start of the next
 * window on an allowed day; null when the window allows no day at all.
 */
export function nextInsideWindow(from: Date, timeZone: string, window: WindowTimes): Date | null {
  if (insideWindow(from, timeZone, window)) return from;
  const local = localParts(from, timeZone);
  const start = minutesOf(window.start);
  // Today if its window is still to come, else the next allowed day (the calendar's days, whatever their length).
  for (let ahead = local.minutes < start ? 0 : 1; ahead <= 7; ahead += 1) {
    const date = new Date(Date.UTC(local.year, local.month - 1, local.day + ahead));
    const day = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
    if (window.days.includes(weekdayOf(day))) return zonedInstant(day, start, timeZone);
  }
  return null;
}

/** "Fri, Nov 27, 8:00 AM EST": when calling is next allowed, on the lead's clock. */
export function formatLocalDateTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(at);
}

/** What the check knew when it answered, for the plain words of a refusal. */
export type CallCheckFacts = {
  reasons: CallRefusal[];
  timeZone: string;
  place: string;
  window: CallingWindow;
  callsInWindow: number;
  /** The lead's state's name, or "Federal rules". */
  ruleName: string;
  leadState: string | null;
};

/**
 * "It is 7:59 AM EST in Tampa; calls are allowed 8:00 AM – 8:00 PM.", naming the day when the rule
 * allows only some: "It is Sunday 10:15 AM EST in Tampa; calls are allowed Monday – Saturday,
 * 8:00 AM – 8:00 PM."
 */
function outsideHoursMessage(facts: CallCheckFacts, at: Date): string {
  const hours = `${clockLabel(facts.window.start)} – ${clockLabel(facts.window.end)}`;
  const now = formatLocalTime(at, facts.timeZone);
  if (facts.window.days.length === WEEKDAYS.length)
    return `It is ${now} in ${facts.place}; calls are allowed ${hours}.`;
  const today = WEEKDAY_NAMES[weekdayOf(localParts(at, facts.timeZone))];
  if (facts.window.days.length === 0)
    return `It is ${today} ${now} in ${facts.place}; the calling rule allows no day of the week.`;
  return `It is ${today} ${now} in ${facts.place}; calls are allowed ${daysLabel(facts.window.days)}, ${hours}.`;
}

/** One sentence per reason, as a person would say it. */
export function refusalMessages(facts: CallCheckFacts, at: Date): string[] {
  return facts.reasons.map((reason) => {
    switch (reason) {
      case "dnc":
        return "This number is on the do-not-call list.";
      case "not_licensed":
        return `The lead's agent is not licensed in ${facts.leadState ?? "the lead's state"}.`;
      case "no_consent":
        return "This lead came from a vendor without consent evidence (time and consent text or certificate).";
      case "outside_hours":
        return outsideHoursMessage(facts, at);
      case "daily_limit":
        return `${facts.callsInWindow} calls in the last 24 hours: ${facts.ruleName} allows ${facts.window.maxCallsPer24h}.`;
    }
  });
}
