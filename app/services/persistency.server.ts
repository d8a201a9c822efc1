import { z } from "zod";
import { isPostgres } from "~db";
import { ADMIN_REPORT_MESSAGES } from "~/domain/admin-reports";
import { csvLine, type CsvValue } from "~/domain/csv";
import { fullName } from "~/domain/format";
import { IN_FORCE_STATUSES, UNDECIDED_STATUSES } from "~/domain/policy";
import {
  PERSISTENCY_BREAKDOWN_LABELS,
  PERSISTENCY_CSV_COLUMNS,
  PERSISTENCY_MONTHS,
  PERSISTENCY_NAMES,
  issueDays,
  issuedRangeText,
  persistencyFileName,
  persistencyRate,
  type PersistencyBreakdown,
  type PersistencyGroup,
  type PersistencyMonthNumber,
  type PersistencyReport,
} from "~/domain/persistency";
import { todayIn } from "~/domain/periods";
import type { PersistencyQuery } from "~/domain/schemas/persistency";
import { POLICY_STATUSES } from "~/domain/statuses";
import { logActivity } from "./activity.server";
import { badRequest } from "./errors.server";
import { assertAdmin, assertAgent } from "./permissions.server";
import { REPORT_EXPORTED } from "./reports.server";
import type { SessionUser } from "./sessions.server";
import { and, column, join, raw, selectOne, selectRows, sql, type Sql } from "./sql/reads.server";

// Persistency (issue 26 item 3; docs/decisions/077): of the policies issued between two days of
// the reader's calendar, how many were still in force 3, 6 and 9 months after their issue date,
// in all and by agent, carrier, product and lead source. An admin reads the agency's (of one agent
// when asked: /admin/persistency, its CSV, GET /api/admin/reports/persistency); an agent their own
// (the Persistency tab of /agent/reports, its CSV, GET /api/agent/reports/persistency). One
// statement answers every group: the cohort from the (policy_status, policy_issue_date) index,
// each policy's status at each month from the (application_id, created_at) index of its history,
// then a GROUP BY per breakdown.

/**
 * The statuses a cohort's policy may be in now: issued once (it has an issue date), and not
 * refused at delivery: "not taken" is a placement loss, never a lapse (decision 074's "issued").
 * As an IN list on the index's first column, so each status is a range of its issue dates.
 */
const COHORT_STATUSES = POLICY_STATUSES.filter((status) => status !== "not_taken");

/**
 * The statuses that read as in force at a month. Beside the in-force statuses, a policy whose
 * last change by then is still submitted or pending underwriting had its issue recorded later
 * with an issue date before that month: the carrier issued it and nothing ended it by then.
 */
const IN_FORCE_AT_MONTH: readonly string[] = [...IN_FORCE_STATUSES, ...UNDECIDED_STATUSES];

/**
 * The instant month `m` of a policy is read at: midnight UTC starting the day `m` calendar months
 * after its issue date (the month's last day when it is shorter: Jan 31 + 1 month is Feb 28), the
 * moment `m` whole months of cover have passed. UTC, so a policy reads the same to every reader,
 * and both databases work it out per row (SQLite has no time zones; its DATE columns are stored as
 * "YYYY-MM-DD HH:MM:SS.SSS +00:00" text, which orders as the instants do).
 */
function monthInstant(m: PersistencyMonthNumber): Sql {
  if (isPostgres) return sql`((a.policy_issue_date + make_interval(months => ${m})) AT TIME ZONE 'UTC')`;
  // SQLite's '+N months' rolls a day the month lacks over into the next month; the earlier of it
  // and the month's last day is the clamped day Postgres answers.
  return sql`(MIN(date(a.policy_issue_date, ${`+${m} months`}), date(a.policy_issue_date, 'start of month', ${`+${m + 1} months`}, '-1 day')) || ' 00:00:00.000 +00:00')`;
}

/** Each month's columns, by name (SQL text from code): its instant, whether it has arrived, whether the policy held. */
const MONTH_COLUMNS: Record<PersistencyMonthNumber, { at: Sql; measured: Sql; held: Sql }> = {
  3: { at: raw("at3"), measured: raw("measured3"), held: raw("held3") },
  6: { at: raw("at6"), measured: raw("measured6"), held: raw("held6") },
  9: { at: raw("at9"), measured: raw("measured9"), held: raw("held9") },
};

/**
 * Per policy and month, over the cohort `q` (its instants worked out once there): whether the
 * month has arrived (`measured`), and whether the policy was in force then (`held`): its last
 * recorded change at or before the instant, read only for a month that has arrived, from the end
 * of the (application_id, created_at) index range. Two changes of one policy in the same
 * millisecond are not told apart: a tiebreak on id sorted every policy's rows instead of reading
 * the index's last entry, and took the statement from 0.4 s to 0.7 s at 32,000 policies (SQLite).
 */
function monthColumns(m: PersistencyMonthNumber, now: Date): Sql {
  const { at, measured, held } = MONTH_COLUMNS[m];
  const statusThen = sql`(SELECT c.to_status FROM policy_status_changes c
      WHERE c.application_id = q.id AND c.created_at <= q.${at}
      ORDER BY c.created_at DESC LIMIT 1)`;
  return sql`CASE WHEN q.${at} <= ${now} THEN 1 ELSE 0 END AS ${measured},
    CASE WHEN q.${at} <= ${now} AND COALESCE(${statusThen}, 'submitted') IN ${IN_FORCE_AT_MONTH} THEN 1 ELSE 0 END AS ${held}`;
}

type Cohort = { issuedFrom: string | null; issuedTo: string | null; agentId: string | null };

/** The cohort's policies: issued (see COHORT_STATUSES) in the range of days, of one agent when given. */
function cohortWhere(cohort: Cohort): Sql {
  return and([
    sql`a.policy_status IN ${COHORT_STATUSES}`,
    cohort.issuedFrom ? sql`a.policy_issue_date >= ${cohort.issuedFrom}` : sql`a.policy_issue_date IS NOT NULL`,
    cohort.issuedTo && sql`a.policy_issue_date <= ${cohort.issuedTo}`,
    cohort.agentId && sql`a.agent_id = ${cohort.agentId}`,
  ]);
}

/** A group's figures: its policies, and per month how many were measurable and how many in force. */
const FIGURES = join(
  [
    raw(`COUNT(*) AS "policies"`),
    ...PERSISTENCY_MONTHS.map(
      (m) =>
        sql`SUM(p.${MONTH_COLUMNS[m].measured}) AS ${MONTH_COLUMNS[m].measured}, SUM(p.${MONTH_COLUMNS[m].held}) AS ${MONTH_COLUMNS[m].held}`,
    ),
  ],
  ", ",
);

/** Each breakdown's group key (as text: the ids are UUIDs on Postgres) and name, over the cohort `p`. */
const BREAKDOWNS: Record<PersistencyBreakdown, { key: Sql; name: Sql; from: Sql }> = {
  agent: {
    key: sql`CAST(p.agent_id AS TEXT)`,
    name: sql`MIN(u.first_name || ' ' || u.last_name)`,
    from: sql`p LEFT JOIN agents g ON g.id = p.agent_id LEFT JOIN users u ON u.id = g.user_id`,
  },
  carrier: {
    key: sql`CAST(p.carrier_id AS TEXT)`,
    name: sql`MIN(k.name)`,
    from: sql`p LEFT JOIN carriers k ON k.id = p.carrier_id`,
  },
  product: { key: sql`p.sold_product_name`, name: sql`MIN(p.sold_product_name)`, from: sql`p` },
  source: {
    key: sql`CAST(p.lead_source_id AS TEXT)`,
    name: sql`MIN(s.name)`,
    from: sql`p LEFT JOIN lead_sources s ON s.id = p.lead_source_id`,
  },
};

/**
 * The statement: the cohort's policies with the instants of their months (`q`), then each month's
 * figures (`p`), each worked out once (MATERIALIZED), then one GROUP BY per breakdown asked, put
 * together by UNION ALL. Exported for the plan test.
 * @internal
 */
export function persistencyStatement(cohort: Cohort, breakdowns: readonly PersistencyBreakdown[], now: Date): Sql {
  const groups = breakdowns.map((breakdown) => {
    const { key, name, from } = BREAKDOWNS[breakdown];
    return sql`SELECT ${breakdown} AS "breakdown", ${key} AS "key", ${name} AS "name", ${FIGURES} FROM ${from} GROUP BY ${key}`;
  });
  return sql`WITH q AS MATERIALIZED (
      SELECT a.id, a.agent_id, a.carrier_id, a.sold_product_name, a.lead_source_id,
        ${join(
          PERSISTENCY_MONTHS.map((m) => sql`${monthInstant(m)} AS ${MONTH_COLUMNS[m].at}`),
          ", ",
        )}
      FROM applications a WHERE ${cohortWhere(cohort)}
    ), p AS MATERIALIZED (
      SELECT q.agent_id, q.carrier_id, q.sold_product_name, q.lead_source_id,
        ${join(
          PERSISTENCY_MONTHS.map((m) => monthColumns(m, now)),
          ", ",
        )}
      FROM q
    )
    ${join(groups, " UNION ALL ")}`;
}

const GroupRow = z.object({
  breakdown: column.text,
  key: column.text.nullable(),
  name: column.text.nullable(),
  policies: column.integer,
  measured3: column.sum,
  held3: column.sum,
  measured6: column.sum,
  held6: column.sum,
  measured9: column.sum,
  held9: column.sum,
});
type GroupRow = z.infer<typeof GroupRow>;

const NO_NAME: Record<PersistencyBreakdown, string> = {
  agent: PERSISTENCY_NAMES.noAgent,
  carrier: PERSISTENCY_NAMES.noCarrier,
  product: PERSISTENCY_NAMES.noProduct,
  source: PERSISTENCY_NAMES.noSource,
};

function group(
  row: Pick<GroupRow, "policies" | `measured${PersistencyMonthNumber}` | `held${PersistencyMonthNumber}`>,
) {
  return {
    policies: row.policies,
    months: PERSISTENCY_MONTHS.map((m) => {
      const measurable = row[`measured${m}`];
      const inForce = row[`held${m}`];
      return { month: m, measurable, inForce, rate: persistencyRate(inForce, measurable) };
    }),
  };
}

/** The largest groups first, then by name; the policies without an agent, carrier or source last. */
function ordered(groups: PersistencyGroup[]): PersistencyGroup[] {
  return groups.sort(
    (x, y) =>
      Number(x.key === null) - Number(y.key === null) || y.policies - x.policies || x.name.localeCompare(y.name),
  );
}

async function readReport(
  actor: SessionUser,
  query: PersistencyQuery,
  agentId: string | null,
  withAgents: boolean,
  now: Date,
): Promise<PersistencyReport> {
  const period = query.period ?? "all";
  const days = issueDays(period, { timeZone: actor.timezone, now, startDate: query.startDate, endDate: query.endDate });
  const anySource = await selectOne(sql`SELECT s.id FROM lead_sources s LIMIT 1`, z.object({ id: column.text }));
  const breakdowns: PersistencyBreakdown[] = [
    ...(withAgents ? (["agent"] as const) : []),
    "carrier",
    "product",
    ...(anySource ? (["source"] as const) : []),
  ];
  const rows = await selectRows(persistencyStatement({ ...days, agentId }, breakdowns, now), GroupRow);
  const by = (breakdown: PersistencyBreakdown) =>
    ordered(
      rows
        .filter((row) => row.breakdown === breakdown)
        .map((row) => ({
          key: row.key,
          // A product is its name as sold; an id whose row is gone (a removed source) keeps a name.
          name: row.key === null ? NO_NAME[breakdown] : (row.name ?? PERSISTENCY_NAMES.removedSource),
          ...group(row),
        })),
    );
  // Every breakdown splits the whole cohort, so the carriers' groups add up to it.
  const carriers = by("carrier");
  const sum = (pick: (g: PersistencyGroup) => number) => carriers.reduce((total, g) => total + pick(g), 0);
  const total: PersistencyGroup = {
    key: null,
    name: PERSISTENCY_NAMES.total,
    policies: sum((g) => g.policies),
    months: PERSISTENCY_MONTHS.map((m, i) => {
      const measurable = sum((g) => g.months[i]!.measurable);
      const inForce = sum((g) => g.months[i]!.inForce);
      return { month: m, measurable, inForce, rate: persistencyRate(inForce, measurable) };
    }),
  };
  return {
    range: { period, ...days },
    asOf: now.toISOString(),
    total,
    byAgent: withAgents ? by("agent") : null,
    byCarrier: carriers,
    byProduct: by("product"),
    bySource: anySource ? by("source") : null,
  };
}

/**
 * /admin/persistency and GET /api/admin/reports/persistency: the agency's policies issued in the
 * period (every issue date by default), or one agent's (`agentId`; an id naming no agent is a 400
 * at that field). Admins only (403).
 */
export async function adminPersistency(actor: SessionUser, query: PersistencyQuery, now = new Date()) {
  assertAdmin(actor);
  if (query.agentId) {
    const agent = await selectOne(
      sql`SELECT g.id FROM agents g WHERE g.id = ${query.agentId}`,
      z.object({ id: column.text }),
    );
    if (!agent) throw badRequest(ADMIN_REPORT_MESSAGES.unknownAgent, { agentId: [ADMIN_REPORT_MESSAGES.unknownAgent] });
  }
  return readReport(actor, query, query.agentId ?? null, !query.agentId, now);
}

/**
 * The agent's Persistency (/agent/reports?tab=persistency, GET /api/agent/reports/persistency):
 * the same figures of the signed-in agent's own policies only, without the breakdown by agent.
 * Agents only (403).
 */
export async function agentPersistency(actor: SessionUser, query: PersistencyQuery, now = new Date()) {
  const agentId = assertAgent(actor);
  return readReport(actor, { ...query, agentId: undefined }, agentId, false, now);
}

const lowerFirst = (text: string) => `${text.charAt(0).toLowerCase()}${text.slice(1)}`;

function csvRecord(breakdown: string, row: PersistencyGroup): CsvValue[] {
  return [
    breakdown,
    row.name,
    row.policies,
    ...row.months.flatMap((m) => [m.measurable, m.inForce, m.rate === null ? null : m.rate.toFixed(1)]),
  ];
}

/**
 * The report as CSV (/admin/persistency/export, /agent/reports/persistency/export): the Total row,
 * then each breakdown's groups in the page's order; a month none can be read at yet is an empty
 * share. Only names of agents, carriers, products and sources: no client's data. Named
 * persistency-{today}.csv (my-persistency-... for an agent) and recorded in the activity log like
 * every report export.
 */
export async function exportPersistency(actor: SessionUser, query: PersistencyQuery, now = new Date()) {
  const own = actor.role !== "admin";
  const report = own ? await agentPersistency(actor, query, now) : await adminPersistency(actor, query, now);
  const agent =
    !own && query.agentId
      ? await selectOne(
          sql`SELECT u.first_name AS "firstName", u.last_name AS "lastName" FROM agents g JOIN users u ON u.id = g.user_id
            WHERE g.id = ${query.agentId}`,
          z.object({ firstName: column.text, lastName: column.text }),
        )
      : null;
  const whose = own ? "their own Persistency report" : "the Persistency report";
  await logActivity({
    userId: actor.id,
    action: REPORT_EXPORTED,
    entityType: "report",
    summary: `${fullName(actor)} exported ${whose} (${lowerFirst(issuedRangeText(report.range))}${agent ? `, of ${fullName(agent)}` : ""})`,
  });
  const sections: [PersistencyBreakdown, PersistencyGroup[] | null][] = [
    ["agent", report.byAgent],
    ["carrier", report.byCarrier],
    ["product", report.byProduct],
    ["source", report.bySource],
  ];
  const lines = [
    csvLine(PERSISTENCY_CSV_COLUMNS),
    csvLine(csvRecord("Total", report.total)),
    ...sections.flatMap(([breakdown, rows]) =>
      (rows ?? []).map((row) => csvLine(csvRecord(PERSISTENCY_BREAKDOWN_LABELS[breakdown], row))),
    ),
  ];
  return { filename: persistencyFileName(todayIn(actor.timezone, now), own), text: lines.join("") };
}
