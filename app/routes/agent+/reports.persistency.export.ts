import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireAgent } from "~/utils/auth.server";
import { persistencyCsvResponse } from "~/utils/persistency-export.server";

/** The Persistency tab of the agent's reports with the export's query. */
function backToTab(request: Request) {
  const params = new URL(request.url).searchParams;
  params.set("tab", "persistency");
  return `/agent/reports?${params.toString()}`;
}

/**
 * POST /agent/reports/persistency/export?period=&startDate=&endDate=: the agent's own persistency
 * as a CSV file (a plain form post, recorded in the activity log: a GET never writes, decision 046).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent({ request, context });
  return persistencyCsvResponse(user, request, backToTab(request));
}

/** A GET exports nothing and writes nothing: it lands on the Persistency tab with the same choice. */
export function loader({ request }: LoaderFunctionArgs) {
  return redirect(backToTab(request));
}
