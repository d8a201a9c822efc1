import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import {
  AgentFilter,
  AgentLedgerTable,
  PremiumCards,
  PremiumTable,
  PremiumsFetchError,
} from "~/components/premiums/premium-panels";
import { ExposureBreakdownPanel } from "~/components/exposure/exposure-panels";
import { PortalErrorPanel } from "~/components/shell/portal-error";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { PeriodFilter } from "~/components/ui/period-filter";
import { periodFromSearch } from "~/domain/period-range";
import { periodCaption } from "~/domain/format";
import { premiumQueryFromSearch } from "~/domain/schemas/premiums";
import { agentFilterChoices } from "~/services/agents.server";
import { agencyExposure } from "~/services/exposure.server";
import { listAgentLedgers, listPremiums, premiumFigures } from "~/services/premiums.server";
import { requireAdmin } from "~/utils/auth.server";
import { hrefWith, pageCount } from "~/utils/list";
import { dialogOpen, useRefreshedLoaderData } from "~/utils/polling";

export const handle: PageHandle = { title: "Premiums Management", subtitle: "Premiums and commissions across agents" };
export const meta: MetaFunction = () => [{ title: "Premiums Management | Agency CRM" }];

/** Agents per page of the ledger table; it pages on its own (?ledgerPage=). */
const LEDGER_PAGE_SIZE = 10;

function ledgerPageFrom(search: URLSearchParams) {
  const page = Number(search.get("ledgerPage"));
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  // The admin's default period is today (part 1, section 9), in their own time zone; a custom
  // range that cannot be shown comes back as typed, with the reason, as on every period selector.
  const selection = periodFromSearch(url.searchParams, "today");
  const { period, startDate, endDate } = selection;
  const query = { ...premiumQueryFromSearch(url.searchParams), period, startDate, endDate };
  const [list, figures, ledgers, agents] = await Promise.all([
    listPremiums(user, query),
    premiumFigures(user, query),
    listAgentLedgers(user, { ...query, page: ledgerPageFrom(url.searchParams), pageSize: LEDGER_PAGE_SIZE }),
    agentFilterChoices(user, { approvedOnly: true }),
  ]);
  // Now, whatever the period; the agent's alone when one is chosen (a known agent: listPremiums checked).
  const exposure = await agencyExposure(user, { agentId: query.agentId });
  // A page past the end (sales moved out of the period meanwhile) shows the last one instead.
  if (list.rows.length === 0 && query.page > 1 && list.total > 0)
    throw redirect(hrefWith(url, { page: pageCount(list) }));
  if (ledgers.rows.length === 0 && ledgers.page > 1 && ledgers.total > 0) {
    throw redirect(hrefWith(url, { ledgerPage: pageCount(ledgers) }));
  }
  // An agent no longer approved is still a choice while their sales are shown.
  const chosen = query.agentId && !agents.some((a) => a.id === query.agentId) ? list.rows[0]?.agentName : null;
  return {
    list,
    figures,
    exposure,
    ledgers,
    agents: chosen ? [...agents, { id: query.agentId!, name: chosen }] : agents,
    agentId: query.agentId ?? "",
    selection,
    timezone: user.timezone,
  };
}

export default function PremiumsPage() {
  const { list, figures, exposure, ledgers, agents, agentId, selection, timezone } = useRefreshedLoaderData<
    typeof loader
  >(60_000, { pauseWhile: dialogOpen });
  const caption = periodCaption(selection);
  return (
    <div className="space-y-5">
      {/* One GET form for the agent and the period: Apply keeps both, with or without JavaScript. */}
      <PeriodFilter selection={selection}>
        <AgentFilter agents={agents} agentId={agentId} />
      </PeriodFilter>
      <PremiumCards figures={figures} exposure={exposure} periodCaption={caption} />
      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 p-4">
          <h2 className="font-semibold text-slate-900">Premiums</h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            Sales found: {list.total}
          </p>
        </div>
        <PremiumTable rows={list.rows} timezone={timezone} />
      </Card>
      <Pagination page={list} label="Premium pages" />
      <AgentLedgerTable rows={ledgers.rows} periodCaption={caption} />
      <Pagination page={ledgers} label="Agent ledger pages" param="ledgerPage" />
      <ExposureBreakdownPanel exposure={exposure} scope={agentId ? "this agent's policies" : undefined} />
    </div>
  );
}

/** A refusal (an agent id that names no agent) says why; a failed read is the spec's message, in the shell. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500) return <PortalErrorPanel home="/admin/dashboard" />;
  return <PremiumsFetchError />;
}
