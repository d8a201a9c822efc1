import { dncList } from "~/domain/dnc";
import { addDncNumber, listDncNumbers } from "~/services/dnc.server";
import { apiJson, apiPage, apiRoute, parseQuery, readBody } from "~/utils/api.server";
import { requireAdmin } from "~/utils/auth.server";

/**
 * GET /api/admin/dnc (?search=&page=&pageSize=): the do-not-call list newest first, or the numbers a
 * search finds (a whole number, or the first digits of numbers), with X-Total-Count.
 * POST /api/admin/dnc { phone, reason }: lists a number; 201 with the entry when added, 200 with
 * `alreadyListed: true` and the entry as it was when the number was listed before. Bad input is a
 * 400 with fieldErrors (decision 069).
 */
const api = apiRoute({
  GET: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    return apiPage(await listDncNumbers(actor, parseQuery(request, dncList.schema)));
  },
  POST: async ({ request, context }) => {
    const actor = await requireAdmin({ request, context });
    const { entry, created } = await addDncNumber(actor, await readBody(request));
    return apiJson({ ...entry, alreadyListed: !created }, { status: created ? 201 : 200 });
  },
});

export const loader = api.loader;
export const action = api.action;
