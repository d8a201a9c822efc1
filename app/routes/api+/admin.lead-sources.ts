import { INTAKE_PATH } from "~/domain/lead-sources";
import { leadSourceCreateSchema, leadSourceList } from "~/domain/schemas/lead-sources";
import { createLeadSource, leadSourceJson, listLeadSources } from "~/services/lead-sources.server";
import { apiJson, apiPage, apiRoute, parseBody, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";
import { absoluteUrl } from "~/utils/public-url.server";

/**
 * GET /api/admin/lead-sources?page=&pageSize=: newest first, an array (never a key nor its hash,
 * only keyLast4) with the total in X-Total-Count. POST adds a source and answers 201 with
 * { id, name, postingKey, postingUrl }: the only time the key is ever answered.
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiPage(await listLeadSources(actor, parseQuery(request, leadSourceList.schema)), leadSourceJson);
  },
  POST: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    const input = await parseBody(request, leadSourceCreateSchema);
    const { source, postingKey } = await createLeadSource(actor, input);
    return apiJson(
      { id: source.id, name: source.name, postingKey, postingUrl: absoluteUrl(request, INTAKE_PATH) },
      { status: 201 },
    );
  },
});

export const loader = api.loader;
export const action = api.action;
