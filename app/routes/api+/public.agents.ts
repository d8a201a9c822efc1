import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPublicAgents } from "~/services/applications.server";
import { apiError, apiJson, handleApi, pagingSchema, parseQuery } from "~/utils/api.server";

/**
 * GET /api/public/agents: the agents a prospect may choose on the public form (approved agents,
 * by name), as the spec's array of { id, name, licenseNumber }. Public. Paged like every list.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const { page, pageSize } = parseQuery(request, pagingSchema);
    const agents = await listPublicAgents();
    const start = (page - 1) * pageSize;
    return apiJson(agents.slice(start, start + pageSize), { headers: { "X-Total-Count": String(agents.length) } });
  });

export const action = () => apiError(405, "Method not allowed");
