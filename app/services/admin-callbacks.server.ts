import { z } from "zod";
import { centsAsDollars } from "~/domain/format";
import { limitOffset, type Page } from "~/utils/list";
import { SCHEDULED_CALLBACK } from "./callbacks.server";
import { leadOnDncList } from "./dnc.server";
import { notFound } from "./errors.server";
import { findAccessibleLead } from "./leads.server";
import { assertAdmin } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { column, numbersInOneStatement, selectRows, sql, type Sql } from "./sql/reads.server";

// The admin's Callback Management (part 1, section 2; issue 13 item 4): every agent's scheduled
// callbacks (leads in callback or rescheduled, as the agent's Callbacks page counts them), soonest
// first, those without a date last. Reschedule is the agent page's own rescheduleCallback (a
// status change through changeLeadStatus: an admin any lead, an agent only their own, the status
// history and the activity log in the same transaction). docs/decisions/036.

/** @internal */
export const ADMIN_CALLBACK_ERRORS = { agentNotFound: "Agent not found" } as const;

/** One callback card: the spec's Callback (id, names, createdAt, coverage, premium) with its agent and phone. */
export type AdminCallback = {
  id: string;
  firstName: string;
  lastName: string;
  agentId: string | null;
  agentName: string | null;
  phone: string | null;
  status: string;
  coverageAmount: number | null;
  monthlyPremium: number | null;
  callbackDate: string | null;
  createdAt: string;
  /** A phone of the lead is on the do-not-call list (decision 069). */
  dnc: boolean;
};

/** A callback's row with its agent's name and primary phone, as the card shows it. */
const CallbackRow = z
  .object({
    id: column.text,
    firstName: column.text,
    lastName: column.text,
    agentId: column.text.nullable(),
    agentFirstName: column.text.nullable(),
    agentLastName: column.text.nullable(),
    phone: column.text.nullable(),
    status: column.text,
    coverageAmountCents: column.cents.nullable(),
    monthlyPremiumCents: column.cents.nullable(),
    callbackDate: column.isoDate.nullable(),
    createdAt: column.isoDate,
    dnc: column.boolean,
  })
  .transform((row): AdminCallback => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    agentId: row.agentId,
    agentName: row.agentFirstName === null ? null : `${row.agentFirstName} ${row.agentLastName ?? ""}`.trim(),
    phone: row.phone,
    status: row.status,
    coverageAmount: centsAsDollars(row.coverageAmountCents),
    monthlyPremium: centsAsDollars(row.monthlyPremiumCents),
    callbackDate: row.callbackDate,
    createdAt: row.createdAt,
    dnc: row.dnc,
  }));

/**
 * The scheduled callbacks of the filter as a WHERE over `applications` (no alias, so the partial
 * indexes' predicate is repeated word for word, which SQLite needs): one agent's from migration
 * 010's (agent_id, callback_date, id), every agent's from migration 020's (callback_date, id).
 */
function scheduledWhere(agentId: string | undefined): Sql {
  return agentId ? sql`agent_id = ${agentId} AND ${SCHEDULED_CALLBACK}` : SCHEDULED_CALLBACK;
}

/** Dated callbacks soonest first; undated ones (a NULL date) by id. */
const RANGES = {
  dated: { range: sql`callback_date IS NOT NULL`, inner: sql`callback_date, id`, outer: sql`l.callback_date, l.id` },
  undated: { range: sql`callback_date IS NULL`, inner: sql`id`, outer: sql`l.id` },
};

/**
 * One page of one range of callbacks (dated by callback date, or undated by id), the page's ids
 * from the index first, then only its rows with their agent's name and primary phone. Exported
 * for the plan test.
 * @internal
 */
export function adminCallbackRowsSql(
  agentId: string | undefined,
  dated: boolean,
  page: { limit: number; offset: number },
): Sql {
  const { range, inner, outer } = RANGES[dated ? "dated" : "undated"];
  return sql`SELECT l.id, l.first_name AS "firstName", l.last_name AS "lastName", l.agent_id AS "agentId",
       u.first_name AS "agentFirstName", u.last_name AS "agentLastName", l.status,
       l.coverage_amount_cents AS "coverageAmountCents", l.monthly_premium_cents AS "monthlyPremiumCents",
       l.callback_date AS "callbackDate", l.created_at AS "createdAt",
       (SELECT p.phone_number FROM phones p WHERE p.application_id = l.id
         ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "phone", ${leadOnDncList("l")} AS dnc
     FROM (SELECT id FROM applications WHERE ${scheduledWhere(agentId)} AND ${range}
           ORDER BY ${inner} LIMIT ${page.limit} OFFSET ${page.offset}) page
     JOIN applications l ON l.id = page.id
     LEFT JOIN agents g ON g.id = l.agent_id
     LEFT JOIN users u ON u.id = g.user_id
     ORDER BY ${outer}`;
}

/**
 * The callbacks of every agent, or of one, soonest callback first (then by id), those without a
 * date last; one page of them and the total. The dated and undated callbacks are two ranges of
 * the index read one after the other; their counts (one statement, read first) say where the
 * first ends, so a page reads at most its own rows from each (decision 025). Admins only (403);
 * an agent id that names no agent is a 404.
 */
export async function listAdminCallbacks(
  actor: SessionUser,
  query: { agentId?: string; page: number; pageSize: number },
): Promise<Page<AdminCallback>> {
  assertAdmin(actor);
  const where = scheduledWhere(query.agentId);
  const { dated, undated, agentKnown } = await numbersInOneStatement({
    dated: sql`SELECT COUNT(*) FROM applications WHERE ${where} AND ${RANGES.dated.range}`,
    undated: sql`SELECT COUNT(*) FROM applications WHERE ${where} AND ${RANGES.undated.range}`,
    agentKnown: query.agentId ? sql`SELECT COUNT(*) FROM agents WHERE id = ${query.agentId}` : sql`SELECT 1`,
  });
  if (!agentKnown) throw notFound(ADMIN_CALLBACK_ERRORS.agentNotFound);
  const total = dated + undated;
  const { limit, offset } = limitOffset(query);
  const page = { total, page: query.page, pageSize: query.pageSize };
  if (offset >= total) return { rows: [], ...page };
  const datedRows =
    offset < dated ? await selectRows(adminCallbackRowsSql(query.agentId, true, { limit, offset }), CallbackRow) : [];
  const stillWanted = limit - datedRows.length;
  const undatedRows =
    stillWanted > 0 && undated > 0
      ? await selectRows(
          adminCallbackRowsSql(query.agentId, false, { limit: stillWanted, offset: Math.max(0, offset - dated) }),
          CallbackRow,
        )
      : [];
  return { rows: [...datedRows, ...undatedRows], ...page };
}

/**
 * What the admin's Reschedule dialog shows of a lead: its name and current callback date. Any
 * lead (findAccessibleLead: an admin reaches every lead); a missing one is a 404.
 */
export async function getAdminCallbackLead(actor: SessionUser, id: string) {
  assertAdmin(actor);
  const lead = await findAccessibleLead(actor, id, {
    attributes: ["id", "firstName", "lastName", "callbackDate"],
    raw: true,
  });
  const callbackDate = lead.callbackDate ? new Date(lead.callbackDate).toISOString() : null;
  return { id: lead.id, firstName: lead.firstName, lastName: lead.lastName, callbackDate };
}
