import { DEFAULT_PERSISTENCY_PERIOD, PERSISTENCY_PERIODS } from "~/domain/persistency";
import { periodFromSearch, type PeriodSelection } from "~/domain/period-range";
import { persistencyAgentFromSearch } from "~/domain/schemas/persistency";
import { agentFilterChoices } from "~/services/agents.server";
import { ServiceError } from "~/services/errors.server";
import { adminPersistency, agentPersistency } from "~/services/persistency.server";
import type { SessionUser } from "~/services/sessions.server";
import { persistencyChart } from "./persistency-chart.server";

/**
 * What a persistency page's loader answers, for the admin's /admin/persistency (the agency's
 * policies, of one agent when chosen) and the agent's Persistency tab (their own): the period as
 * the selector shows it (a refused custom range comes back with its reasons, and the figures are
 * All Time's), the report with its chart laid out here (d3 stays on the server), and the export's
 * URL with the same choice.
 */
export async function persistencyPageData(user: SessionUser, url: URL) {
  const read = periodFromSearch(url.searchParams, DEFAULT_PERSISTENCY_PERIOD);
  // A period the selector does not offer (a hand-edited URL) is the default, as an unknown one is.
  const selection: PeriodSelection = (PERSISTENCY_PERIODS as readonly string[]).includes(read.period)
    ? read
    : { period: DEFAULT_PERSISTENCY_PERIOD };
  const { period, startDate, endDate } = selection;
  const admin = user.role === "admin";
  const agentId = admin ? persistencyAgentFromSearch(url.searchParams) : undefined;
  const reading = (
    admin
      ? adminPersistency(user, { period, startDate, endDate, agentId })
      : agentPersistency(user, { period, startDate, endDate })
  ).then(
    (report) => ({ report, agentError: null }),
    (error: unknown) => {
      // An id that names no agent: said at the filter, with no figures until another is chosen.
      if (!(error instanceof ServiceError && error.code === "invalid" && error.fieldErrors?.agentId)) throw error;
      return { report: null, agentError: error.fieldErrors.agentId[0] ?? error.message };
    },
  );
  const [agents, { report, agentError }] = await Promise.all([admin ? agentFilterChoices(user) : [], reading]);
  const exportQuery = new URLSearchParams();
  if (period !== DEFAULT_PERSISTENCY_PERIOD) exportQuery.set("period", period);
  if (startDate) exportQuery.set("startDate", startDate);
  if (endDate) exportQuery.set("endDate", endDate);
  if (agentId) exportQuery.set("agentId", agentId);
  const search = exportQuery.toString();
  const exportPath = admin ? "/admin/persistency/export" : "/agent/reports/persistency/export";
  return {
    selection,
    agentId: agentId ?? "",
    agents,
    agentError,
    report,
    chart: report ? persistencyChart(report.total) : null,
    exportAction: `${exportPath}${search ? `?${search}` : ""}`,
    timezone: user.timezone,
  };
}
