import { z } from "zod";
import { sequelize, User } from "~db";
import { conversionRate } from "~/domain/commission";
import { centsAsDollars, fullName } from "~/domain/format";
import { localDateParts, zonedMidnight } from "~/domain/periods";
import { profileUpdateSchema } from "~/domain/schemas/profile";
import { SETUP_MESSAGES } from "~/domain/schemas/setup";
import { logActivity } from "./activity.server";
import { getAgentSetup, replaceAgentSetup, resolveCarriers, type AgentSetupView } from "./carriers.server";
import { badRequest, forbidden, validInput } from "./errors.server";
import { assertAgent } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { bucketCase, column, numbersInOneStatement, selectOne, selectRows, sql, type Sql } from "./sql/reads.server";

// The agent's own profile (part 2: Agent profile, Profile edit, GET/PUT /api/agent/profile,
// GET /api/agent/stats). Every function works on the acting agent's rows only.

export type AgentProfile = {
  user: { firstName: string; lastName: string; email: string; phone: string | null };
  companyName: string | null;
  licenseNumber: string;
  createdAt: string;
  status: string;
  callsOrdered: number;
  callsLeft: number;
  callsSold: number;
  assignedBdm: { id: string; firstName: string; lastName: string; email: string } | null;
  /** State names, as the API speaks them. */
  licensedStates: string[];
  /** Carrier names. */
  carriers: string[];
  /** "carrier:productName:compPercentage", the spec's product strings. */
  products: string[];
  /** The same carriers with their products, for the pages. */
  carrierProducts: AgentSetupView["carriers"];
  licensedStateCodes: string[];
};

const ProfileRow = z.object({
  firstName: column.text,
  lastName: column.text,
  email: column.text,
  phone: column.text.nullable(),
  memberSince: column.isoDate,
  companyName: column.text.nullable(),
  licenseNumber: column.text,
  status: column.text,
  callsOrdered: column.integer,
  callsLeft: column.integer,
  callsSold: column.integer,
  bdmId: column.text.nullable(),
  bdmFirstName: column.text.nullable(),
  bdmLastName: column.text.nullable(),
  bdmEmail: column.text.nullable(),
});

/** The profile in two reads: the user, agent and BDM in one statement, the carrier setup in its own. */
export async function getAgentProfile(actor: SessionUser): Promise<AgentProfile> {
  const agentId = assertAgent(actor);
  const [row, setup] = await Promise.all([
    selectOne(
      sql`SELECT u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.phone, u.created_at AS "memberSince",
            a.company_name AS "companyName", a.license_number AS "licenseNumber", a.status,
            a.calls_ordered AS "callsOrdered", a.calls_left AS "callsLeft", a.calls_sold AS "callsSold",
            b.id AS "bdmId", b.first_name AS "bdmFirstName", b.last_name AS "bdmLastName", b.email AS "bdmEmail"
          FROM agents a JOIN users u ON u.id = a.user_id LEFT JOIN bdms b ON b.id = a.bdm_id
          WHERE a.id = ${agentId}`,
      ProfileRow,
    ),
    getAgentSetup(actor),
  ]);
  if (!row) throw forbidden();
  return {
    user: { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone },
    companyName: row.companyName,
    licenseNumber: row.licenseNumber,
    createdAt: row.memberSince,
    status: row.status,
    callsOrdered: row.callsOrdered,
    callsLeft: row.callsLeft,
    callsSold: row.callsSold,
    assignedBdm: row.bdmId
      ? { id: row.bdmId, firstName: row.bdmFirstName ?? "", lastName: row.bdmLastName ?? "", email: row.bdmEmail ?? "" }
      : null,
    licensedStates: setup.licensedStates,
    carriers: setup.carriers.map((c) => c.name),
    products: setup.carriers.flatMap((c) => c.products.map((p) => `${c.name}:${p.name}:${p.compPercentage}`)),
    carrierProducts: setup.carriers,
    licensedStateCodes: setup.licensedStateCodes,
  };
}

export type AgentStats = { totalLeads: number; conversionRate: number; totalCommission: number };

/**
 * The profile's three cards over the agent's whole book, in one statement: every lead, the leads
 * sold, and the commission of sales whose commission is not cancelled (as the dashboard counts it).
 */
export async function getAgentStats(actor: SessionUser): Promise<AgentStats> {
  const agentId = assertAgent(actor);
  const figures = await numbersInOneStatement({
    totalLeads: sql`SELECT COUNT(*) FROM applications WHERE agent_id = ${agentId}`,
    converted: sql`SELECT COUNT(*) FROM applications WHERE agent_id = ${agentId} AND status = 'sale'`,
    commissionCents: sql`SELECT SUM(calculated_commission_cents) FROM applications
      WHERE agent_id = ${agentId} AND status = 'sale' AND commission_cancelled_at IS NULL`,
  });
  return {
    totalLeads: figures.totalLeads,
    conversionRate: conversionRate(figures.converted, figures.totalLeads),
    totalCommission: centsAsDollars(figures.commissionCents),
  };
}

const PERFORMANCE_MONTHS = 12;

export type MonthPerformance = {
  /** "2026-03": the month in the agent's time zone. */
  month: string;
  leads: number;
  sales: number;
  commissionCents: number;
};

/** The first instant of each of the last `count` months in `timeZone`, and of the month after them. */
export function monthStarts(now: Date, timeZone: string, count = PERFORMANCE_MONTHS) {
  const { year, month } = localDateParts(now, timeZone);
  return Array.from({ length: count + 1 }, (_, i) => {
    const offset = month - count + 1 + i; // 1-based month, may be <= 0 or 13 (rolled over below)
    const y = year + Math.floor((offset - 1) / 12);
    const m = ((((offset - 1) % 12) + 12) % 12) + 1;
    return { key: `${y}-${String(m).padStart(2, "0")}`, start: zonedMidnight(y, m, 1, timeZone) };
  });
}

/**
 * Leads received, sales recorded and their commission per month over the last 12 months, months
 * counted in the agent's time zone, the current one last; a month without activity shows zeros.
 * One grouped statement: each row is put in its month by comparing it with the month starts
 * (computed here, since SQLite knows no time zones), leads by created_at and sales by sold_at.
 */
export async function getAgentPerformance(actor: SessionUser, now = new Date()): Promise<MonthPerformance[]> {
  const agentId = assertAgent(actor);
  const starts = monthStarts(now, actor.timezone);
  const bounds = starts.map((s) => s.start);
  const [first, end] = [bounds[0]!, bounds[PERFORMANCE_MONTHS]!];
  // The month of each row, as the dashboard's chart finds its day.
  const bucket = (column: Sql) => bucketCase(column, bounds);
  const rows = await selectRows(
    sql`SELECT bucket, SUM(leads) AS leads, SUM(sales) AS sales, SUM(cents) AS cents FROM (
          SELECT ${bucket(sql`created_at`)} AS bucket, 1 AS leads, 0 AS sales, 0 AS cents
          FROM applications WHERE agent_id = ${agentId} AND created_at >= ${first} AND created_at < ${end}
          UNION ALL
          SELECT ${bucket(sql`sold_at`)} AS bucket, 0 AS leads, 1 AS sales,
            CASE WHEN commission_cancelled_at IS NULL THEN COALESCE(calculated_commission_cents, 0) ELSE 0 END AS cents
          FROM applications WHERE agent_id = ${agentId} AND status = 'sale' AND sold_at >= ${first} AND sold_at < ${end}
        ) months GROUP BY bucket`,
    z.object({ bucket: column.integer, leads: column.integer, sales: column.integer, cents: column.cents }),
  );
  const byBucket = new Map(rows.map((row) => [row.bucket, row]));
  return starts.slice(0, PERFORMANCE_MONTHS).map((s, i) => {
    const row = byBucket.get(i);
    return { month: s.key, leads: row?.leads ?? 0, sales: row?.sales ?? 0, commissionCents: row?.cents ?? 0 };
  });
}

/**
 * Personal Info's Save Changes, the edit page's Save Changes and PUT /api/agent/profile (both
 * shapes): the names and phone, and (when given) the carriers with their products and the licensed
 * states, saved together in one transaction. Carriers or states left out are kept as they are.
 */
export async function updateAgentProfile(actor: SessionUser, input: unknown): Promise<AgentProfile> {
  const agentId = assertAgent(actor);
  const value = validInput(profileUpdateSchema, input);
  let setup: { carriers: Awaited<ReturnType<typeof resolveCarriers>>; states: string[] } | null = null;
  if (value.carriers || value.licensedStates) {
    const current = value.carriers && value.licensedStates ? null : await getAgentSetup(actor);
    const carriers =
      value.carriers ??
      current!.carriers.map((c) => ({
        id: c.id,
        name: c.name,
        products: c.products.map((p) => ({ name: p.name, commissionRate: p.compPercentage })),
      }));
    const states = value.licensedStates ?? current!.licensedStateCodes;
    if (states.length === 0) {
      throw badRequest(SETUP_MESSAGES.noStateProfile, { licensedStates: [SETUP_MESSAGES.noStateProfile] });
    }
    setup = { carriers: await resolveCarriers(carriers), states };
  }
  const { firstName, lastName, phone } = value.basicInfo;
  await sequelize.transaction(async (transaction) => {
    await User.update({ firstName, lastName, phone }, { where: { id: actor.id }, transaction });
    if (setup) await replaceAgentSetup(agentId, setup.carriers, setup.states, transaction);
    await logActivity(
      {
        userId: actor.id,
        action: "agent_profile_updated",
        entityType: "agent",
        entityId: agentId,
        summary: `${fullName({ firstName, lastName })} updated their profile${setup ? " with carriers and licensed states" : ""}`,
      },
      { transaction },
    );
  });
  return getAgentProfile(actor);
}
