import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAdmin } from "~/utils/auth.server";
import { persistencyCsvResponse } from "~/utils/persistency-export.server";

/**
 * POST /admin/persistency/export?period=&startDate=&endDate=&agentId=: the persistency report as a
 * CSV file (Export CSV, a plain form post, so it works without JavaScript). A post, because the
 * export writes `report_exported` in the activity log: a GET never writes (decision 046).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  return persistencyCsvResponse(user, request, `/admin/persistency${new URL(request.url).search}`);
}

/** A GET exports nothing and writes nothing: it lands on the report with the same choice, where Export CSV posts. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/admin/persistency${new URL(request.url).search}`);
}
