import { z } from "zod";
import { fullName } from "~/domain/format";
import { assertAdmin, assertAgent } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { advancedCentsSql, earnedCentsSql } from "./commissions.server";
import { and, column, listColumn, selectRows, sql, type Sql } from "./sql/reads.server";

// Chargeback exposure (issue 26 item 4, decision 075): for every policy still inside its nine
// months, the advance not yet earned, which a lapse would charge back. It is the ledger's unearned
// (app/domain/ledger.ts) over the sales whose schedule is not finished: a sale (soldAt set, whatever
// its status now, as the ledger counts, decision 019) whose commission is not cancelled, whose
// schedule has no cancelled month (a policy that ended has charged back already) and still has a
// month not paid; its exposure is advance x (9 - months paid) / 9, to the cent as the ledger rounds.
// Read now, whatever period a page shows. Computed in SQL: the open schedules from the unpaid
// months' index (or, for one agent, their sales from the (agent_id, sold_at) index), each sale's
// paid months and cancelled month from the (application_id, status) index.

/** What the agent's dashboard and commissions page show: their own exposure. */
export type ExposureTotal = { totalCents: number; policies: number };

/** One agent's, carrier's or lead source's exposure. */
export type ExposureLine = { id: string | null; name: string; totalCents: number; policies: number };

/** One dimension's largest lines, and how many lines there are in all. */
export type ExposureGroups = { rows: ExposureLine[]; count: number };

/** The admin's view: the total, and per agent, carrier and lead source. */
export type ExposureBreakdown = ExposureTotal & {
  byAgent: ExposureGroups;
  byCarrier: ExposureGroups;
  bySource: ExposureGroups;
};

/** The lines each dimension lists, largest exposure first; the rest are counted, not listed. */
const EXPOSURE_LINES = 10;

/**
 * The names of what a line has none of.
 * @internal Exported for the tests.
 */
export const EXPOSURE_NONE = {
  agent: "Unassigned",
  carrier: "No carrier",
  source: "Public form / no source",
} as const;

/**
 * The sales with exposure, as the WHERE of a query over `applications a`: sold, commission not
 * cancelled, no cancelled month, a month not paid yet. For one agent their sales are read from the
 * (agent_id, sold_at, id) index and each is checked for an unpaid month; for the agency the unpaid
 * months' lead ids come first (the partial index of unpaid months by due date, migration 044).
 */
function openSchedules(agentId?: string): Sql {
  const unpaid = agentId
    ? sql`EXISTS (SELECT 1 FROM payment_trackings t WHERE t.application_id = a.id AND t.status = 'not_paid')`
    : sql`a.id IN (SELECT t.application_id FROM payment_trackings t WHERE t.status = 'not_paid')`;
  return and([
    agentId && sql`a.agent_id = ${agentId}`,
    sql`a.sold_at IS NOT NULL AND a.commission_cancelled_at IS NULL`,
    unpaid,
    sql`NOT EXISTS (SELECT 1 FROM payment_trackings t WHERE t.application_id = a.id AND t.status = 'cancelled')`,
  ]);
}

/**
 * Each open sale's exposure as `e` (agent, carrier, source, unearned): the ledger's rule, earned =
 * advanced x paid / 9 rounded as (2 x advanced x paid + 9) / 18 in integers (commissionFigures').
 * A MATERIALIZED CTE, so each sale's paid months are counted once.
 */
function exposureRows(agentId?: string): Sql {
  return sql`x AS MATERIALIZED (
      SELECT a.agent_id AS agent, a.carrier_id AS carrier, a.lead_source_id AS source,
        ${advancedCentsSql("a")} AS advanced,
        (SELECT COUNT(*) FROM payment_trackings t WHERE t.application_id = a.id AND t.status = 'paid') AS paid
      FROM applications a WHERE ${openSchedules(agentId)}
    ), e AS (
      SELECT x.agent, x.carrier, x.source,
        x.advanced - ${earnedCentsSql(sql`x.advanced`, sql`x.paid`)} AS unearned
      FROM x
    )`;
}

const TotalRow = z.object({ totalCents: column.sum, policies: column.sum });

/**
 * The signed-in agent's chargeback exposure (their dashboard, commissions page and their APIs):
 * the advance not yet earned on their policies still inside the nine months, and how many there
 * are. Only an agent has one (403 otherwise).
 */
export async function agentExposure(actor: SessionUser): Promise<ExposureTotal> {
  const agentId = assertAgent(actor);
  return exposureTotalOf(await selectRows(agentExposureSql(agentId), TotalRow));
}

/**
 * The agent's exposure as one column of a page's reads (pageReads' lists: the agent dashboard's
 * one statement, decision 040); exposureTotalOf reads its row.
 */
export function agentExposureColumn(agentId: string) {
  return listColumn(agentExposureSql(agentId), TotalRow);
}

/** The total and policies of agentExposureSql's one row. */
export function exposureTotalOf(rows: readonly ExposureTotal[]): ExposureTotal {
  return { totalCents: rows[0]?.totalCents ?? 0, policies: rows[0]?.policies ?? 0 };
}

/**
 * One agent's exposure and policies, for agentExposure and its plan test.
 * @internal
 */
export function agentExposureSql(agentId: string): Sql {
  return sql`WITH ${exposureRows(agentId)}
    SELECT SUM(e.unearned) AS "totalCents", COUNT(*) AS "policies" FROM e WHERE e.unearned > 0`;
}

const LineRow = z.object({
  dimension: z.enum(["all", "agent", "carrier", "source"]),
  id: column.text.nullable(),
  totalCents: column.sum,
  policies: column.sum,
  count: column.integer,
  firstName: column.text.nullable(),
  lastName: column.text.nullable(),
  name: column.text.nullable(),
});

/**
 * The agency's chargeback exposure (the admin dashboard, Premiums Management and their APIs), or
 * one agent's when `agentId` is given: the total, and per agent, carrier and lead source the
 * EXPOSURE_LINES largest (with how many there are), in one statement. A lead without a source
 * came from the public form (or before sources existed). Admins only (403).
 */
export async function agencyExposure(
  actor: SessionUser,
  filter: { agentId?: string } = {},
): Promise<ExposureBreakdown> {
  assertAdmin(actor);
  return exposureBreakdownOf(await selectRows(exposureBreakdownSql(filter.agentId), LineRow));
}

/**
 * The agency's exposure as one column of a page's reads (pageReads' lists: the admin dashboard's
 * one statement, decision 040); exposureBreakdownOf reads its rows. Admins only: the caller checks.
 */
export function agencyExposureColumn() {
  return listColumn(exposureBreakdownSql(), LineRow);
}

/** exposureBreakdownSql's rows as the total and the lines per agent, carrier and lead source. */
export function exposureBreakdownOf(rows: readonly z.output<typeof LineRow>[]): ExposureBreakdown {
  const total = rows.find((row) => row.dimension === "all");
  const groups = (dimension: "agent" | "carrier" | "source"): ExposureGroups => {
    const lines = rows.filter((row) => row.dimension === dimension);
    return {
      count: lines[0]?.count ?? 0,
      rows: lines.map((row) => ({
        id: row.id,
        name: !row.id
          ? EXPOSURE_NONE[dimension]
          : dimension === "agent"
            ? fullName({ firstName: row.firstName ?? "", lastName: row.lastName ?? "" })
            : (row.name ?? EXPOSURE_NONE[dimension]),
        totalCents: row.totalCents,
        policies: row.policies,
      })),
    };
  };
  return {
    totalCents: total?.totalCents ?? 0,
    policies: total?.policies ?? 0,
    byAgent: groups("agent"),
    byCarrier: groups("carrier"),
    bySource: groups("source"),
  };
}

/**
 * The agency's (or one agent's) exposure in all and per agent, carrier and lead source, the
 * EXPOSURE_LINES largest of each with how many there are, for agencyExposure and its plan test.
 * @internal
 */
export function exposureBreakdownSql(agentId?: string): Sql {
  const open = sql`e.unearned > 0`;
  return sql`WITH ${exposureRows(agentId)}, g AS (
        SELECT 'all' AS dimension, NULL AS id, SUM(e.unearned) AS cents, COUNT(*) AS policies FROM e WHERE ${open}
        UNION ALL SELECT 'agent', e.agent, SUM(e.unearned), COUNT(*) FROM e WHERE ${open} GROUP BY e.agent
        UNION ALL SELECT 'carrier', e.carrier, SUM(e.unearned), COUNT(*) FROM e WHERE ${open} GROUP BY e.carrier
        UNION ALL SELECT 'source', e.source, SUM(e.unearned), COUNT(*) FROM e WHERE ${open} GROUP BY e.source
      ), r AS (
        SELECT g.*, ROW_NUMBER() OVER (PARTITION BY g.dimension ORDER BY g.cents DESC, g.policies DESC, g.id) AS n,
          COUNT(*) OVER (PARTITION BY g.dimension) AS count
        FROM g
      )
      SELECT r.dimension, r.id, r.cents AS "totalCents", r.policies, r.count,
        u.first_name AS "firstName", u.last_name AS "lastName", COALESCE(c.name, s.name) AS name
      FROM r
      LEFT JOIN agents ag ON r.dimension = 'agent' AND ag.id = r.id
      LEFT JOIN users u ON u.id = ag.user_id
      LEFT JOIN carriers c ON r.dimension = 'carrier' AND c.id = r.id
      LEFT JOIN lead_sources s ON r.dimension = 'source' AND s.id = r.id
      WHERE r.n <= ${EXPOSURE_LINES}
      ORDER BY r.dimension, r.n`;
}
