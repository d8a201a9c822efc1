import { adminDashboardQuery } from "~/domain/schemas/dashboard";
import { getAdminDashboard } from "~/services/dashboard.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { adminDashboardJson } from "~/utils/dashboard-api.server";

/**
 * GET /api/admin/dashboard?period=&timezone=&startDate=&endDate=&chart=: `{ stats,
 * recentApplications, salesPerformance }` as the page shows them (docs/decisions/033). The period
 * is today when left out, counted in `timezone` (the admin's own when left out); custom dates are
 * YYYY-MM-DD or full ISO date-times (the day each falls on in that time zone); money is dollars.
 * Of the converted (submitted) sales, `stats.issued`, `decided` and `placementRate` (percent, null
 * when none is decided) and `issuedRevenueThisMonth`; `exposure` is the advance not yet earned
 * now, in all and per agent, carrier and lead source (decision 075).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    const { timezone, chart, ...period } = parseQuery(request, adminDashboardQuery(admin.timezone));
    const dashboard = await getAdminDashboard(
      { ...admin, timezone: timezone ?? admin.timezone },
      { ...period, period: period.period ?? "today", chart },
    );
    return apiJson(adminDashboardJson(dashboard));
  },
});

export const loader = api.loader;
export const action = api.action;
