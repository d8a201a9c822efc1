import { getLeadImport, leadImportStatusJson } from "~/services/lead-import.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/imports/{id}: { id, status, total, processed, imported, duplicates,
 * alreadyImported, rejected, error }; status is uploaded, queued, running, completed or failed.
 * What the import page's progress bar polls.
 */
const api = apiRoute({
  GET: async ({ request, context, params }) => {
    const actor = await requireAdmin({ request, context });
    return apiJson(leadImportStatusJson(await getLeadImport(actor, params.id ?? "")));
  },
});

export const loader = api.loader;
export const action = api.action;
