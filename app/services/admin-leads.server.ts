import { z } from "zod";
import { zonedDayRange } from "~/domain/periods";
import { formatDate, formatDollars, formatPhone, fullName } from "~/domain/format";
import {
  GENDERS,
  MARITAL_STATUSES,
  LEAD_PAYMENT_METHODS,
  PHONE_TYPES,
  RELATIONSHIPS,
  optionLabel,
} from "~/domain/application-options";
import { leadStatusStyle } from "~/domain/statuses";
import { UNASSIGNED_AGENT, type ADMIN_LEAD_SORTS } from "~/domain/admin-leads";
import type { AllLeadsQuery } from "~/domain/schemas/admin-leads";
import type { Page } from "~/utils/list";
import { logActivity } from "./activity.server";
import {
  LeadListRow,
  LEAD_LIST_COUNT_LIMIT,
  leadListColumns,
  leadListFilters,
  leadListWhere,
  termsPage,
  type ListSearchOptions,
  leadRowView,
  recordedRecently,
  unmaskedLeadDetail,
  type LeadDetail,
  type RevealPart,
} from "./lead-reads.server";
import { assertAdmin } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { unreadLeadsCount, unreadLeadsFigure } from "./leads.server";
import { planLeadSearch, type LeadSearch, type SearchScope } from "./lead-search.server";
import {
  column,
  numbersInOneStatement,
  pageRowsSql,
  searchWords,
  selectRows,
  sql,
  sqlPage,
  type Sql,
} from "./sql/reads.server";

// The admin's side of the lead book (All Leads, GET /api/admin/applications): every agent's leads,
// through the same SQL builders as the agent's list (lead-reads.server.ts), with the filters an
// admin adds (agent, state, submitted days in the admin's time zone, unread only) and sorting.

/** One row of All Leads: a My Leads row whose agent may be none (an unassigned lead), with the lead source it came from. */
export type AdminLeadRow = ReturnType<
  typeof leadRowView<{ id: string; user: { firstName: string; lastName: string } } | null>
> & {
  leadSource: { id: string; name: string } | null;
  /** When an approved return took the lead out of its agent's lists (decision 064); shown as Returned. */
  returnedAt: string | null;
};

const ORDER: Record<(typeof ADMIN_LEAD_SORTS)[number], Sql> = {
  newest: sql`a.created_at DESC, a.id DESC`,
  oldest: sql`a.created_at ASC, a.id ASC`,
  name: sql`a.last_name ASC, a.first_name ASC, a.id ASC`,
};

/**
 * All Leads' WHERE over `applications a`: the agent's list filters plus the admin's own.
 * @internal
 */
export function allLeadsWhere(actor: SessionUser, query: AllLeadsQuery, search?: LeadSearch): Sql {
  return leadListWhere(allLeadsConditions(actor, query), allLeadsFilterQuery(actor, query), {
    scope: searchScope(query),
    search,
  });
}

/** The filters of All Leads that are its own (the agent's list has none of them). */
function allLeadsConditions(actor: SessionUser, query: AllLeadsQuery): Sql[] {
  const conditions: Sql[] = [];
  if (query.agentId === UNASSIGNED_AGENT) conditions.push(sql`a.agent_id IS NULL`);
  else if (query.agentId) conditions.push(sql`a.agent_id = ${query.agentId}`);
  if (query.state) conditions.push(sql`a.state = ${query.state}`);
  if (query.paymentStatus && query.paymentStatus !== "all") {
    // A sale matches when at least one of its months is in that status (decision 037); the
    // unique (application_id, month_number) index answers it. Pending is stored as not_paid.
    const status = query.paymentStatus === "pending" ? "not_paid" : query.paymentStatus;
    conditions.push(
      sql`EXISTS (SELECT 1 FROM payment_trackings t WHERE t.application_id = a.id AND t.status = ${status})`,
    );
  }
  if (query.unread) {
    // The reader's New Lead rule (leads.server.ts): no lead_reads row of theirs.
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${actor.id} AND r.application_id = a.id)`,
    );
  }
  return conditions;
}

/** The filters All Leads shares with the agent's list, in its terms. */
function allLeadsFilterQuery(actor: SessionUser, query: AllLeadsQuery) {
  return {
    status: query.status,
    search: query.search,
    carrierId: query.carrierId,
    created: zonedDayRange(query.dateFrom, query.dateTo, actor.timezone),
  };
}

/** Whose search terms All Leads reads: one agent's or the unassigned leads' when it is filtered so. */
function searchScope(query: AllLeadsQuery): SearchScope {
  if (query.agentId === UNASSIGNED_AGENT) return { agentId: null };
  return query.agentId ? { agentId: query.agentId } : undefined;
}

/** An All Leads row: My Leads' columns with the name of the lead's agent, if any, and its source's. */
const AllLeadsRow = LeadListRow.extend({
  agentFirstName: column.text.nullable(),
  agentLastName: column.text.nullable(),
  leadSourceId: column.text.nullable(),
  leadSourceName: column.text.nullable(),
  returnedAt: column.isoDate.nullable(),
}).transform((row) => ({
  ...leadRowView(
    row,
    row.agentId
      ? { id: row.agentId, user: { firstName: row.agentFirstName ?? "", lastName: row.agentLastName ?? "" } }
      : null,
  ),
  leadSource: row.leadSourceId && row.leadSourceName ? { id: row.leadSourceId, name: row.leadSourceName } : null,
  returnedAt: row.returnedAt,
}));

/**
 * All Leads and GET /api/admin/applications: every lead, filtered by status, search (first name,
 * last name, email; every word, case-insensitive), agent, carrier, state, submitted days and
 * unread-for-this-admin, sorted newest (default), oldest or by name, one page and the filtered
 * total. As listAgentLeads: the page's ids first from the index alone, then its rows with their
 * subqueries and the agent's name; the total a COUNT(*) of the same WHERE up to 1,000. A search
 * reads the term index in the list's order when it is by creation (planLeadSearch, decision 090).
 */
export async function listAllLeads(
  actor: SessionUser,
  query: AllLeadsQuery,
  { searchCountEntries }: ListSearchOptions = {},
): Promise<Page<AdminLeadRow>> {
  assertAdmin(actor);
  const search = await planLeadSearch(query.search, {
    scope: searchScope(query),
    order: query.sort === "oldest" ? "oldest" : query.sort === "name" ? null : "newest",
    checkInOrder: readInOrder(query),
  });
  const list = {
    select: sql`${leadListColumns(actor.id)}, u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
      a.lead_source_id AS "leadSourceId", ls.name AS "leadSourceName", a.returned_at AS "returnedAt"`,
    from: sql`applications a`,
    join: sql`LEFT JOIN agents g ON g.id = a.agent_id LEFT JOIN users u ON u.id = g.user_id
      LEFT JOIN lead_sources ls ON ls.id = a.lead_source_id`,
    where: allLeadsWhere(actor, query, search),
    orderBy: ORDER[query.sort] ?? ORDER.newest,
    key: sql`a.id`,
  };
  if (search.plan === "terms") {
    const filters = leadListFilters(allLeadsConditions(actor, query), allLeadsFilterQuery(actor, query));
    return termsPage(list, query, AllLeadsRow, search, filters, searchCountEntries);
  }
  if (!onlyUnread(query)) {
    return sqlPage(list, query, AllLeadsRow, {
      countUpTo: LEAD_LIST_COUNT_LIMIT,
      countInOrder: search.plan === "inOrder",
    });
  }
  // Unread only, nothing else: the total is the admin's unread count, which the database keeps
  // (decision 024), one row read instead of every lead probed for a read.
  const [rows, read] = await Promise.all([
    selectRows(pageRowsSql(list, query), AllLeadsRow),
    numbersInOneStatement({ count: unreadLeadsCount(actor) }),
  ]);
  return { rows, total: await unreadLeadsFigure(actor, read.count), page: query.page, pageSize: query.pageSize };
}

/**
 * Whether an index gives All Leads' order under its filters, so a word that begins too many terms
 * may be checked on the leads read in that order (decision 068): newest or oldest first, over every lead, a status, an agent (or the
 * unassigned) with or without a status, and submitted days (a range of the same index). The
 * state, carrier, payment and unread filters have no such index: the leads read in order would
 * be checked against them too, and a rare combination would read most of the leads; the name
 * sort has none either. Those keep the index's matches.
 */
function readInOrder(query: AllLeadsQuery): boolean {
  return (
    (query.sort === "newest" || query.sort === "oldest" || query.sort === undefined) &&
    !query.unread &&
    !query.carrierId &&
    !query.state &&
    (!query.paymentStatus || query.paymentStatus === "all")
  );
}

/** Whether unread is All Leads' one filter (so its total is the admin's kept unread count). */
function onlyUnread(query: AllLeadsQuery): boolean {
  return (
    query.unread &&
    query.status === "all" &&
    searchWords(query.search).length === 0 &&
    !query.agentId &&
    !query.carrierId &&
    !query.state &&
    !query.dateFrom &&
    !query.dateTo &&
    (!query.paymentStatus || query.paymentStatus === "all")
  );
}

/** The agents and carriers All Leads' filters offer, by name. */
export async function allLeadsFilterChoices(actor: SessionUser) {
  assertAdmin(actor);
  const [agents, carriers] = await Promise.all([
    selectRows(
      sql`SELECT g.id, u.first_name AS "firstName", u.last_name AS "lastName"
       FROM agents g JOIN users u ON u.id = g.user_id ORDER BY u.first_name, u.last_name, g.id`,
      z.object({ id: column.text, firstName: column.text, lastName: column.text }),
    ),
    selectRows(
      sql`SELECT c.id, c.name FROM carriers c ORDER BY c.name, c.id`,
      z.object({ id: column.text, name: column.text }),
    ),
  ]);
  return {
    agents: agents.map((a) => ({ id: a.id, name: fullName(a) })),
    carriers,
  };
}

const LEAD_COPIED = "lead_copied";

/** What the copy has in full: the SSN and the payment details; the health details stay masked (decision 070). */
const COPIED_PARTS = ["sensitive", "banking"] as const satisfies readonly RevealPart[];

/**
 * Copy All Lead Information (a post on the page, with or without JavaScript): every field of the
 * lead as text, the SSN and the payment details in full, the health details masked, never the CVV
 * (it is never read).
 * Recorded in the activity log as lead_copied, naming who and which lead, never a value.
 */
export async function leadCopyText(actor: SessionUser, id: string): Promise<string> {
  assertAdmin(actor);
  const lead = await unmaskedLeadDetail(actor, id, COPIED_PARTS);
  await logActivity({
    userId: actor.id,
    action: LEAD_COPIED,
    entityType: "application",
    entityId: lead.id,
    summary: `${fullName(actor)} copied all the information of lead ${lead.id}`,
  });
  return copyTextOf(actor, lead);
}

/**
 * The copy's text again for the page the copy redirected to without JavaScript (&copy=1): only
 * if this admin copied this lead in the last few minutes, else null. A read only: the URL alone
 * neither records a copy nor shows the numbers.
 */
export async function recordedLeadCopyText(actor: SessionUser, id: string): Promise<string | null> {
  assertAdmin(actor);
  if (!(await recordedRecently(actor, id, [LEAD_COPIED])).has(LEAD_COPIED)) return null;
  return copyTextOf(actor, await unmaskedLeadDetail(actor, id, COPIED_PARTS));
}

function copyTextOf(actor: SessionUser, lead: LeadDetail): string {
  const tz = actor.timezone;
  const day = (value: string | null) => (value ? formatDate(value, tz) : "");
  const line = (label: string, value: string | number | null | undefined) => `${label}: ${value ?? ""}`;
  return [
    "PERSONAL INFORMATION",
    line("Name", fullName(lead)),
    line("Email", lead.email),
    line("Date of Birth", day(lead.dateOfBirth)),
    line("Gender", optionLabel(GENDERS, lead.gender)),
    line("Marital Status", optionLabel(MARITAL_STATUSES, lead.maritalStatus)),
    line("SSN", lead.ssn),
    line("Address", lead.address),
    line("City", lead.city),
    line("State", lead.state),
    line("ZIP Code", lead.zipCode),
    line("State Born In", lead.stateBornIn),
    "",
    "PHONE NUMBERS",
    ...lead.phones.map(
      (p) =>
        `${formatPhone(p.phoneNumber)} (${optionLabel(PHONE_TYPES, p.phoneType)}${p.isPrimary ? ", primary" : ""})`,
    ),
    "",
    "MEDICAL INFORMATION",
    line("Height", lead.height),
    line("Weight", lead.weight !== null ? `${lead.weight} lbs` : ""),
    line("Smoker", lead.smoker === null ? "" : lead.smoker ? "Yes" : "No"),
    // The health details as COPIED_PARTS leaves them: masked.
    line("Doctor", lead.doctorName),
    line("Doctor Phone", lead.doctorPhone),
    line("Medications", lead.medications),
    line("Medical History", lead.medicalHistory),
    "",
    "POLICY INFORMATION",
    line("Carrier", lead.carrier?.name),
    line("Product", lead.productName),
    line("Coverage Amount", formatDollars(lead.coverageAmount)),
    line("Monthly Premium", formatDollars(lead.monthlyPremium)),
    line("Commission", formatDollars(lead.calculatedCommission)),
    "",
    "BENEFICIARIES",
    ...lead.beneficiaries.map(
      (b) =>
        `${b.name} (${b.relationship === "other" && b.otherRelationship ? b.otherRelationship : optionLabel(RELATIONSHIPS, b.relationship)}${b.percentage !== null ? `, ${b.percentage}%` : ""}${b.age !== null ? `, age ${b.age}` : ""})`,
    ),
    "",
    "PAYMENT INFORMATION",
    line("Payment Method", optionLabel(LEAD_PAYMENT_METHODS, lead.paymentMethod)),
    line("Bank Name", lead.bankName),
    line("Routing Number", lead.routingNumber),
    line("Account Number", lead.accountNumber),
    line("Card Number", lead.cardNumber),
    line("Card Expiry", lead.cardExpiry),
    line("First Draft Date", day(lead.firstDraftDate)),
    line("Future Draft Date", day(lead.futureDraftDate)),
    line("Payment Notes", lead.paymentNotes),
    "",
    "AGENT ASSIGNMENT & DISPOSITION",
    line("Agent", lead.agent ? fullName(lead.agent.user) : "Unassigned"),
    line("Status", leadStatusStyle(lead.status).label),
    line("Notes", lead.notes),
    line("Created", day(lead.createdAt)),
    line("Lead ID", lead.id),
  ].join("\n");
}
