import { adminReportFiltersSchema } from "~/domain/schemas/admin-reports";
import { adminReport } from "~/services/admin-reports.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { adminReportJson } from "~/utils/admin-reports-api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/reports?dateFrom=&dateTo=&agentId=&carrierId=&status=: `{ overview, performance:
 * { monthlyTrend }, range }` with the spec's names (part 1, Report); money in dollars, rates in
 * percent with one decimal. `overview.changes` are the figures' changes against the previous
 * period of the same length (`range.previousFrom`..`previousTo`). Without dates the report covers
 * the last twelve calendar months of the admin's calendar (docs/decisions/038). Beyond the spec
 * (issue 26): of the sales (the submitted), the issued ones and their revenue, the decided ones
 * and the placement rate (percent; null when none is decided), overall, per top performer and per
 * month. Bad filters are a 400 naming the field.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    const filters = parseQuery(request, adminReportFiltersSchema);
    const report = await adminReport(admin, filters, { parts: ["overview", "performance"] });
    return apiJson(adminReportJson(report));
  },
});

export const loader = api.loader;
export const action = api.action;
