import type { LoaderFunctionArgs } from "@remix-run/node";
import { listAgentsGrouped } from "~/services/agents.server";
import { apiError, apiJson, handleApi } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/agents: every agent in the groups pending, approved, rejected and paused. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const admin = await requireAdmin(request);
    return apiJson(await listAgentsGrouped(admin));
  });

export const action = () => apiError(405, "Method not allowed");
