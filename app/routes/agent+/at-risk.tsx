import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { AtRiskFigures } from "~/components/at-risk/at-risk-figures";
import { AtRiskTable } from "~/components/at-risk/at-risk-table";
import type { PageHandle } from "~/components/shell/app-shell";
import { atRiskQueryFromSearch } from "~/domain/schemas/at-risk";
import { listAgentAtRisk } from "~/services/at-risk.server";
import { AT_RISK_INTENT_FAILURES, markPaidIntent } from "~/utils/at-risk-intents.server";
import { requireAgent } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { redirectPastLastPage } from "~/utils/list.server";

export const handle: PageHandle = {
  title: "At Risk",
  subtitle: "Missed payments and lapse notices, largest exposure first",
};
export const meta: MetaFunction = () => [{ title: "At Risk | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent({ request, context });
  const url = new URL(request.url);
  const { page, pageSize } = atRiskQueryFromSearch(url.searchParams);
  const queue = await listAgentAtRisk(user, { page, pageSize });
  // A page past the end (its last policy just paid) shows the last one instead.
  redirectPastLastPage(url, queue);
  return { queue };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent({ request, context });
  const back = hrefWith(new URL(request.url), {});
  return runIntent(request, { back, failures: AT_RISK_INTENT_FAILURES, intents: { paid: markPaidIntent(user, back) } });
}

export default function AgentAtRiskPage() {
  const { queue } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="space-y-5">
      <AtRiskFigures queue={queue} />
      <AtRiskTable queue={queue} here={location.pathname + location.search} showAgent={false} />
    </div>
  );
}
