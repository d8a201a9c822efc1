import type { Transaction } from "sequelize";
import { z } from "zod";
import { ActivityLog, Application } from "~db";
import { centsAsDollars, fullName } from "~/domain/format";
import type { AgentLeadListQuery } from "~/domain/schemas/leads";
import type { PeriodRange } from "~/domain/periods";
import { AGENT_LEAD_STATUSES } from "~/domain/statuses";
import { decrypt } from "~/utils/crypto.server";
import type { Page } from "~/utils/list";
import { forbidden } from "./errors.server";
import { assertAgent, isUuid } from "./permissions.server";
import { LEAD_NOT_FOUND, accessibleLeadWhere } from "./leads.server";
import {
  leadSearchCondition,
  leadSearchWhere,
  planLeadSearch,
  termMatchesAndCount,
  type LeadSearch,
  type SearchScope,
  type TermsSearch,
} from "./lead-search.server";
import { notFound } from "./errors.server";
import { shownHealth } from "./health-details.server";
import { leadOnDncList } from "./dnc.server";
import { policyView } from "./policy.server";
import type { SessionUser } from "./sessions.server";
import { CUBE, WIDEST_LEVEL } from "./sql/report-summaries.server";
import {
  and,
  column,
  countBy,
  identifier,
  join,
  pageCountCap,
  raw,
  selectOne,
  selectRows,
  sql,
  sqlPage,
  withinRange,
  type PageQuery,
  type Sql,
} from "./sql/reads.server";

// The lead read side: the agent's lead book (My Leads, GET /api/agent/applications) and one lead
// with everything it has (GET /api/applications/{id}). Field names are the spec's Lead (part 1
// section 3, part 2 section 3); money is dollars as numbers; sensitive numbers are their last four
// and health details a mask unless the caller asks to reveal them, which is recorded in the activity log.

const iso = (value: Date | null) => value?.toISOString() ?? null;

// ---------------------------------------------------------------------------------------------
// The list

/** One row of the agent's lead list: what a My Leads row shows, and nothing sensitive. */
export type AgentLeadRow = {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  primaryPhone: string | null;
  city: string | null;
  state: string | null;
  gender: string | null;
  weight: number | null;
  status: string;
  agent: { id: string; user: { firstName: string; lastName: string } };
  carrierId: string | null;
  carrier: { id: string; name: string } | null;
  productName: string | null;
  coverageAmount: number | null;
  monthlyPremium: number | null;
  calculatedCommission: number | null;
  /** When the sale's commission was cancelled (chargeback), or null while it stands. */
  commissionCancelledAt: string | null;
  payments: { paid: number; total: number };
  callbackDate: string | null;
  /** Not yet opened by the signed-in user (the New Lead badge). */
  isUnread: boolean;
  /** A phone of the lead is on the do-not-call list (the DNC badge, decision 069). */
  dnc: boolean;
  /** The sold lead's policy status (decision 074); null until the lead is sold. */
  policyStatus: string | null;
  createdAt: string;
  updatedAt: string;
};

const LIST_COLUMNS = [
  "id",
  "agentId",
  "carrierId",
  "status",
  "firstName",
  "lastName",
  "email",
  "city",
  "state",
  "gender",
  "weight",
  "coverageAmountCents",
  "monthlyPremiumCents",
  "calculatedCommissionCents",
  "commissionCancelledAt",
  "soldProductName",
  "callbackDate",
  "policyStatus",
  "createdAt",
  "updatedAt",
] as const;

/** A row of either lead list as SQL answers it (leadListColumns), read into one typed shape. */
export const LeadListRow = z.object({
  id: column.text,
  agentId: column.text.nullable(),
  carrierId: column.text.nullable(),
  status: column.text,
  firstName: column.text,
  lastName: column.text,
  email: column.text.nullable(),
  city: column.text.nullable(),
  state: column.text.nullable(),
  gender: column.text.nullable(),
  weight: column.integer.nullable(),
  coverageAmountCents: column.cents.nullable(),
  monthlyPremiumCents: column.cents.nullable(),
  calculatedCommissionCents: column.cents.nullable(),
  commissionCancelledAt: column.date.nullable(),
  soldProductName: column.text.nullable(),
  callbackDate: column.date.nullable(),
  policyStatus: column.text.nullable(),
  createdAt: column.date,
  updatedAt: column.date,
  primaryPhone: column.text.nullable(),
  carrierName: column.text.nullable(),
  paymentsPaid: column.integer,
  paymentsTotal: column.integer,
  isUnread: column.boolean,
  dnc: column.boolean,
});
export type ListRow = z.output<typeof LeadListRow>;

/**
 * A list row's columns of lead `alias` (LeadListRow's), named as the model names them, and the
 * correlated subqueries it adds, each answered by an index on the child table's application_id:
 * the primary phone (the first one added when none is marked), the carrier's name, the paid and
 * total payments of the schedule, and whether `readerId` has opened the lead (the unique
 * (user_id, application_id) index).
 */
export function leadListColumns(readerId: string, alias: "a" | "l" = "a"): Sql {
  const attributes = Application.getAttributes();
  const lead = identifier(alias);
  const columns = LIST_COLUMNS.map(
    (name) => sql`${lead}.${identifier(attributes[name].field!)} AS ${identifier(name)}`,
  );
  return sql`${join(columns)},
    (SELECT p.phone_number FROM phones p WHERE p.application_id = ${lead}.id
      ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "primaryPhone",
    (SELECT c.name FROM carriers c WHERE c.id = ${lead}.carrier_id) AS "carrierName",
    (SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = ${lead}.id AND t.status = 'paid') AS "paymentsPaid",
    (SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = ${lead}.id) AS "paymentsTotal",
    CASE WHEN EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = ${readerId} AND r.application_id = ${lead}.id)
      THEN 0 ELSE 1 END AS "isUnread",
    ${leadOnDncList(alias)} AS dnc`;
}

/**
 * What narrows the agent's lead list: My Leads' status and search, and the report's creation range
 * (`created`: start inclusive, end exclusive, either open) and carrier.
 */
export type AgentLeadFilters = Pick<AgentLeadListQuery, "status" | "search"> & {
  created?: PeriodRange;
  carrierId?: string;
};

/**
 * A lead still in its agent's working lists: not returned to its source (decision 064). A returned
 * lead stays the agent's (its page, the record, All Leads) but leaves My Leads, the dashboard's
 * lists, callbacks and retention. Few leads are returned, so the rows the indexes below find are
 * read for it; the indexes do not carry the column.
 */
const AGENT_WORKING_LEAD = sql`a.returned_at IS NULL`;

/**
 * The agent's leads the list shows, as the WHERE of a query over `applications a`: their own,
 * of the status asked for, with every word of the search beginning one of the lead's terms (its
 * names', email's and phones' words: lead-search.server.ts), created within the
 * range and of the carrier when those are asked for. Each filter has an index that begins with
 * agent_id and ends in (created_at, id): the list's (migration 006), by status (006), by carrier
 * (012). The agent's report counts and exports with the same WHERE (reports.server.ts).
 */
export function agentLeadsWhere(agentId: string, query: AgentLeadFilters, search?: LeadSearch): Sql {
  return leadListWhere(agentLeadsConditions(agentId), query, { scope: agentSearchScope(agentId), search });
}

const agentLeadsConditions = (agentId: string) => [sql`a.agent_id = ${agentId}`, AGENT_WORKING_LEAD];

/** agentLeadsConditions as the term index answers them, on its entries (decision 092). */
const agentSearchScope = (agentId: string): SearchScope => ({ agentId, working: true });

/**
 * agentLeadsWhere's filters after the caller's own `conditions` (the agent's, or none for an admin),
 * and the search: read as `search` (planLeadSearch's) says, or else every match gathered from the
 * terms of `scope`'s leads.
 */
export function leadListWhere(
  conditions: Sql[],
  query: Omit<AgentLeadFilters, "status"> & { status: string },
  { scope, search }: { scope?: SearchScope; search?: LeadSearch } = {},
): Sql {
  const searched = search ? leadSearchCondition(search) : leadSearchWhere(query.search, scope);
  return and([...leadListFilters(conditions, query), searched]);
}

/** leadListWhere's conditions but the search's. */
export function leadListFilters(
  conditions: Sql[],
  query: Omit<AgentLeadFilters, "status" | "search"> & { status: string },
): Sql[] {
  const filters: (Sql | false | "" | null | undefined)[] = [
    ...conditions,
    query.status !== "all" && sql`a.status = ${query.status}`,
    query.carrierId && sql`a.carrier_id = ${query.carrierId}`,
    query.created && (query.created.start || query.created.end) && withinRange(sql`a.created_at`, query.created),
  ];
  return filters.filter((filter): filter is Sql => Boolean(filter));
}

/**
 * How many entries of each of a search's terms the count of a list read term by term checks:
 * past them, a total that has not reached the count's limit says "N+" (decision 090). Two words
 * both in many leads ("mary smith") are found about once in twenty of the driving word's entries
 * (one Mary in twenty is a Smith in the bench); counting them exactly reads every entry, some
 * 9,000 at 1,000,000 leads.
 */
const SEARCH_COUNT_ENTRIES = 1000;

/** What tests may change of a lead list's search: how many entries of a term its count checks. */
export type ListSearchOptions = { searchCountEntries?: number };

/**
 * A lead list's page and total when its search is read term by term (decision 090): the page's
 * ids in the list's order from the term index, with the total (termMatchesAndCount), then only
 * those rows with their columns. The total is the matches among each term's first `countEntries`
 * entries counted up to the count's cap + 1, "N+" when a term has more entries than that. A page
 * the matches do not fill says the total itself, exactly.
 */
export async function termsPage<T>(
  list: PageQuery,
  params: { page: number; pageSize: number },
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  search: TermsSearch,
  filters: Sql[],
  countEntries = SEARCH_COUNT_ENTRIES,
): Promise<Page<T>> {
  const cap = pageCountCap(LEAD_LIST_COUNT_LIMIT, params);
  const from = (params.page - 1) * params.pageSize;
  const {
    ids: pageIds,
    counted,
    beyond,
  } = await termMatchesAndCount(search, filters, {
    from,
    count: params.pageSize,
    upTo: cap + 1,
    entriesRead: countEntries,
  });
  const rows = pageIds.length
    ? await selectRows(
        sql`SELECT ${list.select} FROM ${list.from} ${list.join ?? raw("")} WHERE a.id IN ${pageIds} ORDER BY ${list.orderBy}`,
        schema,
      )
    : [];
  const base = { rows, page: params.page, pageSize: params.pageSize };
  // A page the matches do not fill: they end on it.
  if (pageIds.length < params.pageSize && (pageIds.length > 0 || params.page === 1)) {
    return { ...base, total: from + pageIds.length };
  }
  if (counted > cap) return { ...base, total: cap, totalAtLeast: true };
  const floor = pageIds.length === params.pageSize ? from + pageIds.length : 0;
  if (beyond) return { ...base, total: Math.max(counted, floor), totalAtLeast: true };
  return { ...base, total: counted };
}

/**
 * How far the lead lists count their matches (decision 058): "1,000+" past it. An agency's lists
 * grow without bound, and a total counted to the end costs as much as every match; nobody pages
 * through more than a thousand leads, they narrow the search (the stat cards keep the exact figures).
 */
export const LEAD_LIST_COUNT_LIMIT = 1000;

/**
 * GET /api/agent/applications and My Leads: the signed-in agent's own leads, newest first,
 * filtered by status and by a search over first name, last name and email (every word,
 * case-insensitive), one page of them and the filtered total, all in SQL. Only an agent has a
 * lead book; anyone else is refused (403). The agent's report lists its page through here too,
 * with its creation range and carrier.
 *
 * Plain SQL in two statements run together: the page, whose ids come first from the
 * (agent_id, created_at, id, names, email) or (agent_id, status, created_at, id) index alone, so
 * page 200 skips index entries rather than rows, and only its 20 rows are read and given their
 * subqueries; and the total, a COUNT(*) of the same index up to LEAD_LIST_COUNT_LIMIT (docs/performance.md).
 * A search reads the agent's entries of the term index newest first (planLeadSearch, decision 090).
 */
export async function listAgentLeads(
  actor: SessionUser,
  query: AgentLeadFilters & Pick<AgentLeadListQuery, "page" | "pageSize">,
  { searchCountEntries }: ListSearchOptions = {},
): Promise<Page<AgentLeadRow>> {
  if (actor.role !== "agent" || !actor.agent) throw forbidden();
  const agent = { id: actor.agent.id, user: { firstName: actor.firstName, lastName: actor.lastName } };
  const search = await planLeadSearch(query.search, { scope: agentSearchScope(actor.agent.id), order: "newest" });
  const list = {
    select: leadListColumns(actor.id),
    from: sql`applications a`,
    where: agentLeadsWhere(actor.agent.id, query, search),
    orderBy: sql`a.created_at DESC, a.id DESC`,
    key: sql`a.id`,
  };
  const page =
    search.plan === "terms"
      ? await termsPage(
          list,
          query,
          LeadListRow,
          search,
          // The agent's and the working leads' conditions are the search's scope, read on the index.
          leadListFilters([], query),
          searchCountEntries,
        )
      : await sqlPage(list, query, LeadListRow, {
          countUpTo: LEAD_LIST_COUNT_LIMIT,
          // The working leads' condition (returned_at) is checked on each row: counted along the
          // page's index, or Postgres reads the table from its start for a status's first 1,001
          // (5.2 ms against 1.7 at 1,000,000 leads, decision 092).
          countInOrder: true,
        });
  return { ...page, rows: page.rows.map((row) => leadRowView(row, agent)) };
}

/** A list row read by LeadListRow to the row both lists send; `agent` is the lead's agent. */
export function leadRowView<A>(row: ListRow, agent: A) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    primaryPhone: row.primaryPhone,
    city: row.city,
    state: row.state,
    gender: row.gender,
    weight: row.weight,
    status: row.status,
    agent,
    carrierId: row.carrierId,
    carrier: row.carrierId && row.carrierName ? { id: row.carrierId, name: row.carrierName } : null,
    productName: row.soldProductName,
    coverageAmount: centsAsDollars(row.coverageAmountCents),
    monthlyPremium: centsAsDollars(row.monthlyPremiumCents),
    calculatedCommission: centsAsDollars(row.calculatedCommissionCents),
    commissionCancelledAt: iso(row.commissionCancelledAt),
    payments: { paid: row.paymentsPaid, total: row.paymentsTotal },
    callbackDate: iso(row.callbackDate),
    isUnread: row.isUnread,
    dnc: row.dnc,
    policyStatus: row.policyStatus,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// One lead

export type LeadPhone = { id: string; phoneNumber: string; phoneType: string; isPrimary: boolean };
export type LeadBeneficiary = {
  id: string;
  name: string;
  relationship: string;
  otherRelationship: string | null;
  dateOfBirth: string | null;
  age: number | null;
  phone: string | null;
  percentage: number | null;
};
export type LeadPayment = {
  id: string;
  month: number;
  monthNumber: number;
  dueDate: string;
  amount: number;
  status: string;
  notes: string | null;
};
export type LeadStatusChange = {
  id: string;
  fromStatus: string | null;
  toStatus: string;
  notes: string | null;
  createdAt: string;
  changedBy: { id: string; firstName: string; lastName: string } | null;
};

/**
 * The activity log's action for a reveal; its summary names who and which lead, never the numbers.
 * @internal
 */
export const SENSITIVE_REVEALED = "lead_sensitive_revealed";

/**
 * What the admin's lead dialog reveals on its own: the SSN (Show Sensitive), the banking numbers
 * (Show Banking) or the health details (Show Health: doctor, doctor's phone, medications, medical
 * history; decision 070).
 */
const REVEAL_PARTS = ["sensitive", "banking", "health"] as const;
export type RevealPart = (typeof REVEAL_PARTS)[number];
const REVEAL_ACTIONS: Record<RevealPart, string> = {
  sensitive: SENSITIVE_REVEALED,
  banking: "lead_banking_revealed",
  health: "lead_health_revealed",
};

/** What a reveal's activity entry says was shown (never a value). */
const REVEALED_WHAT: Record<RevealPart, string> = {
  sensitive: "SSN",
  banking: "banking and card numbers",
  health: "health details",
};

/** How long a recorded reveal or copy shows its numbers again on a reload of the same URL. */
const REVEAL_WINDOW_MS = 5 * 60_000;

/** The request for numbers in full: `true` is every part (the agent's Show Sensitive), else the parts named. */
export type RevealRequest = boolean | readonly RevealPart[];

const partsOf = (reveal: RevealRequest | undefined): RevealPart[] =>
  reveal === true ? [...REVEAL_PARTS] : Array.isArray(reveal) ? REVEAL_PARTS.filter((p) => reveal.includes(p)) : [];

/**
 * Which of `actions` this user recorded on this lead in the last REVEAL_WINDOW_MS (a read only).
 * A URL can ask for numbers (?reveal=, &copy=1), but only a post records a reveal or a copy, so a
 * link from another site or a typed URL can neither write the audit trail nor skip it.
 */
export async function recordedRecently(actor: SessionUser, leadId: string, actions: readonly string[]) {
  if (actions.length === 0 || !isUuid(leadId)) return new Set<string>();
  const rows = await selectRows(
    sql`SELECT DISTINCT l.action FROM activity_logs l
        WHERE l.user_id = ${actor.id} AND l.entity_type = 'application' AND l.entity_id = ${leadId}
          AND l.action IN ${[...actions]} AND l.created_at >= ${new Date(Date.now() - REVEAL_WINDOW_MS)}`,
    z.object({ action: column.text }),
  );
  return new Set(rows.map((row) => row.action));
}

/** The lead's own columns the detail shows (never the CVV, the consent's IP address). */
const DETAIL_COLUMNS = [
  "id",
  "firstName",
  "lastName",
  "hasEmail",
  "email",
  "gender",
  "dateOfBirth",
  "stateBornIn",
  "address",
  "city",
  "state",
  "zipCode",
  "height",
  "weight",
  "maritalStatus",
  "ssnEncrypted",
  "ssnLast4",
  "smoker",
  "doctorNameEncrypted",
  "doctorPhoneEncrypted",
  "medicationsEncrypted",
  "medicalHistoryEncrypted",
  "status",
  "agentId",
  "carrierId",
  "productId",
  "soldProductName",
  "soldCompPercentage",
  "coverageAmountCents",
  "monthlyPremiumCents",
  "calculatedCommissionCents",
  "commissionCancelledAt",
  "soldAt",
  "productType",
  "policyTerm",
  "riders",
  "policyNotes",
  "paymentMethod",
  "bankName",
  "routingNumberEncrypted",
  "routingNumberLast4",
  "accountNumberEncrypted",
  "accountNumberLast4",
  "cardNumberEncrypted",
  "cardNumberLast4",
  "cardExpiry",
  "firstDraftDate",
  "futureDraftDate",
  "draftOnSocialSecurityDay",
  "paymentNotes",
  "notes",
  "callbackDate",
  "source",
  "createdAt",
  "updatedAt",
  "policyStatus",
  "policyNumber",
  "policyIssueDate",
  "policyEffectiveDate",
  "policyStatusAt",
] as const;

const text = column.text.nullable();
const LeadDetailRow = z.object({
  id: column.text,
  firstName: column.text,
  lastName: column.text,
  hasEmail: column.boolean,
  email: text,
  gender: text,
  dateOfBirth: column.day.nullable(),
  stateBornIn: text,
  address: text,
  city: text,
  state: text,
  zipCode: text,
  height: text,
  weight: column.integer.nullable(),
  maritalStatus: text,
  ssnEncrypted: text,
  ssnLast4: text,
  smoker: column.boolean.nullable(),
  doctorNameEncrypted: text,
  doctorPhoneEncrypted: text,
  medicationsEncrypted: text,
  medicalHistoryEncrypted: text,
  status: column.text,
  agentId: text,
  carrierId: text,
  productId: text,
  soldProductName: text,
  soldCompPercentage: column.number.nullable(),
  coverageAmountCents: column.cents.nullable(),
  monthlyPremiumCents: column.cents.nullable(),
  calculatedCommissionCents: column.cents.nullable(),
  commissionCancelledAt: column.date.nullable(),
  soldAt: column.date.nullable(),
  productType: text,
  policyTerm: text,
  riders: text,
  policyNotes: text,
  paymentMethod: text,
  bankName: text,
  routingNumberEncrypted: text,
  routingNumberLast4: text,
  accountNumberEncrypted: text,
  accountNumberLast4: text,
  cardNumberEncrypted: text,
  cardNumberLast4: text,
  cardExpiry: text,
  firstDraftDate: column.day.nullable(),
  futureDraftDate: column.day.nullable(),
  draftOnSocialSecurityDay: column.boolean,
  paymentNotes: text,
  notes: text,
  callbackDate: column.date.nullable(),
  source: column.text,
  createdAt: column.date,
  updatedAt: column.date,
  agentRecordId: text,
  agentFirstName: text,
  agentLastName: text,
  carrierRecordId: text,
  carrierName: text,
  dnc: column.boolean,
  policyStatus: text,
  policyNumber: text,
  policyIssueDate: column.day.nullable(),
  policyEffectiveDate: column.day.nullable(),
  policyStatusAt: column.date.nullable(),
});

/**
 * GET /api/applications/{id} (and the lead's page and details dialog): the lead with its phones,
 * beneficiaries, payment schedule (by month) and status history (newest first, with who made
 * each change). Reached through findAccessibleLead: an agent's own lead or, for an admin, any;
 * anything else is 404 "Application Not Found". The SSN, routing, account and card numbers are
 * their last four, the health details HEALTH_MASK; a part `reveal` asks for is in full only if this user revealed it (a post,
 * recordLeadReveal) in the last few minutes. Never writes. The CVV is never answered.
 */
export async function getLeadDetail(actor: SessionUser, id: string, options: { reveal?: RevealRequest } = {}) {
  const asked = partsOf(options.reveal);
  const recorded = await recordedRecently(
    actor,
    id,
    asked.map((part) => REVEAL_ACTIONS[part]),
  );
  return unmaskedLeadDetail(
    actor,
    id,
    asked.filter((part) => recorded.has(REVEAL_ACTIONS[part])),
  );
}

/**
 * Show Sensitive / Show Banking / Show Health (a post on the pages, POST /api/applications/{id}/reveal):
 * records who revealed which part of which lead (never a value) and answers the lead with them in full.
 * A lead the actor may not reach is a 404 before anything is recorded.
 */
export async function recordLeadReveal(actor: SessionUser, id: string, reveal: RevealRequest) {
  const parts = partsOf(reveal);
  // Access is checked (404) before anything is recorded.
  const view = await unmaskedLeadDetail(actor, id, parts);
  await ActivityLog.bulkCreate(
    parts.map((part) => ({
      userId: actor.id,
      action: REVEAL_ACTIONS[part],
      entityType: "application",
      entityId: view.id,
      summary: `${fullName(actor)} revealed the full ${REVEALED_WHAT[part]} of lead ${view.id}`,
    })),
  );
  return view;
}

/**
 * The lead with `parts` in full. Only for a caller that has recorded why (recordLeadReveal, the
 * copy's lead_copied) or checked that it was recorded (getLeadDetail).
 */
export async function unmaskedLeadDetail(actor: SessionUser, id: string, shown: readonly RevealPart[]) {
  const lead = await selectOne(
    sql`SELECT ${join(DETAIL_COLUMNS.map((name) => sql`a.${identifier(Application.getAttributes()[name].field!)} AS ${identifier(name)}`))},
          g.id AS "agentRecordId", u.first_name AS "agentFirstName", u.last_name AS "agentLastName",
          c.id AS "carrierRecordId", c.name AS "carrierName", ${leadOnDncList("a")} AS dnc
        FROM applications a LEFT JOIN carriers c ON c.id = a.carrier_id
          LEFT JOIN agents g ON g.id = a.agent_id LEFT JOIN users u ON u.id = g.user_id
        WHERE ${accessibleLeadWhere(actor, id)}`,
    LeadDetailRow,
  );
  if (!lead) throw notFound(LEAD_NOT_FOUND);
  const [phones, beneficiaries, paymentTracking, statusHistory, policy] = await Promise.all([
    leadPhones(lead.id),
    leadBeneficiaries(lead.id),
    leadPayments(lead.id),
    leadStatusHistory(lead.id),
    policyView(lead),
  ]);
  const parts = {
    sensitive: shown.includes("sensitive"),
    banking: shown.includes("banking"),
    health: shown.includes("health"),
  };
  const numbers = (shown: boolean) => (encrypted: string | null, last4: string | null) =>
    shown ? (encrypted ? decrypt(encrypted) : null) : last4;
  const sensitive = numbers(parts.sensitive);
  const banking = numbers(parts.banking);
  const view = {
    id: lead.id,
    firstName: lead.firstName,
    lastName: lead.lastName,
    hasEmail: lead.hasEmail,
    email: lead.email,
    gender: lead.gender,
    dateOfBirth: lead.dateOfBirth,
    stateBornIn: lead.stateBornIn,
    address: lead.address,
    city: lead.city,
    state: lead.state,
    zipCode: lead.zipCode,
    height: lead.height,
    weight: lead.weight,
    maritalStatus: lead.maritalStatus,
    ssn: sensitive(lead.ssnEncrypted, lead.ssnLast4),
    smoker: lead.smoker,
    // HEALTH_MASK until revealed (decision 070).
    doctorName: shownHealth(lead.doctorNameEncrypted, parts.health),
    doctorPhone: shownHealth(lead.doctorPhoneEncrypted, parts.health),
    medications: shownHealth(lead.medicationsEncrypted, parts.health),
    medicalHistory: shownHealth(lead.medicalHistoryEncrypted, parts.health),
    status: lead.status,
    agentId: lead.agentId,
    agent: lead.agentRecordId
      ? { id: lead.agentRecordId, user: { firstName: lead.agentFirstName ?? "", lastName: lead.agentLastName ?? "" } }
      : null,
    carrierId: lead.carrierId,
    carrier: lead.carrierRecordId ? { id: lead.carrierRecordId, name: lead.carrierName ?? "" } : null,
    productId: lead.productId,
    productName: lead.soldProductName,
    compPercentage: lead.soldCompPercentage,
    coverageAmount: centsAsDollars(lead.coverageAmountCents),
    monthlyPremium: centsAsDollars(lead.monthlyPremiumCents),
    calculatedCommission: centsAsDollars(lead.calculatedCommissionCents),
    commissionCancelledAt: iso(lead.commissionCancelledAt),
    soldAt: iso(lead.soldAt),
    productType: lead.productType,
    policyTerm: lead.policyTerm,
    riders: lead.riders,
    policyNotes: lead.policyNotes,
    paymentMethod: lead.paymentMethod,
    bankName: lead.bankName,
    routingNumber: banking(lead.routingNumberEncrypted, lead.routingNumberLast4),
    accountNumber: banking(lead.accountNumberEncrypted, lead.accountNumberLast4),
    cardNumber: banking(lead.cardNumberEncrypted, lead.cardNumberLast4),
    cardExpiry: lead.cardExpiry,
    /** false: ssn, routingNumber, accountNumber and cardNumber are their last four digits, or the health details masked. */
    revealed: parts.sensitive && parts.banking && parts.health,
    /**
     * Which parts are in full: the SSN (sensitive), the routing, account and card numbers
     * (banking), the doctor, doctor's phone, medications and medical history (health).
     */
    revealedParts: parts,
    firstDraftDate: lead.firstDraftDate,
    futureDraftDate: lead.futureDraftDate,
    /** The draft dates are the client's Social Security days (decision 078); a sale's schedule is laid out on them. */
    draftOnSocialSecurityDay: lead.draftOnSocialSecurityDay,
    paymentNotes: lead.paymentNotes,
    notes: lead.notes,
    callbackDate: iso(lead.callbackDate),
    source: lead.source,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
    /** A phone of the lead is on the do-not-call list (decision 069). */
    dnc: lead.dnc,
    phones,
    beneficiaries,
    paymentTracking,
    statusHistory,
    /** The policy after the sale (decision 074), with its history; null until the lead is sold. */
    policy,
  };
  return view;
}

export type LeadDetail = Awaited<ReturnType<typeof getLeadDetail>>;

const LeadPhoneRow = z.object({
  id: column.text,
  phoneNumber: column.text,
  phoneType: column.text,
  isPrimary: column.boolean,
});

async function leadPhones(applicationId: string): Promise<LeadPhone[]> {
  return selectRows(
    sql`SELECT p.id, p.phone_number AS "phoneNumber", p.phone_type AS "phoneType", p.is_primary AS "isPrimary"
        FROM phones p WHERE p.application_id = ${applicationId}
        ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC`,
    LeadPhoneRow,
  );
}

const LeadBeneficiaryRow = z.object({
  id: column.text,
  name: column.text,
  relationship: column.text,
  otherRelationship: column.text.nullable(),
  dateOfBirth: column.day.nullable(),
  age: column.integer.nullable(),
  phone: column.text.nullable(),
  percentage: column.number.nullable(),
});

async function leadBeneficiaries(applicationId: string): Promise<LeadBeneficiary[]> {
  return selectRows(
    sql`SELECT b.id, b.name, b.relationship, b.other_relationship AS "otherRelationship",
          b.date_of_birth AS "dateOfBirth", b.age, b.phone, b.percentage
        FROM beneficiaries b WHERE b.application_id = ${applicationId}
        ORDER BY b.created_at ASC, b.id ASC`,
    LeadBeneficiaryRow,
  );
}

/** A payment's columns as both the lead's page and the retention screens read them (LeadPayment's). */
export const LeadPaymentColumns = z.object({
  id: column.text,
  monthNumber: column.integer,
  dueDate: column.day,
  amountCents: column.cents,
  status: column.text,
  notes: column.text.nullable(),
});

/** A payment read by LeadPaymentColumns, as the API and the pages send it (money in dollars). */
export function leadPaymentView(row: z.output<typeof LeadPaymentColumns>): LeadPayment {
  return {
    id: row.id,
    month: row.monthNumber,
    monthNumber: row.monthNumber,
    dueDate: row.dueDate,
    amount: centsAsDollars(row.amountCents),
    status: row.status,
    notes: row.notes,
  };
}

/** A lead's nine months, in order (the lead's JSON, and a policy change's answer). */
export async function leadPayments(
  applicationId: string,
  options: { transaction?: Transaction } = {},
): Promise<LeadPayment[]> {
  return selectRows(
    sql`SELECT t.id, t.month_number AS "monthNumber", t.due_date AS "dueDate", t.amount_cents AS "amountCents",
          t.status, t.notes
        FROM payment_trackings t WHERE t.application_id = ${applicationId}
        ORDER BY t.month_number ASC`,
    LeadPaymentColumns.transform(leadPaymentView),
    options,
  );
}

const LeadStatusChangeRow = z
  .object({
    id: column.text,
    fromStatus: column.text.nullable(),
    toStatus: column.text,
    notes: column.text.nullable(),
    createdAt: column.isoDate,
    userId: column.text.nullable(),
    firstName: column.text.nullable(),
    lastName: column.text.nullable(),
  })
  .transform((row): LeadStatusChange => ({
    id: row.id,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    notes: row.notes,
    createdAt: row.createdAt,
    changedBy: row.userId ? { id: row.userId, firstName: row.firstName ?? "", lastName: row.lastName ?? "" } : null,
  }));

async function leadStatusHistory(applicationId: string): Promise<LeadStatusChange[]> {
  return selectRows(
    sql`SELECT s.id, s.from_status AS "fromStatus", s.to_status AS "toStatus", s.notes, s.created_at AS "createdAt",
          u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName"
        FROM status_changes s LEFT JOIN users u ON u.id = s.user_id
        WHERE s.application_id = ${applicationId}
        ORDER BY s.created_at DESC, s.id DESC`,
    LeadStatusChangeRow,
  );
}

// ---------------------------------------------------------------------------------------------
// What My Leads shows around its rows

/**
 * My Leads' stat cards and status tabs: the agent's leads by status now, summed from the report
 * summaries' widest buckets (decision 055: each lead counts once there, by its current status, kept
 * as leads change), a few rows per 64 days of leads rather than every lead of a large book (the
 * busiest agent's 140,000 at 1,000,000 leads), less the leads returned (decision 064: they left the
 * agent's lists), read from the partial index that holds only them.
 */
export async function countAgentLeadsByStatus(actor: SessionUser) {
  const agentId = assertAgent(actor);
  return countBy(
    {
      column: sql`t.status`,
      count: sql`SUM(t.leads)`,
      from: sql`(SELECT s.status, s.leads FROM report_summaries s
          WHERE s.cube = ${CUBE.full} AND s.agent_id = ${agentId} AND s.level = ${WIDEST_LEVEL}
        UNION ALL
        SELECT a.status, -1 FROM applications a WHERE a.agent_id = ${agentId} AND a.returned_at IS NOT NULL) t`,
    },
    AGENT_LEAD_STATUSES,
  );
}

/**
 * The carriers the agent has at least one product of: a lead of such a carrier is "Commission
 * Ready" (a sale can be recorded and its commission worked out); any other lead needs a product
 * first.
 */
export async function carriersWithProducts(actor: SessionUser): Promise<string[]> {
  const agentId = assertAgent(actor);
  const rows = await selectRows(
    sql`SELECT DISTINCT p.carrier_id AS "carrierId" FROM products p WHERE p.agent_id = ${agentId} AND p.archived_at IS NULL`,
    z.object({ carrierId: column.text }),
  );
  return rows.map((row) => row.carrierId);
}

/**
 * The page of the agent's unfiltered lead list (newest first) that holds a lead, for My Leads'
 * ?highlight= (the dashboard's Edit link); null when it is not one of the agent's leads.
 */
export async function agentLeadPage(actor: SessionUser, id: string, pageSize: number): Promise<number | null> {
  const agentId = assertAgent(actor);
  if (!isUuid(id)) return null;
  const row = await selectOne(
    sql`SELECT (SELECT COUNT(*) FROM applications n
          WHERE n.agent_id = a.agent_id AND n.returned_at IS NULL
            AND (n.created_at > a.created_at OR (n.created_at = a.created_at AND n.id > a.id))) AS "position"
        FROM applications a WHERE a.id = ${id} AND a.agent_id = ${agentId} AND ${AGENT_WORKING_LEAD}`,
    z.object({ position: column.integer }),
  );
  return row ? Math.floor(row.position / pageSize) + 1 : null;
}
