import { Op, fn, literal, type WhereOptions } from "sequelize";
import { Agent, Application, Phone, User } from "~db";
import { callbacksDueToday, conversionRate } from "~/domain/commission";
import { periodRange, type Period } from "~/domain/periods";
import type { SessionUser } from "./sessions.server";
import { assertAdmin, assertAgent } from "./permissions.server";

export type PeriodInput = { period: Period; startDate?: string; endDate?: string };

function createdWithin(range: { start: Date | null; end: Date | null }, column = "createdAt"): WhereOptions {
  const bounds: Record<symbol, Date> = {};
  if (range.start) bounds[Op.gte] = range.start;
  if (range.end) bounds[Op.lt] = range.end;
  return range.start || range.end ? { [column]: bounds } : {};
}

/** Counts of leads by status in one grouped query. */
async function statusCounts(where: WhereOptions) {
  const rows = (await Application.findAll({
    where,
    // COUNT(*), not COUNT(id): SQLite reads every row to count a column (135 ms against 11 ms at
    // 100,000 leads).
    attributes: ["status", [fn("COUNT", literal("*")), "count"]],
    group: ["status"],
    raw: true,
  })) as unknown as { status: string; count: number | string }[];
  const counts: Record<string, number> = {};
  let total = 0;
  for (const row of rows) {
    counts[row.status] = Number(row.count);
    total += Number(row.count);
  }
  return { counts, total };
}

/** Commission earned on sales recorded in the range, leaving out cancelled commissions. */
async function commissionCents(where: WhereOptions) {
  const sum = await Application.sum("calculatedCommissionCents", {
    where: { ...where, status: "sale", commissionCancelledAt: null },
  });
  return Number(sum ?? 0);
}

export type RecentLead = Awaited<ReturnType<typeof recentApplications>>[number];

/** A recent lead as the raw query reads it: SQLite answers date strings where Postgres answers dates. */
type RecentLeadRecord = Pick<Application, "id" | "firstName" | "lastName" | "status"> & {
  email: string | null;
  coverageAmountCents: number | null;
  monthlyPremiumCents: number | null;
  createdAt: Date | string;
  // Every field null when the lead has no agent.
  agent: { id: string | null; user: { firstName: string; lastName: string } };
};

/** The newest leads with their agent's name and primary phone: two lean queries, plain rows. */
async function recentApplications(where: WhereOptions, limit = 10) {
  const rows = (await Application.findAll({
    where,
    order: [["createdAt", "DESC"]],
    limit,
    attributes: [
      "id",
      "firstName",
      "lastName",
      "email",
      "status",
      "coverageAmountCents",
      "monthlyPremiumCents",
      "createdAt",
    ],
    include: [
      {
        model: Agent,
        as: "agent",
        attributes: ["id"],
        include: [{ model: User, as: "user", attributes: ["firstName", "lastName"] }],
      },
    ],
    raw: true,
    nest: true,
  })) as unknown as RecentLeadRecord[];
  const phones = rows.length
    ? ((await Phone.findAll({
        where: { applicationId: rows.map((row) => row.id) },
        attributes: ["applicationId", "phoneNumber"],
        order: [
          ["isPrimary", "DESC"],
          ["createdAt", "ASC"],
        ],
        raw: true,
      })) as unknown as { applicationId: string; phoneNumber: string }[])
    : [];
  const primaryPhone = new Map<string, string>();
  for (const phone of phones) {
    if (!primaryPhone.has(phone.applicationId)) primaryPhone.set(phone.applicationId, phone.phoneNumber);
  }
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? null,
    status: row.status,
    coverageAmountCents: row.coverageAmountCents ?? null,
    monthlyPremiumCents: row.monthlyPremiumCents ?? null,
    createdAt: new Date(row.createdAt).toISOString(),
    primaryPhone: primaryPhone.get(row.id) ?? null,
    agent: row.agent.id
      ? { id: row.agent.id, firstName: row.agent.user.firstName, lastName: row.agent.user.lastName }
      : null,
  }));
}

/** The admin's Performance Overview for a period (default today, in the admin's time zone). */
export async function getAdminDashboard(actor: SessionUser, input: PeriodInput, now = new Date()) {
  assertAdmin(actor);
  const range = periodRange(input.period, {
    timeZone: actor.timezone,
    now,
    startDate: input.startDate,
    endDate: input.endDate,
  });
  const inPeriod = createdWithin(range);
  const [activeAgents, { counts, total }, revenueCents, recent] = await Promise.all([
    Agent.count({ where: { status: "approved" } }),
    statusCounts(inPeriod),
    commissionCents(createdWithin(range, "soldAt")),
    recentApplications(inPeriod),
  ]);
  const converted = counts.sale ?? 0;
  return {
    stats: {
      activeAgents,
      totalLeads: total,
      converted,
      pending: counts.pending ?? 0,
      callbacks: counts.callback ?? 0,
      conversionRate: conversionRate(converted, total),
      revenueThisPeriodCents: revenueCents,
    },
    recentApplications: recent,
    range: { start: range.start?.toISOString() ?? null, end: range.end?.toISOString() ?? null },
  };
}

/** An agent's own figures: every query is scoped to the agent's id. */
export async function getAgentDashboard(actor: SessionUser, input: PeriodInput, now = new Date()) {
  const agentId = assertAgent(actor);
  const range = periodRange(input.period, {
    timeZone: actor.timezone,
    now,
    startDate: input.startDate,
    endDate: input.endDate,
  });
  const month = periodRange("thismonth", { timeZone: actor.timezone, now });
  const mine = { agentId, ...createdWithin(range) };
  const [{ counts, total }, commissionThisMonthCents, recent, agent] = await Promise.all([
    statusCounts(mine),
    commissionCents({ agentId, ...createdWithin(month, "soldAt") }),
    recentApplications({ agentId }),
    Agent.findByPk(agentId, { attributes: ["callsLeft"], raw: true }),
  ]);
  const converted = counts.sale ?? 0;
  const callbacks = counts.callback ?? 0;
  return {
    stats: {
      totalLeads: total,
      pending: counts.pending ?? 0,
      converted,
      conversionRate: conversionRate(converted, total),
      callbacks,
      callbacksDueToday: callbacksDueToday(callbacks),
      commissionThisMonthCents,
    },
    recentApplications: recent,
    callsLeft: agent?.callsLeft ?? 0,
  };
}
