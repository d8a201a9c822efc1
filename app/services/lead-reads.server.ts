import { Op } from "sequelize";
import { ActivityLog, Agent, Application, Carrier, User } from "~db";
import type { AgentLeadListQuery } from "~/domain/schemas/leads";
import type { PeriodRange } from "~/domain/periods";
import { AGENT_LEAD_STATUSES } from "~/domain/statuses";
import { decrypt } from "~/utils/crypto.server";
import { limitOffset, type Page } from "~/utils/list";
import { forbidden } from "./errors.server";
import { assertAgent, isUuid } from "./permissions.server";
import { findAccessibleLead } from "./leads.server";
import { countBy } from "./list.server";
import type { SessionUser } from "./sessions.server";
import { selectRows, withinRange } from "./sql.server";

// The lead read side: the agent's lead book (My Leads, GET /api/agent/applications) and one lead
// with everything it has (GET /api/applications/{id}). Field names are the spec's Lead (part 1
// section 3, part 2 section 3); money is dollars as numbers; sensitive numbers are their last four
// unless the caller asks to reveal them, which is recorded in the activity log.

/** Cents as SQL and the drivers answer them (Postgres BIGINT is a string) to dollars, or null. */
function dollars(cents: number | string | null | undefined): number | null {
  if (cents === null || cents === undefined) return null;
  return Number(cents) / 100;
}

function iso(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

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
  "createdAt",
  "updatedAt",
] as const;

export type ListRow = Pick<Application, (typeof LIST_COLUMNS)[number]> & {
  primaryPhone: string | null;
  carrierName: string | null;
  paymentsPaid: number | string | null;
  paymentsTotal: number | string | null;
  isUnread: number | boolean;
};

/** The list's columns of lead `l`, named as the model names them. */
export function listColumnsSql() {
  const attributes = Application.getAttributes();
  return LIST_COLUMNS.map((name) => `l.${attributes[name].field} AS "${name}"`).join(", ");
}

/**
 * The correlated subqueries a row of lead `l` adds, each answered by an index on the child
 * table's application_id: the primary phone (the first one added when none is marked), the
 * carrier's name, the paid and total payments of the schedule, and whether the reader
 * (:readerId) has opened the lead (the unique (user_id, application_id) index).
 */
export function rowSubqueries() {
  return `(SELECT p.phone_number FROM phones p WHERE p.application_id = l.id
       ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC LIMIT 1) AS "primaryPhone",
     (SELECT c.name FROM carriers c WHERE c.id = l.carrier_id) AS "carrierName",
     (SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = l.id AND t.status = 'paid') AS "paymentsPaid",
     (SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = l.id) AS "paymentsTotal",
     CASE WHEN EXISTS (SELECT 1 FROM lead_reads r WHERE r.user_id = :readerId AND r.application_id = l.id)
       THEN 0 ELSE 1 END AS "isUnread"`;
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
 * The agent's leads the list shows, as the WHERE of a query over `applications a`: their own,
 * of the status asked for, with every word of the search in the first name, last name or email
 * (case-insensitive, % and _ taken literally: searchWhere's rule, as SQL), created within the
 * range and of the carrier when those are asked for. Each filter has an index that begins with
 * agent_id and ends in (created_at, id): the list's (migration 006), by status (006), by carrier
 * (012). The agent's report counts and exports with the same WHERE (reports.server.ts).
 */
export function agentLeadsWhere(agentId: string, query: AgentLeadFilters) {
  return leadsWhere(["a.agent_id = :agentId"], { agentId }, query);
}

/** agentLeadsWhere's filters after the caller's own `conditions` (the agent's, or none for an admin). */
export function leadsWhere(
  conditions: string[],
  replacements: Record<string, string | Date>,
  query: Omit<AgentLeadFilters, "status"> & { status: string },
) {
  if (query.status !== "all") {
    conditions.push("a.status = :status");
    replacements.status = query.status;
  }
  if (query.carrierId) {
    conditions.push("a.carrier_id = :carrierId");
    replacements.carrierId = query.carrierId;
  }
  if (query.created && (query.created.start || query.created.end)) {
    const created = withinRange("a.created_at", query.created, "created");
    conditions.push(created.sql);
    Object.assign(replacements, created.replacements);
  }
  (query.search ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .forEach((word, i) => {
      replacements[`word${i}`] = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const like = (column: string) => `lower(a.${column}) LIKE lower(:word${i}) ESCAPE '\\'`;
      conditions.push(`(${like("first_name")} OR ${like("last_name")} OR ${like("email")})`);
    });
  return { where: conditions.join(" AND "), replacements };
}

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
 * subqueries; and the total, a COUNT(*) of the same index (docs/performance.md).
 */
export async function listAgentLeads(
  actor: SessionUser,
  query: AgentLeadFilters & Pick<AgentLeadListQuery, "page" | "pageSize">,
): Promise<Page<AgentLeadRow>> {
  if (actor.role !== "agent" || !actor.agent) throw forbidden();
  const agent = { id: actor.agent.id, user: { firstName: actor.firstName, lastName: actor.lastName } };
  const { where, replacements } = agentLeadsWhere(actor.agent.id, query);
  const [rows, [counted]] = await Promise.all([
    selectRows<ListRow>(
      `SELECT ${listColumnsSql()}, ${rowSubqueries()}
       FROM (SELECT a.id FROM applications a WHERE ${where}
             ORDER BY a.created_at DESC, a.id DESC LIMIT :limit OFFSET :offset) page
       JOIN applications l ON l.id = page.id
       ORDER BY l.created_at DESC, l.id DESC`,
      { ...replacements, ...limitOffset(query), readerId: actor.id },
    ),
    selectRows<{ total: number | string }>(`SELECT COUNT(*) AS total FROM applications a WHERE ${where}`, replacements),
  ]);
  return {
    rows: rows.map((row) => toLeadRow(row, agent)),
    total: Number(counted?.total ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** A list row as the SQL answers it to the row both lists send; `agent` is the lead's agent. */
export function toLeadRow<A>(row: ListRow, agent: A) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? null,
    primaryPhone: row.primaryPhone ?? null,
    city: row.city ?? null,
    state: row.state ?? null,
    gender: row.gender ?? null,
    weight: row.weight ?? null,
    status: row.status,
    agent,
    carrierId: row.carrierId ?? null,
    carrier: row.carrierId && row.carrierName ? { id: row.carrierId, name: row.carrierName } : null,
    productName: row.soldProductName ?? null,
    coverageAmount: dollars(row.coverageAmountCents),
    monthlyPremium: dollars(row.monthlyPremiumCents),
    calculatedCommission: dollars(row.calculatedCommissionCents),
    commissionCancelledAt: iso(row.commissionCancelledAt),
    payments: { paid: Number(row.paymentsPaid ?? 0), total: Number(row.paymentsTotal ?? 0) },
    callbackDate: iso(row.callbackDate),
    isUnread: Boolean(Number(row.isUnread)),
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
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

/** The activity log's action for a reveal; its summary names who and which lead, never the numbers. */
export const SENSITIVE_REVEALED = "lead_sensitive_revealed";

/** What the admin's lead dialog reveals on its own: the SSN (Show Sensitive) or the banking numbers (Show Banking). */
export const REVEAL_PARTS = ["sensitive", "banking"] as const;
export type RevealPart = (typeof REVEAL_PARTS)[number];
const REVEAL_ACTIONS: Record<RevealPart, string> = {
  sensitive: SENSITIVE_REVEALED,
  banking: "lead_banking_revealed",
};

/** How long a recorded reveal or copy shows its numbers again on a reload of the same URL. */
export const REVEAL_WINDOW_MS = 5 * 60_000;

/** The request for numbers in full: `true` is all four (the agent's Show Sensitive), else the parts named. */
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
  const rows = await ActivityLog.findAll({
    attributes: ["action"],
    where: {
      userId: actor.id,
      entityType: "application",
      entityId: leadId,
      action: [...actions],
      createdAt: { [Op.gte]: new Date(Date.now() - REVEAL_WINDOW_MS) },
    },
    raw: true,
  });
  return new Set(rows.map((row) => row.action));
}

/**
 * GET /api/applications/{id} (and the lead's page and details dialog): the lead with its phones,
 * beneficiaries, payment schedule (by month) and status history (newest first, with who made
 * each change). Reached through findAccessibleLead: an agent's own lead or, for an admin, any;
 * anything else is 404 "Application Not Found". The SSN, routing, account and card numbers are
 * their last four; a part `reveal` asks for is in full only if this user revealed it (a post,
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
 * Show Sensitive / Show Banking (a post on the pages, POST /api/applications/{id}/reveal): records
 * who revealed which part of which lead (never the numbers) and answers the lead with them in full.
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
      summary: `${actor.firstName} ${actor.lastName} revealed the full ${part === "sensitive" ? "SSN" : "banking and card numbers"} of lead ${view.id}`,
    })),
  );
  return view;
}

/**
 * The lead with `parts` in full. Only for a caller that has recorded why (recordLeadReveal, the
 * copy's lead_copied) or checked that it was recorded (getLeadDetail).
 */
export async function unmaskedLeadDetail(actor: SessionUser, id: string, shown: readonly RevealPart[]) {
  const lead = await findAccessibleLead(actor, id, {
    attributes: { exclude: ["cardCvvEncrypted", "consentIp"] },
    include: [
      { model: Carrier, as: "carrier", attributes: ["id", "name"] },
      {
        model: Agent,
        as: "agent",
        attributes: ["id"],
        include: [{ model: User, as: "user", attributes: ["firstName", "lastName"] }],
      },
    ],
  });
  const [phones, beneficiaries, paymentTracking, statusHistory] = await Promise.all([
    leadPhones(lead.id),
    leadBeneficiaries(lead.id),
    leadPayments(lead.id),
    leadStatusHistory(lead.id),
  ]);
  const parts = { sensitive: shown.includes("sensitive"), banking: shown.includes("banking") };
  const numbers = (shown: boolean) => (encrypted: string | null | undefined, last4: string | null | undefined) =>
    shown ? (encrypted ? decrypt(encrypted) : null) : (last4 ?? null);
  const sensitive = numbers(parts.sensitive);
  const banking = numbers(parts.banking);
  const view = {
    id: lead.id,
    firstName: lead.firstName,
    lastName: lead.lastName,
    hasEmail: lead.hasEmail,
    email: lead.email ?? null,
    gender: lead.gender ?? null,
    dateOfBirth: lead.dateOfBirth ?? null,
    stateBornIn: lead.stateBornIn ?? null,
    address: lead.address ?? null,
    city: lead.city ?? null,
    state: lead.state ?? null,
    zipCode: lead.zipCode ?? null,
    height: lead.height ?? null,
    weight: lead.weight ?? null,
    maritalStatus: lead.maritalStatus ?? null,
    ssn: sensitive(lead.ssnEncrypted, lead.ssnLast4),
    smoker: lead.smoker ?? null,
    doctorName: lead.doctorName ?? null,
    doctorPhone: lead.doctorPhone ?? null,
    medications: lead.medications ?? null,
    medicalHistory: lead.medicalHistory ?? null,
    status: lead.status,
    agentId: lead.agentId ?? null,
    agent: lead.agent
      ? {
          id: lead.agent.id,
          user: { firstName: lead.agent.user?.firstName ?? "", lastName: lead.agent.user?.lastName ?? "" },
        }
      : null,
    carrierId: lead.carrierId ?? null,
    carrier: lead.carrier ? { id: lead.carrier.id, name: lead.carrier.name } : null,
    productId: lead.productId ?? null,
    productName: lead.soldProductName ?? null,
    compPercentage: lead.soldCompPercentage ?? null,
    coverageAmount: dollars(lead.coverageAmountCents),
    monthlyPremium: dollars(lead.monthlyPremiumCents),
    calculatedCommission: dollars(lead.calculatedCommissionCents),
    commissionCancelledAt: iso(lead.commissionCancelledAt),
    soldAt: iso(lead.soldAt),
    productType: lead.productType ?? null,
    policyTerm: lead.policyTerm ?? null,
    riders: lead.riders ?? null,
    policyNotes: lead.policyNotes ?? null,
    paymentMethod: lead.paymentMethod ?? null,
    bankName: lead.bankName ?? null,
    routingNumber: banking(lead.routingNumberEncrypted, lead.routingNumberLast4),
    accountNumber: banking(lead.accountNumberEncrypted, lead.accountNumberLast4),
    cardNumber: banking(lead.cardNumberEncrypted, lead.cardNumberLast4),
    cardExpiry: lead.cardExpiry ?? null,
    /** false: ssn, routingNumber, accountNumber and cardNumber are their last four digits. */
    revealed: parts.sensitive && parts.banking,
    /** Which numbers are in full: the SSN (sensitive) and the routing, account and card numbers (banking). */
    revealedParts: parts,
    firstDraftDate: lead.firstDraftDate ?? null,
    futureDraftDate: lead.futureDraftDate ?? null,
    paymentNotes: lead.paymentNotes ?? null,
    notes: lead.notes ?? null,
    callbackDate: iso(lead.callbackDate),
    source: lead.source,
    createdAt: iso(lead.createdAt)!,
    updatedAt: iso(lead.updatedAt)!,
    phones,
    beneficiaries,
    paymentTracking,
    statusHistory,
  };
  return view;
}

export type LeadDetail = Awaited<ReturnType<typeof getLeadDetail>>;

async function leadPhones(applicationId: string): Promise<LeadPhone[]> {
  const rows = await selectRows<{ id: string; phoneNumber: string; phoneType: string; isPrimary: boolean | number }>(
    `SELECT p.id, p.phone_number AS "phoneNumber", p.phone_type AS "phoneType", p.is_primary AS "isPrimary"
     FROM phones p WHERE p.application_id = :applicationId
     ORDER BY p.is_primary DESC, p.created_at ASC, p.id ASC`,
    { applicationId },
  );
  return rows.map((row) => ({ ...row, isPrimary: Boolean(row.isPrimary) }));
}

async function leadBeneficiaries(applicationId: string): Promise<LeadBeneficiary[]> {
  const rows = await selectRows<
    Omit<LeadBeneficiary, "percentage" | "dateOfBirth"> & {
      percentage: number | string | null;
      dateOfBirth: string | Date | null;
    }
  >(
    `SELECT b.id, b.name, b.relationship, b.other_relationship AS "otherRelationship", b.date_of_birth AS "dateOfBirth",
       b.age, b.phone, b.percentage
     FROM beneficiaries b WHERE b.application_id = :applicationId
     ORDER BY b.created_at ASC, b.id ASC`,
    { applicationId },
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    relationship: row.relationship,
    otherRelationship: row.otherRelationship ?? null,
    dateOfBirth: isoDay(row.dateOfBirth),
    age: row.age === null || row.age === undefined ? null : Number(row.age),
    phone: row.phone ?? null,
    percentage: row.percentage === null || row.percentage === undefined ? null : Number(row.percentage),
  }));
}

/** A DATEONLY as the drivers answer it (a string, or a Date on some Postgres settings) to YYYY-MM-DD. */
function isoDay(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

async function leadPayments(applicationId: string): Promise<LeadPayment[]> {
  const rows = await selectRows<{
    id: string;
    monthNumber: number | string;
    dueDate: string | Date;
    amountCents: number | string;
    status: string;
    notes: string | null;
  }>(
    `SELECT t.id, t.month_number AS "monthNumber", t.due_date AS "dueDate", t.amount_cents AS "amountCents",
       t.status, t.notes
     FROM payment_trackings t WHERE t.application_id = :applicationId
     ORDER BY t.month_number ASC`,
    { applicationId },
  );
  return rows.map((row) => ({
    id: row.id,
    month: Number(row.monthNumber),
    monthNumber: Number(row.monthNumber),
    dueDate: isoDay(row.dueDate)!,
    amount: dollars(row.amountCents)!,
    status: row.status,
    notes: row.notes ?? null,
  }));
}

async function leadStatusHistory(applicationId: string): Promise<LeadStatusChange[]> {
  const rows = await selectRows<{
    id: string;
    fromStatus: string | null;
    toStatus: string;
    notes: string | null;
    createdAt: Date | string;
    userId: string | null;
    firstName: string | null;
    lastName: string | null;
  }>(
    `SELECT s.id, s.from_status AS "fromStatus", s.to_status AS "toStatus", s.notes, s.created_at AS "createdAt",
       u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName"
     FROM status_changes s LEFT JOIN users u ON u.id = s.user_id
     WHERE s.application_id = :applicationId
     ORDER BY s.created_at DESC, s.id DESC`,
    { applicationId },
  );
  return rows.map((row) => ({
    id: row.id,
    fromStatus: row.fromStatus ?? null,
    toStatus: row.toStatus,
    notes: row.notes ?? null,
    createdAt: iso(row.createdAt)!,
    changedBy: row.userId ? { id: row.userId, firstName: row.firstName ?? "", lastName: row.lastName ?? "" } : null,
  }));
}

// ---------------------------------------------------------------------------------------------
// What My Leads shows around its rows

/** My Leads' stat cards and status tabs: the agent's leads by status, in one GROUP BY. */
export async function countAgentLeadsByStatus(actor: SessionUser) {
  const agentId = assertAgent(actor);
  return countBy(Application, "status", { agentId }, AGENT_LEAD_STATUSES);
}

/**
 * The carriers the agent has at least one product of: a lead of such a carrier is "Commission
 * Ready" (a sale can be recorded and its commission worked out); any other lead needs a product
 * first.
 */
export async function carriersWithProducts(actor: SessionUser): Promise<string[]> {
  const agentId = assertAgent(actor);
  const rows = await selectRows<{ carrierId: string }>(
    `SELECT DISTINCT p.carrier_id AS "carrierId" FROM products p WHERE p.agent_id = :agentId AND p.archived_at IS NULL`,
    { agentId },
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
  const [row] = await selectRows<{ position: number | string | null }>(
    `SELECT (SELECT COUNT(*) FROM applications n
       WHERE n.agent_id = a.agent_id
         AND (n.created_at > a.created_at OR (n.created_at = a.created_at AND n.id > a.id))) AS "position"
     FROM applications a WHERE a.id = :id AND a.agent_id = :agentId`,
    { id, agentId },
  );
  return row ? Math.floor(Number(row.position) / pageSize) + 1 : null;
}
