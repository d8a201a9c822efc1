import { getDncImport } from "~/services/dnc-import.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/dnc/import/{id}: { id, fileName, reason, status, total, processed, added,
 * alreadyListed, invalid, error, createdAt, finishedAt }; status is queued, running, completed or
 * failed. What the upload's progress page polls.
 */
const api = apiRoute({
  GET: async ({ request, context, params }) => {
    const actor = await requireAdmin({ request, context });
    return apiJson(await getDncImport(actor, params.id ?? ""));
  },
});

export const loader = api.loader;
export const action = api.action;
