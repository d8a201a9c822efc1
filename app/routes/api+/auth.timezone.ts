import type { ActionFunctionArgs } from "@remix-run/node";
import { timezoneSchema } from "~/domain/schemas/auth";
import { setTimezone } from "~/services/auth.server";
import { apiJson, handleApi, parseBody } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    const user = await requireUser(request);
    const { timezone } = await parseBody(request, timezoneSchema);
    return apiJson({ user: await setTimezone(user, timezone) });
  });
