import { retryFailedJob } from "~/services/jobs.server";
import { apiJson, apiRoute } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * POST /api/admin/jobs/{id}/retry: runs a failed job again (one more attempt) and answers
 * { message, job }. An unknown or malformed id is a 404, a job that is not failed a 409.
 */
const api = apiRoute({
  POST: async ({ request, params, context }) => {
    const actor = await requireAdmin({ request, context });
    const job = await retryFailedJob(actor, params.id ?? "");
    return apiJson({ message: "Job queued to run again", job });
  },
});

export const loader = api.loader;
export const action = api.action;
