import { leadSourceReportApiQuery } from "~/domain/schemas/lead-source-report";
import { adminLeadSourceReport } from "~/services/lead-source-report.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { leadSourceReportJson } from "~/utils/lead-source-report-json";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/reports/lead-sources?dateFrom=&dateTo=&sort=&dir=: cost per sale by lead source
 * (issue 24 item 7, docs/decisions/065), `{ sources, total, months, range, sort, dir }`: every
 * source, the leads without one ("Direct / web form", id null) and the totals, for the leads
 * received between the two days of the admin's calendar (the last twelve months without them).
 * Money in dollars, rates in percent with 1 decimal, null where a figure divides by zero. Admins
 * only; a bad day, a reversed range or an unknown sort is a 400 naming the field.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiJson(
      leadSourceReportJson(await adminLeadSourceReport(admin, parseQuery(request, leadSourceReportApiQuery))),
    );
  },
});

export const loader = api.loader;
export const action = api.action;
