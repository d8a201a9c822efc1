import { centsAsDollars } from "~/domain/format";
import { premiumQuerySchema } from "~/domain/schemas/premiums";
import { agencyExposure } from "~/services/exposure.server";
import { premiumFigures } from "~/services/premiums.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { exposureBreakdownJson } from "~/utils/exposure-api.server";

/**
 * GET /api/admin/premiums?period=&startDate=&endDate=&agentId=&timezone=: Premiums Management's
 * figures, which GET /api/admin/commissions (the spec's array of rows) cannot carry (decision 036):
 * `figures` (the period's sales and their premiums and active commissions, told as submitted and
 * issued, the decided sales and `placementRate`, percent or null when none is decided; dollars)
 * and `exposure`, the advance not yet earned now on the policies inside their nine months, in all
 * and per agent, carrier and lead source, of the one agent when `agentId` names one (decision 075).
 * The period is today when left out, counted in `timezone` (the admin's own when left out). An
 * agent is refused (403); an agentId that names no agent is a 404.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    const query = parseQuery(request, premiumQuerySchema);
    const figures = await premiumFigures(admin, { ...query, period: query.period ?? "today" });
    const exposure = await agencyExposure(admin, { agentId: query.agentId });
    return apiJson({
      figures: {
        totalSales: figures.totalSales,
        totalPremium: centsAsDollars(figures.totalPremiumCents),
        averagePremium: centsAsDollars(figures.averagePremiumCents),
        totalCommission: centsAsDollars(figures.totalCommissionCents),
        cancelledSales: figures.cancelledSales,
        cancelledCommission: centsAsDollars(figures.cancelledCommissionCents),
        issuedSales: figures.issuedSales,
        issuedPremium: centsAsDollars(figures.issuedPremiumCents),
        issuedCommission: centsAsDollars(figures.issuedCommissionCents),
        decidedSales: figures.decidedSales,
        placementRate: figures.placementRate,
      },
      exposure: exposureBreakdownJson(exposure),
    });
  },
});

export const loader = api.loader;
export const action = api.action;
