import type { LoaderFunctionArgs } from "@remix-run/node";
import { listAllProducts } from "~/services/carriers.server";
import { apiJson, handleApi, pagingSchema, parseQuery } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/**
 * GET /api/products/all: [{ id, name, compPercentage, carrier: { name } }]. An agent gets their
 * own products; an administrator every agent's (with agentId). Paged with page/pageSize.
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const user = await requireUser(request);
    const paging = parseQuery(request, pagingSchema);
    const { rows, total } = await listAllProducts(user, paging);
    return apiJson(rows, { headers: { "X-Total-Count": String(total) } });
  });
