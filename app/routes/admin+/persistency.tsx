import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { PersistencyReportView } from "~/components/persistency/persistency-report";
import type { PageHandle } from "~/components/shell/app-shell";
import { FilterSelect } from "~/components/ui/period-filter";
import { requireAdmin } from "~/utils/auth.server";
import { hrefWith } from "~/utils/list";
import { persistencyPageData } from "~/utils/persistency-page.server";

export const handle: PageHandle = {
  title: "Persistency",
  subtitle: "Issued policies still in force at months 3, 6 and 9",
};
export const meta: MetaFunction = () => [{ title: "Persistency | Agency CRM" }];

/**
 * /admin/persistency?period=&startDate=&endDate=&agentId= (issue 26 item 3, docs/decisions/077):
 * of the agency's policies issued in the period (every issue date by default), the share in
 * force at months 3, 6 and 9, in all and by agent, carrier, product and lead source, with its chart
 * and CSV export. An agent chosen narrows every figure to their policies.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  return persistencyPageData(user, new URL(request.url));
}

export default function PersistencyPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <PersistencyReportView
      {...data}
      problem={data.agentError}
      filters={
        <FilterSelect
          id="agentId"
          name="agentId"
          label="Agent"
          value={data.agentId}
          allLabel="All agents"
          options={data.agents.map((agent) => ({ value: agent.id, label: agent.name }))}
        />
      }
      agentHref={(agentId) => hrefWith(here, { agentId })}
    />
  );
}
