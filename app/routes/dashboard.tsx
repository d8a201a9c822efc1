import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { dashboardPathFor, requireUser } from "~/utils/auth.server";

/** /dashboard sends a signed-in user to their role's dashboard. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser({ request, context });
  return redirect(dashboardPathFor(user));
}
