import { listReportCarriers } from "~/services/admin-reports.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/carriers: `[{ id, name }]`, every carrier by name, for the admin's report filter (part
 * 1's "carrier list for reports"). Admins only, like the rest of part 1's admin table; visitors
 * and agents have /api/public/carriers and /api/agent/carriers. The catalogue is small (the 18
 * presets and the carriers agents add), so it is one answer, not pages.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const admin = await requireAdmin({ request, context });
    return apiJson(await listReportCarriers(admin));
  },
});

export const loader = api.loader;
export const action = api.action;
