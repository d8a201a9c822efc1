import { jobListApiQuery } from "~/domain/schemas/jobs";
import { listJobs } from "~/services/jobs.server";
import { apiPage, apiRoute, parseQuery } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/jobs?state=&page=&pageSize=: the background jobs newest first, as an array of
 * { id, name, state, attempts, lastError, createdAt, startedAt, finishedAt }, the total in
 * X-Total-Count. `state` is all (the default), failed, active, created, retry or completed; a bad
 * value is a 400 at its field; an agent is refused (403).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiPage(await listJobs(actor, parseQuery(request, jobListApiQuery)));
  },
});

export const loader = api.loader;
export const action = api.action;
