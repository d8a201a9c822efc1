import { carrierUpdateSchema } from "~/domain/schemas/setup";
import { updateCarriers } from "~/services/carriers.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/** PUT /api/agent/carriers: { carriers: [{ name, products: [{ name, compPercentage }] }], licensedStates }. */
const api = apiRoute({
  PUT: async ({ request, context }) => {
    const agent = await requireAgent({ request, context });
    const input = await parseBody(request, carrierUpdateSchema);
    const setup = await updateCarriers(agent, input);
    return apiJson({ success: true, message: "Carriers updated", ...setup });
  },
});

export const loader = api.loader;
export const action = api.action;
