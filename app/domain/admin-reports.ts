// The admin's Reports & Analytics (part 1, Reports & Analytics; issue 13 item 5): its filters and
// tabs as the URL carries them, their messages, and the CSV export's columns and file name. No
// schema code here, so the page's JavaScript stays small; app/domain/schemas/admin-reports.ts
// reads the filters with zod. What each figure means is docs/decisions/038.

import { LEAD_SOURCE_CSV_COLUMNS } from "./lead-source-report";
import { FIRST_FILTER_DAY, PERIOD_MESSAGES } from "./period-range";

/** The filters' URL parameters, named as GET /api/admin/reports names them. */
export const ADMIN_REPORT_FILTER_FIELDS = ["dateFrom", "dateTo", "agentId", "carrierId", "status"] as const;
export type AdminReportFilterField = (typeof ADMIN_REPORT_FILTER_FIELDS)[number];

export type AdminReportFilterValues = Record<AdminReportFilterField, string>;
export type AdminReportFieldErrors = Partial<Record<AdminReportFilterField, string[]>>;

/** The Status filter of part 1: all, sale, pending, declined (a lead's current status). */
export const ADMIN_REPORT_STATUSES = ["all", "sale", "pending", "declined"] as const;
export type AdminReportStatus = (typeof ADMIN_REPORT_STATUSES)[number];

export const ADMIN_REPORT_TABS = ["overview", "performance", "revenue", "agents", "lead-sources"] as const;
export type AdminReportTab = (typeof ADMIN_REPORT_TABS)[number];

export const ADMIN_REPORT_TAB_LABELS: Record<AdminReportTab, string> = {
  overview: "Overview",
  performance: "Performance",
  revenue: "Revenue",
  agents: "Agents",
  "lead-sources": "Lead Sources",
};

/** ?tab= as the page reads it: anything unknown is the first tab. */
export function adminReportTab(value: string | null): AdminReportTab {
  return ADMIN_REPORT_TABS.find((tab) => tab === value) ?? "overview";
}

/** With no From Date the report covers this many calendar months, the To Date's month last. */
export const DEFAULT_REPORT_MONTHS = 12;

/** The longest range a report covers: its monthly trend is one bar per month. */
export const MAX_REPORT_MONTHS = 120;

/** The first day a filter may name, as every period and date filter (isoDayProblem refuses the rest). */
export const FIRST_REPORT_DAY = FIRST_FILTER_DAY;

/** How many agents Top Performing Agents shows. */
export const TOP_PERFORMERS = 5;

export const ADMIN_REPORT_MESSAGES = {
  dateFormat: "Dates must be YYYY-MM-DD",
  outOfRange: PERIOD_MESSAGES.outOfRange,
  reversed: "To Date must be on or after From Date.",
  tooLong: "Choose a range of at most 10 years.",
  unknownStatus: "Choose a status from the list.",
  unknownAgent: "Choose an agent from the list.",
  unknownCarrier: "Choose a carrier from the list.",
} as const;

/** Each tab's CSV header row, in this order. */
export const ADMIN_REPORT_CSV_COLUMNS: Record<AdminReportTab, readonly string[]> = {
  overview: ["Metric", "This Period", "Previous Period", "Change", "Change Unit"],
  // The issued figures (issue 26) come last, so the earlier columns keep their places.
  performance: ["Month", "Leads", "Sales", "Revenue", "Growth (%)", "Issued Sales", "Issued Revenue"],
  revenue: ["Breakdown", "Name", "Sales", "Revenue", "Issued Sales", "Issued Revenue"],
  agents: ["Agent", "Leads", "Sales", "Conversion (%)", "Revenue", "Commission", "Issued Sales", "Issued Commission"],
  "lead-sources": LEAD_SOURCE_CSV_COLUMNS,
};

/** admin-report-{tab}-{today}.csv, today being the admin's calendar day (YYYY-MM-DD). */
export function adminReportFileName(tab: AdminReportTab, today: string) {
  return `admin-report-${tab}-${today}.csv`;
}

/** The export's URL: the page's filters and tab (and what the tab keeps, its sort), without its page number. */
export function adminReportExportHref(
  values: AdminReportFilterValues,
  tab: AdminReportTab,
  keep: Record<string, string> = {},
) {
  const params = new URLSearchParams();
  for (const field of ADMIN_REPORT_FILTER_FIELDS) if (values[field]) params.set(field, values[field]);
  if (tab !== "overview") params.set("tab", tab);
  for (const [name, value] of Object.entries(keep)) params.set(name, value);
  const query = params.toString();
  return `/admin/reports/export${query ? `?${query}` : ""}`;
}

/** "+12.5%" / "-3.0%" for a change in percent, "+1.2 pts" for a change of a rate; null when there is no earlier figure. */
export function changeLabel(change: number | null, unit: "percent" | "points" = "percent") {
  if (change === null) return null;
  const sign = change > 0 ? "+" : change < 0 ? "-" : "±";
  const size = Math.abs(change).toFixed(1);
  return unit === "points" ? `${sign}${size} pts` : `${sign}${size}%`;
}
