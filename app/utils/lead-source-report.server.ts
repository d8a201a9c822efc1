import { readLeadSourceDates, readLeadSourceSort } from "~/domain/schemas/lead-source-report";
import { ServiceError } from "~/services/errors.server";
import {
  adminLeadSourceReport,
  agentLeadSourceReport,
  type LeadSourceReport,
} from "~/services/lead-source-report.server";
import type { SessionUser } from "~/services/sessions.server";
import { monthLabel, spendCommissionChart } from "./performance-chart.server";

/**
 * What the Lead Sources tab's loader answers, for the admin's Reports (the agency's figures) and
 * the agent's (their own): the days as typed with any refusal at its field, the report in the
 * URL's order with its chart drawn here (d3 stays on the server), the page's URL for the sort
 * links, and the sort the date form and the export keep.
 */
export async function leadSourcesTabData(user: SessionUser, url: URL) {
  const reading = readLeadSourceDates(url.searchParams);
  const order = readLeadSourceSort(url.searchParams);
  let fieldErrors = reading.fieldErrors;
  let report: LeadSourceReport | null = null;
  if (reading.filters) {
    const read = user.role === "admin" ? adminLeadSourceReport : agentLeadSourceReport;
    try {
      report = await read(user, { ...reading.filters, ...order });
    } catch (error) {
      // Too long a range is refused at its field, like every other bad filter.
      if (!(error instanceof ServiceError && error.code === "invalid" && error.fieldErrors)) throw error;
      fieldErrors = error.fieldErrors;
    }
  }
  return {
    values: {
      dateFrom: reading.values.dateFrom,
      dateTo: reading.values.dateTo,
      agentId: "",
      carrierId: "",
      status: "",
    },
    fieldErrors,
    agents: [],
    carriers: [],
    timezone: user.timezone,
    range: report?.range ?? null,
    leadSources: {
      here: `${url.pathname}${url.search}`,
      keep: { sort: order.sort, dir: order.dir },
      report: report
        ? {
            rows: report.rows,
            total: report.total,
            sort: report.sort,
            dir: report.dir,
            months: report.months.map((m) => ({ label: monthLabel(m.month) })),
            chart: spendCommissionChart(report.months),
          }
        : null,
    },
  };
}
