import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPublicCarriers } from "~/services/carriers.server";
import { handleApi, pagingSchema, parseQuery } from "~/utils/api.server";

/**
 * GET /api/public/carriers: [{ id, name }] for everyone, signed in or not. The list holds no
 * personal data and changes rarely, so browsers and proxies may keep it 5 minutes (part 2, §9).
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const { page, pageSize } = parseQuery(request, pagingSchema);
    const carriers = await listPublicCarriers();
    const slice = carriers.slice((page - 1) * pageSize, page * pageSize);
    return Response.json(slice, {
      headers: { "Cache-Control": "public, max-age=300", "X-Total-Count": String(carriers.length) },
    });
  });
