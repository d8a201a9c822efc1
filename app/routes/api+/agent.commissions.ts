import { commissionList } from "~/domain/schemas/commissions";
import { commissionFigures, listCommissions } from "~/services/commissions.server";
import { agentExposure } from "~/services/exposure.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";
import { agentCommissionsJson } from "~/utils/commissions-api.server";

/**
 * GET /api/agent/commissions?period=all|custom&startDate=&endDate=&search=&status=&page=&pageSize=:
 * the signed-in agent's commissions (sales newest first, the spec's Commission records, money in
 * dollars), the summary for the period (money strings) and the advance and chargeback ledger: the
 * period's totals and a line for each sale of this page (dollars). The filtered total is in
 * X-Total-Count. Beyond the spec (issue 26): each commission's `policyStatus`, the summary's issued
 * and decided sales, placement rate and issued commissions, and `exposure`, the advance not yet
 * earned now on the agent's policies inside their nine months (decision 075). An admin is refused
 * (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    const query = parseQuery(request, commissionList.schema);
    const [page, figures, exposure] = await Promise.all([
      listCommissions(agent, query),
      commissionFigures(agent, query),
      agentExposure(agent),
    ]);
    return apiJson(agentCommissionsJson(page, figures, exposure), {
      headers: { "X-Total-Count": String(page.total) },
    });
  },
});

export const loader = api.loader;
export const action = api.action;
