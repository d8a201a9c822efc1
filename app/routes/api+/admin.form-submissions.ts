import { formSubmissionList } from "~/domain/schemas/form-submissions";
import { listFormSubmissions } from "~/services/form-submissions.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/** GET /api/admin/form-submissions?status=&page=&pageSize=: an array, the total in X-Total-Count. */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiPage(await listFormSubmissions(actor, parseQuery(request, formSubmissionList.schema)));
  },
});

export const loader = api.loader;
export const action = api.action;
