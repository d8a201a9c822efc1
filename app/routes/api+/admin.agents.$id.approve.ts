import type { ActionFunctionArgs } from "@remix-run/node";
import { approveAgentApiSchema } from "~/domain/schemas/agents";
import { approveAgent } from "~/services/agents.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

async function approve({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const input = await parseBody(request, approveAgentApiSchema);
  const agent = await approveAgent(admin, params.id ?? "", input);
  return apiJson({ message: "Agent approved", agent });
}

/**
 * POST or PATCH /api/admin/agents/{id}/approve, with {callsOrdered, phone, email, companyName,
 * assignedBdm} or no body: the spec shows both methods, so both approve.
 */
const api = apiRoute({ POST: approve, PATCH: approve });

export const loader = api.loader;
export const action = api.action;
