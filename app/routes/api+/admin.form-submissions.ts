import type { LoaderFunctionArgs } from "@remix-run/node";
import { formSubmissionListQuerySchema } from "~/domain/schemas/form-submissions";
import { listFormSubmissions } from "~/services/form-submissions.server";
import { apiJson, handleApi, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/form-submissions?status=&page=&pageSize=: an array, the total in X-Total-Count. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  handleApi(async () => {
    const actor = await requireAdmin(request);
    const query = parseQuery(request, formSubmissionListQuerySchema);
    const { submissions, total } = await listFormSubmissions(actor, query);
    return apiJson(submissions, { headers: { "X-Total-Count": String(total) } });
  });
