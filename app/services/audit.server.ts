import { z } from "zod";
import type { ActivityRow } from "~/domain/activity";
import type { ActivityFilters } from "~/domain/schemas/activity";
import { fullName } from "~/domain/format";
import { zonedDayRange } from "~/domain/periods";
import type { Page } from "~/utils/list";
import { notFound } from "./errors.server";
import { LEAD_NOT_FOUND } from "./leads.server";
import { assertAdmin, isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import {
  and,
  column,
  pageRowsSql,
  selectOne,
  selectRows,
  sql,
  sqlPage,
  withinRange,
  type Sql,
} from "./sql/reads.server";

// The audit trail (issue 12 item 7): who did what, when, read from the activity log that every
// service writes (logActivity). Administrators only. Entries about a lead have entity_type
// "application" and the lead's id; their summaries hold names and labels, never a sensitive value
// (decision 034).

/**
 * How many of a lead's entries its dialog shows; the Activity page has them all.
 * @internal
 */
export const LEAD_TRAIL_LIMIT = 50;

/** Days before and after these are no bound at all (and stay within what a Date can hold). */
const FIRST_DAY = "1970-01-01";
const LAST_DAY = "9999-12-31";

/**
 * The filters as the WHERE of a query over `activity_logs l`. Each filter has an index ending in
 * (created_at, id) (migration 018): by user, by action, by lead; the dates alone use
 * (created_at, id). From and To are whole days on the admin's calendar.
 */
function activityWhere(filters: ActivityFilters, timeZone: string): Sql {
  return and([
    filters.userId && sql`l.user_id = ${filters.userId}`,
    filters.action && sql`l.action = ${filters.action}`,
    filters.applicationId && sql`l.entity_type = 'application' AND l.entity_id = ${filters.applicationId}`,
    withinRange(
      sql`l.created_at`,
      zonedDayRange(
        filters.dateFrom && filters.dateFrom > FIRST_DAY ? filters.dateFrom : undefined,
        filters.dateTo && filters.dateTo < LAST_DAY ? filters.dateTo : undefined,
        timeZone,
      ),
    ),
  ]);
}

/** The name of a row's person, or null when there is none (no user, or no lead). */
const nameOf = (firstName: string | null, lastName: string | null) =>
  firstName !== null ? fullName({ firstName, lastName }) : null;

/** An entry with its user's name and, for an entry about a lead, the lead's name. */
const EntryRow = z
  .object({
    id: column.text,
    action: column.text,
    entityType: column.text.nullable(),
    entityId: column.text.nullable(),
    summary: column.text,
    createdAt: column.isoDate,
    firstName: column.text.nullable(),
    lastName: column.text.nullable(),
    leadFirstName: column.text.nullable(),
    leadLastName: column.text.nullable(),
  })
  .transform((row): ActivityRow => ({
    id: row.id,
    action: row.action,
    userName: nameOf(row.firstName, row.lastName),
    applicationId: row.entityType === "application" ? row.entityId : null,
    leadName: nameOf(row.leadFirstName, row.leadLastName),
    createdAt: row.createdAt,
    details: row.summary,
  }));

/**
 * The entries a WHERE selects, newest first: the page's ids from the index alone, then only those
 * rows with their user's name and, for an entry about a lead, the lead's name.
 */
function entriesQuery(where: Sql) {
  return {
    select: sql`l.id, l.action, l.entity_type AS "entityType", l.entity_id AS "entityId", l.summary,
      l.created_at AS "createdAt", u.first_name AS "firstName", u.last_name AS "lastName",
      a.first_name AS "leadFirstName", a.last_name AS "leadLastName"`,
    from: sql`activity_logs l`,
    join: sql`LEFT JOIN users u ON u.id = l.user_id
      LEFT JOIN applications a ON l.entity_type = 'application' AND a.id = l.entity_id`,
    where,
    orderBy: sql`l.created_at DESC, l.id DESC`,
    key: sql`l.id`,
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
  return sqlPage(entriesQuery(activityWhere(query, actor.timezone)), query, EntryRow);
}

/**
 * One lead's trail for its dialog: its latest LEAD_TRAIL_LIMIT entries, newest first (the Activity
 * page, filtered to the lead, has the rest). Administrators only; an id that cannot be a lead's is
 * "Application Not Found".
 */
export async function leadTrail(actor: SessionUser, applicationId: string): Promise<ActivityRow[]> {
  assertAdmin(actor);
  if (!isUuid(applicationId)) throw notFound(LEAD_NOT_FOUND);
  const query = entriesQuery(activityWhere({ applicationId }, actor.timezone));
  return selectRows(pageRowsSql(query, { page: 1, pageSize: LEAD_TRAIL_LIMIT }), EntryRow);
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
  const columns = sql`id, first_name AS "firstName", last_name AS "lastName", email, role`;
  const UserRow = z
    .object({
      id: column.text,
      firstName: column.text,
      lastName: column.text,
      email: column.text,
      role: z.enum(["admin", "agent"]),
    })
    .transform((user): ActivityUserChoice => ({
      id: user.id,
      name: fullName(user),
      email: user.email,
      role: user.role,
    }));
  const [listed, named] = await Promise.all([
    selectRows(
      sql`SELECT ${columns} FROM users ORDER BY role, first_name, last_name, email LIMIT ${USER_CHOICES_MAX}`,
      UserRow,
    ),
    isUuid(chosen) ? selectRows(sql`SELECT ${columns} FROM users WHERE id = ${chosen ?? null}`, UserRow) : [],
  ]);
  return [...listed, ...named.filter((user) => !listed.some((row) => row.id === user.id))];
}

/** The name of the lead a trail is filtered to, or null when it no longer exists. */
export async function activityLeadName(actor: SessionUser, applicationId: string): Promise<string | null> {
  assertAdmin(actor);
  if (!isUuid(applicationId)) return null;
  const lead = await selectOne(
    sql`SELECT first_name AS "firstName", last_name AS "lastName" FROM applications WHERE id = ${applicationId}`,
    z.object({ firstName: column.text, lastName: column.text }),
  );
  return lead ? fullName(lead) : null;
}
