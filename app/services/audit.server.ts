import type { ActivityRow } from "~/domain/activity";
import type { ActivityFilters } from "~/domain/schemas/activity";
import { zonedDayRange } from "~/domain/periods";
import { limitOffset, type Page } from "~/utils/list";
import { notFound } from "./errors.server";
import { LEAD_NOT_FOUND } from "./leads.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { selectRows, withinRange } from "./sql.server";

// The audit trail (issue 12 item 7): who did what, when, read from the activity log that every
// service writes (logActivity). Administrators only. Entries about a lead have entity_type
// "application" and the lead's id; their summaries hold names and labels, never a sensitive value
// (decision 034).

/** How many of a lead's entries its dialog shows; the Activity page has them all. */
export const LEAD_TRAIL_LIMIT = 50;

/** Days before and after these are no bound at all (and stay within what a Date can hold). */
const FIRST_DAY = "1970-01-01";
const LAST_DAY = "9999-12-31";

type EntryRow = {
  id: string;
  action: string;
  entityType: string | null;
  entityId: string | null;
  summary: string;
  createdAt: Date | string;
  firstName: string | null;
  lastName: string | null;
  leadFirstName: string | null;
  leadLastName: string | null;
};

/**
 * The filters as the WHERE of a query over `activity_logs l`. Each filter has an index ending in
 * (created_at, id) (migration 018): by user, by action, by lead; the dates alone use
 * (created_at, id). From and To are whole days on the admin's calendar.
 */
function activityWhere(filters: ActivityFilters, timeZone: string) {
  const conditions: string[] = [];
  const replacements: Record<string, string | Date> = {};
  if (filters.userId) {
    conditions.push("l.user_id = :userId");
    replacements.userId = filters.userId;
  }
  if (filters.action) {
    conditions.push("l.action = :action");
    replacements.action = filters.action;
  }
  if (filters.applicationId) {
    conditions.push("l.entity_type = 'application' AND l.entity_id = :applicationId");
    replacements.applicationId = filters.applicationId;
  }
  const created = withinRange(
    "l.created_at",
    zonedDayRange(
      filters.dateFrom && filters.dateFrom > FIRST_DAY ? filters.dateFrom : undefined,
      filters.dateTo && filters.dateTo < LAST_DAY ? filters.dateTo : undefined,
      timeZone,
    ),
    "created",
  );
  conditions.push(created.sql);
  Object.assign(replacements, created.replacements);
  return { where: conditions.join(" AND "), replacements };
}

/**
 * The entries a WHERE selects, newest first: the page's ids from the index alone, then only those
 * rows with their user's name and, for an entry about a lead, the lead's name.
 */
async function entries(where: string, replacements: Record<string, unknown>, page: { limit: number; offset: number }) {
  const rows = await selectRows<EntryRow>(
    `SELECT l.id, l.action, l.entity_type AS "entityType", l.entity_id AS "entityId", l.summary,
            l.created_at AS "createdAt", u.first_name AS "firstName", u.last_name AS "lastName",
            a.first_name AS "leadFirstName", a.last_name AS "leadLastName"
     FROM (SELECT l.id FROM activity_logs l WHERE ${where}
           ORDER BY l.created_at DESC, l.id DESC LIMIT :limit OFFSET :offset) page
     JOIN activity_logs l ON l.id = page.id
     LEFT JOIN users u ON u.id = l.user_id
     LEFT JOIN applications a ON l.entity_type = 'application' AND a.id = l.entity_id
     ORDER BY l.created_at DESC, l.id DESC`,
    { ...replacements, ...page },
  );
  return rows.map(toActivityRow);
}

function toActivityRow(row: EntryRow): ActivityRow {
  return {
    id: row.id,
    action: row.action,
    userName: row.firstName !== null ? `${row.firstName} ${row.lastName ?? ""}`.trim() : null,
    applicationId: row.entityType === "application" ? row.entityId : null,
    leadName: row.leadFirstName !== null ? `${row.leadFirstName} ${row.leadLastName ?? ""}`.trim() : null,
    createdAt: new Date(row.createdAt).toISOString(),
    details: row.summary,
  };
}

/**
 * GET /api/admin/activity and the Activity page: the log newest first, filtered by user, action,
 * lead and days (From and To inclusive, on the admin's calendar), one page and the filtered total,
 * both in SQL. Anyone but an administrator is refused (403).
 */
export async function listActivity(
  actor: SessionUser,
  query: ActivityFilters & { page: number; pageSize: number },
): Promise<Page<ActivityRow>> {
  assertAdmin(actor);
  const { where, replacements } = activityWhere(query, actor.timezone);
  const [rows, [counted]] = await Promise.all([
    entries(where, replacements, limitOffset(query)),
    selectRows<{ total: number | string }>(
      `SELECT COUNT(*) AS total FROM activity_logs l WHERE ${where}`,
      replacements,
    ),
  ]);
  return { rows, total: Number(counted?.total ?? 0), page: query.page, pageSize: query.pageSize };
}

/**
 * One lead's trail for its dialog: its latest LEAD_TRAIL_LIMIT entries, newest first (the Activity
 * page, filtered to the lead, has the rest). Administrators only; an id that cannot be a lead's is
 * "Application Not Found".
 */
export async function leadTrail(actor: SessionUser, applicationId: string): Promise<ActivityRow[]> {
  assertAdmin(actor);
  if (!isUuid(applicationId)) throw notFound(LEAD_NOT_FOUND);
  const { where, replacements } = activityWhere({ applicationId }, actor.timezone);
  return entries(where, replacements, { limit: LEAD_TRAIL_LIMIT, offset: 0 });
}

export type ActivityUserChoice = { id: string; name: string; email: string; role: "admin" | "agent" };

/** How many people the user filter lists; beyond it, a user is reached from a link or the API. */
const USER_CHOICES_MAX = 1000;

/**
 * The user filter's choices: administrators, then agents, by name. A user the URL names is
 * always among them, so the filter shows who is chosen.
 */
export async function activityUserChoices(actor: SessionUser, chosen?: string): Promise<ActivityUserChoice[]> {
  assertAdmin(actor);
  const columns = `id, first_name AS "firstName", last_name AS "lastName", email, role`;
  type UserRow = { id: string; firstName: string; lastName: string; email: string; role: "admin" | "agent" };
  const [listed, named] = await Promise.all([
    selectRows<UserRow>(`SELECT ${columns} FROM users ORDER BY role, first_name, last_name, email LIMIT :max`, {
      max: USER_CHOICES_MAX,
    }),
    isUuid(chosen) ? selectRows<UserRow>(`SELECT ${columns} FROM users WHERE id = :id`, { id: chosen }) : [],
  ]);
  const users = [...listed, ...named.filter((user) => !listed.some((row) => row.id === user.id))];
  return users.map((user) => ({
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    role: user.role,
  }));
}

/** The name of the lead a trail is filtered to, or null when it no longer exists. */
export async function activityLeadName(actor: SessionUser, applicationId: string): Promise<string | null> {
  assertAdmin(actor);
  if (!isUuid(applicationId)) return null;
  const [lead] = await selectRows<{ firstName: string; lastName: string }>(
    `SELECT first_name AS "firstName", last_name AS "lastName" FROM applications WHERE id = :id`,
    { id: applicationId },
  );
  return lead ? `${lead.firstName} ${lead.lastName}` : null;
}
