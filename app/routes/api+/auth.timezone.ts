import { timezoneSchema } from "~/domain/schemas/auth";
import { setTimezone } from "~/services/auth.server";
import { apiJson, apiRoute, parseBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

/** PUT /api/auth/timezone with { timezone }: the updated user (the client then refreshes /api/auth/me). */
const api = apiRoute({
  PUT: async ({ request, context }) => {
    const user = await requireUser({ request, context });
    const { timezone } = await parseBody(request, timezoneSchema);
    return apiJson({ user: await setTimezone(user, timezone) });
  },
});

export const loader = api.loader;
export const action = api.action;
