import { periodRange } from "~/domain/periods";
import type { SessionUser } from "./sessions.server";

// Callbacks: leads an agent has promised to call back. One rule for every figure about them
// (the dashboard's Callbacks card and its "due today", My Leads' Callbacks card, and the
// Callbacks pages to come), so the numbers always agree.

/**
 * A lead with a callback scheduled, as SQL over `applications`: status callback, or rescheduled
 * (part 1: "rescheduled shares the callback style"; both ask for a callback date).
 */
export const SCHEDULED_CALLBACK_SQL = "status IN ('callback', 'rescheduled')";

/**
 * SQL for one COUNT(*) of an agent's callbacks due today: scheduled callbacks whose callback date
 * falls on today's date in the agent's own time zone (from their local midnight to the next).
 * Takes the :agentId and the replacements of callbacksDueTodayReplacements.
 */
export const CALLBACKS_DUE_TODAY_SQL = `SELECT COUNT(*) FROM applications WHERE agent_id = :agentId AND ${SCHEDULED_CALLBACK_SQL} AND callback_date >= :dueStart AND callback_date < :dueEnd`;

export function callbacksDueTodayReplacements(actor: Pick<SessionUser, "timezone">, now = new Date()) {
  const today = periodRange("today", { timeZone: actor.timezone, now });
  return { dueStart: today.start!, dueEnd: today.end! };
}
