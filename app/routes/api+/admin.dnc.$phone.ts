import { removeDncNumber } from "~/services/dnc.server";
import { apiJson, apiRoute, readBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * DELETE /api/admin/dnc/{phone} with a `reason` (in the body, or ?reason= in the URL): takes the
 * number (any format, URL-encoded) off the list; answers { removed: entry }. 404 when it is not
 * listed, 400 at `reason` without one. The removal is kept and audited (decision 069).
 */
const api = apiRoute({
  DELETE: async ({ request, context, params }) => {
    const actor = await requireAdmin({ request, context });
    const body = await readBody(request);
    const fromQuery = new URL(request.url).searchParams.get("reason");
    const input =
      body && typeof body === "object" && !Array.isArray(body) && "reason" in body
        ? body
        : { reason: fromQuery ?? undefined };
    return apiJson({ removed: await removeDncNumber(actor, params.phone ?? "", input) });
  },
});

export const loader = api.loader;
export const action = api.action;
