import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endSession } from "~/services/sessions.server";
import { clearSessionCookieHeader, readSessionToken } from "~/utils/session.server";

export async function loader() {
  return redirect("/login");
}

export async function action({ request }: ActionFunctionArgs) {
  await endSession(await readSessionToken(request));
  return redirect("/login", { headers: { "Set-Cookie": await clearSessionCookieHeader() } });
}
