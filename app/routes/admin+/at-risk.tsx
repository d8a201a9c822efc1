import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { AtRiskFigures } from "~/components/at-risk/at-risk-figures";
import { AgentFilterForm } from "~/components/ui/agent-filter-form";
import { AtRiskTable } from "~/components/at-risk/at-risk-table";
import type { PageHandle } from "~/components/shell/app-shell";
import { atRiskQueryFromSearch } from "~/domain/schemas/at-risk";
import { agentFilterChoices } from "~/services/agents.server";
import { listAdminAtRisk } from "~/services/at-risk.server";
import { AT_RISK_INTENT_FAILURES, markPaidIntent } from "~/utils/at-risk-intents.server";
import { requireAdmin } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { redirectPastLastPage } from "~/utils/list.server";

export const handle: PageHandle = {
  title: "At Risk",
  subtitle: "Every agent's missed payments and lapse notices",
};
export const meta: MetaFunction = () => [{ title: "At Risk | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = atRiskQueryFromSearch(url.searchParams);
  // An agent id that names no agent throws the service's 404 (the layout's boundary).
  const [queue, agents] = await Promise.all([listAdminAtRisk(user, query), agentFilterChoices(user)]);
  redirectPastLastPage(url, queue);
  return { queue, agents, agentId: query.agentId ?? "" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const back = hrefWith(new URL(request.url), {});
  return runIntent(request, { back, failures: AT_RISK_INTENT_FAILURES, intents: { paid: markPaidIntent(user, back) } });
}

export default function AdminAtRiskPage() {
  const { queue, agents, agentId } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <div className="space-y-5">
      <AgentFilterForm agents={agents} agentId={agentId} />
      <AtRiskFigures queue={queue} />
      <AtRiskTable queue={queue} here={location.pathname + location.search} showAgent />
    </div>
  );
}
