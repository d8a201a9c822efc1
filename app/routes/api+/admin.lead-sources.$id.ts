import { leadSourcePatchSchema } from "~/domain/schemas/lead-sources";
import { getLeadSource, leadSourceJson, updateLeadSource } from "~/services/lead-sources.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/lead-sources/{id}; PATCH with any of its fields and status (active or paused). */
const api = apiRoute({
  GET: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiJson(leadSourceJson(await getLeadSource(actor, params.id ?? "")));
  },
  PATCH: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    // An unknown id is a 404 before the body is read: the body cannot make it found.
    await getLeadSource(actor, params.id ?? "");
    const change = await parseBody(request, leadSourcePatchSchema);
    return apiJson(leadSourceJson(await updateLeadSource(actor, params.id ?? "", change)));
  },
});

export const loader = api.loader;
export const action = api.action;
