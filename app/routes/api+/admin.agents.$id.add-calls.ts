import { addCallsSchema } from "~/domain/schemas/agents";
import { addCalls } from "~/services/agents.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** PUT /api/admin/agents/{id}/add-calls with {callsToAdd}: a whole number from 1 to 1000. */
const api = apiRoute({
  PUT: async ({ request, params, context }) => {
    const admin = await requireAdmin({ request, context });
    const { callsToAdd } = await parseBody(request, addCallsSchema);
    const agent = await addCalls(admin, params.id ?? "", callsToAdd);
    return apiJson({ message: "Calls added successfully", agent });
  },
});

export const loader = api.loader;
export const action = api.action;
