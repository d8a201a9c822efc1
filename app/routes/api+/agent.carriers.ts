import type { ActionFunctionArgs } from "@remix-run/node";
import { carrierUpdateSchema } from "~/domain/schemas/setup";
import { updateCarriers } from "~/services/carriers.server";
import { apiError, apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requireAgent } from "~/utils/auth.server";

/** PUT /api/agent/carriers: { carriers: [{ name, products: [{ name, compPercentage }] }], licensedStates }. */
export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    if (request.method !== "PUT") throw apiError(405, "Method not allowed");
    const agent = await requireAgent(request);
    const input = await parseBody(request, carrierUpdateSchema);
    const setup = await updateCarriers(agent, input);
    return apiJson({ success: true, message: "Carriers updated", ...setup });
  });
