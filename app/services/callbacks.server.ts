import { z } from "zod";
import { callbackCategory, callbackDayCounter, callbackPriority, type CallbackCategory } from "~/domain/callbacks";
import type { CallbackPriority } from "~/domain/callbacks";
import { centsAsDollars, formatPhone, fullName } from "~/domain/format";
import { calendarEvent } from "~/domain/ics";
import { periodRange } from "~/domain/periods";
import { RESCHEDULE_MESSAGES, rescheduleSchema, type CallbackListFilter } from "~/domain/schemas/callbacks";
import { CALLBACK_STATUSES } from "~/domain/statuses";
import { limitOffset, type Page } from "~/utils/list";
import { leadOnDncList } from "./dnc.server";
import { badRequest, notFound, validInput } from "./errors.server";
import { changeLeadStatus, type LeadStatusView } from "./lead-status.server";
import { findAccessibleLead } from "./leads.server";
import { assertAgent } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, numbersInOneStatement, selectOne, selectRows, sql, type Sql } from "./sql/reads.server";

// Callbacks: leads an agent has promised to call back. One rule for every figure about them
// (the dashboard's Callbacks card and its "due today", My Leads' Callbacks card, the Callbacks
// page and GET /api/agent/callbacks), so the numbers always agree.

/**
 * A lead with a callback scheduled, as SQL over `applications`: status callback, or rescheduled
 * (part 1: "rescheduled shares the callback style"; both ask for a callback date). Written the
 * same way as the predicate of migration 010's partial index, which SQLite only uses for a query
 * that repeats it word for word.
 */
export const SCHEDULED_CALLBACK = sql`status IN ('callback', 'rescheduled')`;

/**
 * An agent's scheduled callbacks, as the WHERE of a query over `applications`: a lead returned to
 * its source is no longer called (decision 064).
 */
const agentCallbacks = (agentId: string) =>
  sql`agent_id = ${agentId} AND ${SCHEDULED_CALLBACK} AND returned_at IS NULL`;

/** Today's bounds in the agent's time zone: from their local midnight to the next. */
export type DueBounds = { dueStart: Date; dueEnd: Date };

/**
 * One COUNT(*) of an agent's callbacks due today: scheduled callbacks whose callback date falls on
 * today's date in the agent's own time zone (bounds from todaysCallbackBounds).
 */
export function callbacksDueTodaySql(agentId: string, bounds: DueBounds): Sql {
  return sql`SELECT COUNT(*) FROM applications WHERE ${agentCallbacks(agentId)}
    AND callback_date >= ${bounds.dueStart} AND callback_date < ${bounds.dueEnd}`;
}

export function todaysCallbackBounds(actor: Pick<SessionUser, "timezone">, now = new Date()): DueBounds {
  const today = periodRange("today", { timeZone: actor.timezone, now });
  return { dueStart: today.start!, dueEnd: today.end! };
}

/**
 * The callback dates of each table, given today's bounds in the agent's time zone: before today,
 * today, after today. Each is a range of migration 010's index (agent_id, callback_date, id) over
 * scheduled callbacks, so a table's page and its count read index entries in callback-date order,
 * however many callbacks the agent has.
 * @internal
 */
export const DATED: Record<CallbackListFilter, (bounds: DueBounds) => Sql> = {
  all: () => sql`callback_date IS NOT NULL`,
  overdue: (bounds) => sql`callback_date < ${bounds.dueStart}`,
  today: (bounds) => sql`callback_date >= ${bounds.dueStart} AND callback_date < ${bounds.dueEnd}`,
  upcoming: (bounds) => sql`callback_date >= ${bounds.dueEnd}`,
};

/**
 * Callbacks without a date: after the upcoming ones, by id.
 * @internal
 */
export const UNDATED = sql`callback_date IS NULL`;

/** The Callbacks page's cards (part 2: Total, Due Today, Overdue, Upcoming). */
type CallbackCounts = { total: number; overdue: number; dueToday: number; upcoming: number };

/** The cards and what paging needs: callbacks after today and those without a date apart. */
type CallbackTally = CallbackCounts & { later: number; undated: number };

/** One callback as the page and GET /api/agent/callbacks show it: nothing sensitive, money in dollars. */
export type AgentCallback = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  status: string;
  carrier: { id: string; name: string } | null;
  coverageAmount: number | null;
  monthlyPremium: number | null;
  callbackDate: string | null;
  /** Calendar days until the callback in the agent's time zone (negative once past); null without a date. */
  daysUntil: number | null;
  priority: CallbackPriority;
  category: CallbackCategory;
  createdAt: string;
  /** A phone of the lead is on the do-not-call list (decision 069). */
  dnc: boolean;
};

/** A callback's row: the lead's columns, its primary phone and its carrier's name. */
const CallbackRow = z.object({
  id: column.text,
  firstName: column.text,
  lastName: column.text,
  email: column.text.nullable(),
  city: column.text.nullable(),
  state: column.text.nullable(),
  status: column.text,
  carrierId: column.text.nullable(),
  coverageAmountCents: column.cents.nullable(),
  monthlyPremiumCents: column.cents.nullable(),
  callbackDate: column.isoDate.nullable(),
  createdAt: column.isoDate,
  primaryPhone: column.text.nullable(),
  carrierName: column.text.nullable(),
  dnc: column.boolean,
});
type CallbackSqlRow = z.output<typeof CallbackRow>;

/**
 * The Callbacks page's cards in one statement: overdue, due today (callbacksDueTodaySql, the
 * dashboard's figure), later and without a date; Upcoming is the later ones and those without a
 * date, Total all of them. Exact: each is a COUNT(*) over one range of the index.
 */
async function tallyCallbacks(agentId: string, bounds: DueBounds): Promise<CallbackTally> {
  const count = (range: Sql) => sql`SELECT COUNT(*) FROM applications WHERE ${agentCallbacks(agentId)} AND ${range}`;
  const { overdue, dueToday, later, undated } = await numbersInOneStatement({
    overdue: count(DATED.overdue(bounds)),
    dueToday: callbacksDueTodaySql(agentId, bounds),
    later: count(DATED.upcoming(bounds)),
    undated: count(UNDATED),
  });
  return { total: overdue + dueToday + later + undated, overdue, dueToday, upcoming: later + undated, later, undated };
}

/** Dated callbacks soonest first; undated ones (a NULL date) by id. */
const ORDER = {
  dated: { inner: sql`callback_date, id`, outer: sql`l.callback_date, l.id` },
  undated: { inner: sql`id`, outer: sql`l.id` },
};

/**
 * The callbacks of one range of the index, in index order, with the columns a row shows: the
 * page's ids from the index first, then only its rows (and their phone and carrier). Exported for
 * the test of its query plan.
 * @internal
 */
export function callbackRowsSql(
  agentId: string,
  range: Sql,
  order: keyof typeof ORDER,
  page: { limit: number; offset: number },
): Sql {
  return sql`SELECT l.id, l.first_name AS "firstName", l.last_name AS "lastName", l.email, l.city, l.state, l.status,
       l.carrier_id AS "carrierId", l.coverage_amount_cents AS "coverageAmountCents",
       l.monthly_premium_cents AS "monthlyPremiumCents", l.callback_date AS "callbackDate", l.created_at AS "createdAt",
       (SELECT p.phone_number FROM phones p WHERE p.application_id = l.id
         ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "primaryPhone",
       (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrierName", ${leadOnDncList("l")} AS dnc
     FROM (SELECT id FROM applications WHERE ${agentCallbacks(agentId)} AND ${range}
           ORDER BY ${ORDER[order].inner} LIMIT ${page.limit} OFFSET ${page.offset}) page
     JOIN applications l ON l.id = page.id
     ORDER BY ${ORDER[order].outer}`;
}

function toCallback(row: CallbackSqlRow, daysUntilCallback: (date: string) => number): AgentCallback {
  const callbackDate = row.callbackDate;
  const daysUntil = callbackDate ? daysUntilCallback(callbackDate) : null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.primaryPhone,
    city: row.city,
    state: row.state,
    status: row.status,
    carrier: row.carrierId && row.carrierName ? { id: row.carrierId, name: row.carrierName } : null,
    coverageAmount: centsAsDollars(row.coverageAmountCents),
    monthlyPremium: centsAsDollars(row.monthlyPremiumCents),
    callbackDate,
    daysUntil,
    priority: callbackPriority(daysUntil),
    category: callbackCategory(daysUntil),
    createdAt: row.createdAt,
    dnc: row.dnc,
  };
}

/**
 * One page of the callbacks in `filter`, soonest first (oldest overdue first), those without a
 * date last (after the upcoming ones, by id). Two index ranges one after the other: the dated
 * callbacks of the filter, then, for all and upcoming, the undated ones; the tally says where the
 * first ends, so a page reads at most its own rows from each (decision 025).
 */
async function callbackPage(
  agentId: string,
  filter: CallbackListFilter,
  paging: { page: number; pageSize: number },
  tally: CallbackTally,
  context: { timeZone: string; now: Date; bounds: DueBounds },
): Promise<Page<AgentCallback>> {
  const datedTotal = {
    all: tally.total - tally.undated,
    overdue: tally.overdue,
    today: tally.dueToday,
    upcoming: tally.later,
  }[filter];
  const withUndated = filter === "all" || filter === "upcoming";
  const total = datedTotal + (withUndated ? tally.undated : 0);
  const { limit, offset } = limitOffset(paging);
  if (offset >= total) return { rows: [], total, page: paging.page, pageSize: paging.pageSize };

  const dated =
    offset < datedTotal
      ? await selectRows(
          callbackRowsSql(agentId, DATED[filter](context.bounds), "dated", { limit, offset }),
          CallbackRow,
        )
      : [];
  const stillWanted = limit - dated.length;
  const undated =
    withUndated && stillWanted > 0
      ? await selectRows(
          callbackRowsSql(agentId, UNDATED, "undated", {
            limit: stillWanted,
            offset: Math.max(0, offset - datedTotal),
          }),
          CallbackRow,
        )
      : [];
  const daysUntil = callbackDayCounter(context.timeZone, context.now);
  return {
    rows: [...dated, ...undated].map((row) => toCallback(row, daysUntil)),
    total,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/** The Callbacks page: its cards, and one page of each table (its own page number in the URL). */
export type CallbackBoard = { counts: CallbackCounts } & Record<CallbackCategory, Page<AgentCallback>>;

/**
 * /agent/callbacks: the signed-in agent's callbacks, counted and split into Overdue (a past day),
 * Due Today and Upcoming (a later day, or no date) by calendar days in the agent's time zone.
 * Each table is paginated in SQL (`pages`, `pageSize` rows each): an agent may have thousands.
 * Only an agent has callbacks; anyone else is refused (403).
 */
export async function agentCallbackBoard(
  actor: SessionUser,
  pages: Record<CallbackCategory, number>,
  pageSize: number,
  now = new Date(),
): Promise<CallbackBoard> {
  const agentId = assertAgent(actor);
  const bounds = todaysCallbackBounds(actor, now);
  const tally = await tallyCallbacks(agentId, bounds);
  const context = { timeZone: actor.timezone, now, bounds };
  const [overdue, today, upcoming] = await Promise.all(
    (["overdue", "today", "upcoming"] as const).map((category) =>
      callbackPage(agentId, category, { page: pages[category], pageSize }, tally, context),
    ),
  );
  const { total, dueToday, upcoming: upcomingCount } = tally;
  return { counts: { total, overdue: tally.overdue, dueToday, upcoming: upcomingCount }, overdue, today, upcoming };
}

/**
 * GET /api/agent/callbacks: the signed-in agent's callbacks of one category (or all), soonest
 * first and those without a date last, one page of them; each with its priority and category.
 */
export async function listAgentCallbacks(
  actor: SessionUser,
  query: { category: CallbackListFilter; page: number; pageSize: number },
  now = new Date(),
): Promise<Page<AgentCallback>> {
  const agentId = assertAgent(actor);
  const bounds = todaysCallbackBounds(actor, now);
  const tally = await tallyCallbacks(agentId, bounds);
  return callbackPage(agentId, query.category, query, tally, { timeZone: actor.timezone, now, bounds });
}

/**
 * Reschedule: a new callback date and time for the lead, which becomes rescheduled (part 2, Lead
 * status: the disposition dialog's rescheduled asks for a date), through changeLeadStatus, so
 * the status history records it with the notes. A time already past is refused at its field.
 * Another agent's lead is a 404, as for every lead service.
 */
export async function rescheduleCallback(
  actor: SessionUser,
  id: string,
  input: unknown,
  now = new Date(),
): Promise<LeadStatusView> {
  const change = validInput(rescheduleSchema, input);
  // The form picks minutes: the minute it is now is not yet past.
  if (change.callbackDate && change.callbackDate.getTime() < now.getTime() - 60_000) {
    throw badRequest(RESCHEDULE_MESSAGES.past, { callbackDate: [RESCHEDULE_MESSAGES.past] });
  }
  return changeLeadStatus(actor, id, { status: "rescheduled", callbackDate: change.callbackDate, notes: change.notes });
}

/** @internal */
export const NO_CALLBACK_SCHEDULED = "No callback is scheduled for this lead.";

/** How long the calendar event of a callback lasts. */
const CALLBACK_EVENT_MINUTES = 30;

/**
 * "Add to calendar": the callback as an iCalendar (RFC 5545) event, to import into the agent's
 * own calendar. It names the lead and gives their phone and a link to the lead's page; nothing
 * sensitive (no SSN, bank or card number, nor the notes). Its UID stays the same for the same
 * callback, so importing it again updates the event. Another agent's lead is a 404, and so is a
 * lead without a scheduled callback.
 */
export async function callbackCalendarFile(
  actor: SessionUser,
  id: string,
  origin: string,
  now = new Date(),
): Promise<{ filename: string; body: string }> {
  assertAgent(actor);
  const lead = await findAccessibleLead(actor, id, {
    attributes: ["id", "firstName", "lastName", "status", "callbackDate"],
    raw: true,
  });
  if (!CALLBACK_STATUSES.some((status) => status === lead.status) || !lead.callbackDate)
    throw notFound(NO_CALLBACK_SCHEDULED);
  const phoneRow = await selectOne(
    sql`SELECT phone_number AS phone FROM phones WHERE application_id = ${lead.id}
     ORDER BY is_primary DESC, created_at ASC, id ASC LIMIT 1`,
    z.object({ phone: column.text }),
  );
  const name = fullName(lead);
  const start = new Date(lead.callbackDate);
  const link = `${origin}/applications/${lead.id}`;
  const body = calendarEvent({
    uid: `callback-${lead.id}-${start.getTime()}@agency-crm`,
    stamp: now,
    start,
    end: new Date(start.getTime() + CALLBACK_EVENT_MINUTES * 60_000),
    summary: `Call back ${name}`,
    description: [`Callback with ${name}.`, phoneRow ? `Phone: ${formatPhone(phoneRow.phone)}` : null, `Lead: ${link}`]
      .filter(Boolean)
      .join("\n"),
    url: link,
  });
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "lead";
  return { filename: `callback-${slug}.ics`, body };
}

/** What the Reschedule dialog shows of a lead: its name and current callback date. */
export async function getCallbackLead(
  actor: SessionUser,
  id: string,
): Promise<{ id: string; firstName: string; lastName: string; callbackDate: string | null }> {
  assertAgent(actor);
  const lead = await findAccessibleLead(actor, id, {
    attributes: ["id", "firstName", "lastName", "callbackDate"],
    raw: true,
  });
  const callbackDate = lead.callbackDate ? new Date(lead.callbackDate).toISOString() : null;
  return { id: lead.id, firstName: lead.firstName, lastName: lead.lastName, callbackDate };
}
