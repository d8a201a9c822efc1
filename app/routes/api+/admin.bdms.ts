import type { LoaderFunctionArgs } from "@remix-run/node";
import { listBdms } from "~/services/agents.server";
import { apiError, apiJson, handleApi } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/bdms: the business development managers an agent can be assigned to. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const admin = await requireAdmin(request);
    return apiJson(await listBdms(admin));
  });

export const action = () => apiError(405, "Method not allowed");
