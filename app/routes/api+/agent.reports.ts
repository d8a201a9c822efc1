import { reportApiQuery } from "~/domain/schemas/reports";
import { agentReport } from "~/services/reports.server";
import { apiJson, apiRoute, parseQuery, totalHeaders } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/reports?dateFrom=&dateTo=&status=&carrierId=&page=&pageSize=: the signed-in
 * agent's report, `{ applications, metrics }`. The metrics cover every lead the filters select;
 * applications is one page of them, newest first (100 by default, at most 500), with their number
 * in X-Total-Count (docs/decisions/028). Bad filters are a 400 with the field at fault.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    const { page, pageSize, ...filters } = parseQuery(request, reportApiQuery);
    const report = await agentReport(agent, filters, { page, pageSize });
    return apiJson(
      { applications: report.applications.rows, metrics: report.metrics },
      { headers: totalHeaders(report.applications) },
    );
  },
});

export const loader = api.loader;
export const action = api.action;
