import { Application } from "~db";
import { callbackCategory, callbackDayCounter, callbackPriority, type CallbackCategory } from "~/domain/callbacks";
import type { CallbackPriority } from "~/domain/callbacks";
import { formatPhone } from "~/domain/format";
import { calendarEvent } from "~/domain/ics";
import { periodRange } from "~/domain/periods";
import { RESCHEDULE_MESSAGES, rescheduleSchema, type CallbackListFilter } from "~/domain/schemas/callbacks";
import { CALLBACK_STATUSES } from "~/domain/statuses";
import { limitOffset, type Page } from "~/utils/list";
import { badRequest, notFound, validInput } from "./errors.server";
import { changeLeadStatus, type LeadStatusView } from "./lead-status.server";
import { findAccessibleLead } from "./leads.server";
import { assertAgent } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { numbersInOneStatement, selectRows } from "./sql.server";

// Callbacks: leads an agent has promised to call back. One rule for every figure about them
// (the dashboard's Callbacks card and its "due today", My Leads' Callbacks card, the Callbacks
// page and GET /api/agent/callbacks), so the numbers always agree.

/**
 * A lead with a callback scheduled, as SQL over `applications`: status callback, or rescheduled
 * (part 1: "rescheduled shares the callback style"; both ask for a callback date). Written the
 * same way as the predicate of migration 010's partial index, which SQLite only uses for a query
 * that repeats it word for word.
 */
export const SCHEDULED_CALLBACK_SQL = "status IN ('callback', 'rescheduled')";

/** An agent's scheduled callbacks, as the WHERE of a query over `applications` (takes :agentId). */
const AGENT_CALLBACKS_SQL = `agent_id = :agentId AND ${SCHEDULED_CALLBACK_SQL}`;

/**
 * SQL for one COUNT(*) of an agent's callbacks due today: scheduled callbacks whose callback date
 * falls on today's date in the agent's own time zone (from their local midnight to the next).
 * Takes the :agentId and the replacements of callbacksDueTodayReplacements.
 */
export const CALLBACKS_DUE_TODAY_SQL = `SELECT COUNT(*) FROM applications WHERE ${AGENT_CALLBACKS_SQL} AND callback_date >= :dueStart AND callback_date < :dueEnd`;

export function callbacksDueTodayReplacements(actor: Pick<SessionUser, "timezone">, now = new Date()) {
  const today = periodRange("today", { timeZone: actor.timezone, now });
  return { dueStart: today.start!, dueEnd: today.end! };
}

/**
 * The callback dates of each table (takes dueStart and dueEnd, today's bounds in the agent's time
 * zone): before today, today, after today. Each is a range of migration 010's index
 * (agent_id, callback_date, id) over scheduled callbacks, so a table's page and its count read
 * index entries in callback-date order, however many callbacks the agent has.
 */
export const DATED: Record<CallbackListFilter, string> = {
  all: "callback_date IS NOT NULL",
  overdue: "callback_date < :dueStart",
  today: "callback_date >= :dueStart AND callback_date < :dueEnd",
  upcoming: "callback_date >= :dueEnd",
};

/** The Callbacks page's cards (part 2: Total, Due Today, Overdue, Upcoming). */
export type CallbackCounts = { total: number; overdue: number; dueToday: number; upcoming: number };

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
};

const ROW_COLUMNS = [
  "id",
  "firstName",
  "lastName",
  "email",
  "city",
  "state",
  "status",
  "carrierId",
  "coverageAmountCents",
  "monthlyPremiumCents",
  "callbackDate",
  "createdAt",
] as const;

type CallbackSqlRow = Pick<Application, (typeof ROW_COLUMNS)[number]> & {
  primaryPhone: string | null;
  carrierName: string | null;
};

function rowColumnsSql() {
  const attributes = Application.getAttributes();
  return ROW_COLUMNS.map((name) => `l.${attributes[name].field} AS "${name}"`).join(", ");
}

const dollars = (cents: number | string | null | undefined) =>
  cents === null || cents === undefined ? null : Number(cents) / 100;

/**
 * The Callbacks page's cards in one statement: overdue, due today (CALLBACKS_DUE_TODAY_SQL, the
 * dashboard's figure), later and without a date; Upcoming is the later ones and those without a
 * date, Total all of them. Exact: each is a COUNT(*) over one range of the index.
 */
async function tallyCallbacks(agentId: string, bounds: { dueStart: Date; dueEnd: Date }): Promise<CallbackTally> {
  const count = (range: string) => `SELECT COUNT(*) FROM applications WHERE ${AGENT_CALLBACKS_SQL} AND ${range}`;
  const { overdue, dueToday, later, undated } = await numbersInOneStatement(
    {
      overdue: count(DATED.overdue),
      dueToday: CALLBACKS_DUE_TODAY_SQL,
      later: count(DATED.upcoming),
      undated: count("callback_date IS NULL"),
    },
    { agentId, ...bounds },
  );
  return { total: overdue + dueToday + later + undated, overdue, dueToday, upcoming: later + undated, later, undated };
}

/**
 * SQL for the callbacks of one range of the index, in index order, with the columns a row shows:
 * the page's ids from the index first, then only its rows (and their phone and carrier). Takes
 * :agentId, the range's bounds, :limit and :offset. Exported for the test of its query plan.
 */
export function callbackRowsSql(range: string, order: string) {
  return `SELECT ${rowColumnsSql()},
       (SELECT p.phone_number FROM phones p WHERE p.application_id = l.id
         ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "primaryPhone",
       (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrierName"
     FROM (SELECT id FROM applications WHERE ${AGENT_CALLBACKS_SQL} AND ${range}
           ORDER BY ${order} LIMIT :limit OFFSET :offset) page
     JOIN applications l ON l.id = page.id
     ORDER BY ${order.replace(/(^|, )/g, "$1l.")}`;
}

function selectCallbackRows(range: string, order: string, replacements: Record<string, unknown>) {
  return selectRows<CallbackSqlRow>(callbackRowsSql(range, order), replacements);
}

function toCallback(row: CallbackSqlRow, daysUntilCallback: (date: string) => number): AgentCallback {
  const callbackDate = row.callbackDate ? new Date(row.callbackDate).toISOString() : null;
  const daysUntil = callbackDate ? daysUntilCallback(callbackDate) : null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? null,
    phone: row.primaryPhone ?? null,
    city: row.city ?? null,
    state: row.state ?? null,
    status: row.status,
    carrier: row.carrierId && row.carrierName ? { id: row.carrierId, name: row.carrierName } : null,
    coverageAmount: dollars(row.coverageAmountCents),
    monthlyPremium: dollars(row.monthlyPremiumCents),
    callbackDate,
    daysUntil,
    priority: callbackPriority(daysUntil),
    category: callbackCategory(daysUntil),
    createdAt: new Date(row.createdAt).toISOString(),
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
  context: { timeZone: string; now: Date; bounds: { dueStart: Date; dueEnd: Date } },
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

  const base = { agentId, ...context.bounds };
  const dated =
    offset < datedTotal ? await selectCallbackRows(DATED[filter], "callback_date, id", { ...base, limit, offset }) : [];
  const stillWanted = limit - dated.length;
  const undated =
    withUndated && stillWanted > 0
      ? await selectCallbackRows("callback_date IS NULL", "id", {
          ...base,
          limit: stillWanted,
          offset: Math.max(0, offset - datedTotal),
        })
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
  const bounds = callbacksDueTodayReplacements(actor, now);
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
  const bounds = callbacksDueTodayReplacements(actor, now);
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

export const NO_CALLBACK_SCHEDULED = "No callback is scheduled for this lead.";

/** How long the calendar event of a callback lasts. */
export const CALLBACK_EVENT_MINUTES = 30;

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
  const [phoneRow] = await selectRows<{ phone: string }>(
    `SELECT phone_number AS phone FROM phones WHERE application_id = :id
     ORDER BY is_primary DESC, created_at ASC, id ASC LIMIT 1`,
    { id: lead.id },
  );
  const name = `${lead.firstName} ${lead.lastName}`;
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
