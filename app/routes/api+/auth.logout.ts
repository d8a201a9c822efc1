import type { ActionFunctionArgs } from "@remix-run/node";
import { endSession } from "~/services/sessions.server";
import { apiJson, handleApi } from "~/utils/api.server";
import { clearSessionCookieHeader, readSessionToken } from "~/utils/session.server";

export const action = ({ request }: ActionFunctionArgs) =>
  handleApi(async () => {
    await endSession(await readSessionToken(request));
    return apiJson({ success: true }, { headers: { "Set-Cookie": await clearSessionCookieHeader() } });
  });
