import { adminPersistencyQuery } from "~/domain/schemas/persistency";
import { adminPersistency } from "~/services/persistency.server";
import { apiJson, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/reports/persistency?period=&startDate=&endDate=&agentId=: of the policies issued
 * in the period (the admin's calendar; every issue date when left out; dates alone are a custom
 * range), how many were in force 3, 6 and 9 months after issue (docs/decisions/077):
 * `{ range, asOf, total, byAgent, byCarrier, byProduct, bySource }`, each group `{ key, name,
 * policies, months: [{ month, measurable, inForce, rate }] }` (rate in percent with one decimal,
 * null when no policy has reached the month). `byAgent` is null with an `agentId`, `bySource` when
 * the agency has no lead source. Admins only; bad input is a 400 naming the field.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiJson(await adminPersistency(admin, parseQuery(request, adminPersistencyQuery)));
  },
});

export const loader = api.loader;
export const action = api.action;
