import { AGENT_LEAD_FILTERS, type AgentLeadFilter } from "./statuses";

// The agent's report (part 2, Agent reports; issue 11 item 6): its filters as the URL carries
// them, their messages, and the CSV export's columns and file name. No schema code here, so the
// page's JavaScript stays small; app/domain/schemas/reports.ts reads the filters with zod.

/** The filters' URL parameters, named as GET /api/agent/reports names them. */
export const REPORT_FILTER_FIELDS = ["dateFrom", "dateTo", "status", "carrierId"] as const;
export type ReportFilterField = (typeof REPORT_FILTER_FIELDS)[number];

/** The filters as typed (the URL's text), shown again beside a message when one is refused. */
export type ReportFilterValues = Record<ReportFilterField, string>;
export type ReportFieldErrors = Partial<Record<ReportFilterField, string[]>>;

/** The Status filter: All, or one of the statuses an agent gives a lead. */
export const REPORT_STATUS_FILTERS = AGENT_LEAD_FILTERS;
export type ReportStatusFilter = AgentLeadFilter;

export const REPORT_MESSAGES = {
  dateFormat: "Dates must be YYYY-MM-DD",
  noSuchDate: "That date does not exist",
  reversed: "To Date must be on or after From Date.",
  unknownStatus: "Choose a status from the list.",
  unknownCarrier: "Choose a carrier from the list.",
} as const;

/** The CSV's header row (part 2, section 9), in this order. */
export const REPORT_CSV_COLUMNS = [
  "Date",
  "Customer",
  "Status",
  "Carrier",
  "Coverage",
  "Monthly Premium",
  "Commission",
] as const;

/** agent-report-{date}.csv, the date being today on the agent's calendar (YYYY-MM-DD). */
export function reportFileName(today: string) {
  return `agent-report-${today}.csv`;
}

/** The export's URL: the page's filters, without its page number. */
export function reportExportHref(values: ReportFilterValues) {
  const params = new URLSearchParams();
  for (const field of REPORT_FILTER_FIELDS) if (values[field]) params.set(field, values[field]);
  const query = params.toString();
  return `/agent/reports/export${query ? `?${query}` : ""}`;
}
