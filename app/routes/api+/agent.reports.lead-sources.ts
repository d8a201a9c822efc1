import { leadSourceReportApiQuery } from "~/domain/schemas/lead-source-report";
import { agentLeadSourceReport } from "~/services/lead-source-report.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { leadSourceReportJson } from "~/utils/lead-source-report-json";
import { requireAgent } from "~/utils/auth.server";

/**
 * GET /api/agent/reports/lead-sources?dateFrom=&dateTo=&sort=&dir=: the signed-in agent's own
 * leads by the source they came from, with the admin route's figures and shape
 * (docs/decisions/065) but no duplicates (`duplicates: null`: a duplicate is nobody's lead) and
 * only the sources the agent's leads came from. Agents only; bad input is a 400 naming the field.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    return apiJson(
      leadSourceReportJson(await agentLeadSourceReport(agent, parseQuery(request, leadSourceReportApiQuery))),
    );
  },
});

export const loader = api.loader;
export const action = api.action;
