import { Form, Link } from "@remix-run/react";
import { BreakableEmail } from "~/components/ui/breakable-email";
import { Card, StatCards } from "~/components/ui/card";
import { HiddenFields } from "~/components/ui/confirm-dialog";
import { DataTable, type Column } from "~/components/ui/data-table";
import { FilterBar } from "~/components/ui/filter-bar";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { Pagination } from "~/components/ui/pagination";
import { formatDate, formatPhone, fullName } from "~/domain/format";
import { AGENT_TABS, type AgentDialogName, type AgentTab } from "~/domain/agent-options";
import { agentStatusStyle } from "~/domain/statuses";
import type { AgentRow } from "~/services/agents.server";
import { hrefWith, type Page } from "~/utils/list";
import { useIsPending } from "~/utils/pending";
import { AgentStatusBadge } from "./agent-status-badge";

export function agentName(agent: Pick<AgentRow, "user">) {
  return fullName(agent.user);
}

/** The page's URL with one agent's dialog open; the page and filters stay as they are. */
export function agentDialogHref(here: string, dialog: AgentDialogName | "profile", agent: Pick<AgentRow, "id">) {
  return hrefWith(here, { dialog, agent: agent.id });
}

// Row actions are smaller than the page's buttons so eight columns fit at 1280 px; on a phone
// (the stacked card) they grow to a comfortable touch size.
const rowButton =
  "inline-flex min-h-10 items-center justify-center rounded-md px-3 text-xs font-semibold whitespace-nowrap disabled:opacity-60 sm:min-h-8 sm:px-2.5";
const secondaryRowButton = `${rowButton} bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50`;
const rowLink =
  "inline-flex min-h-10 items-center text-xs leading-snug font-medium text-brand-700 hover:underline sm:min-h-0 sm:py-0.5";

/** Pause an approved agent or activate a paused one: a plain form posting to this page. */
function StatusButton({ agent }: { agent: AgentRow }) {
  const intent = agent.status === "approved" ? "pause" : "activate";
  const pending = useIsPending({ intent, fields: { agentId: agent.id } });
  const name = agentName(agent);
  return (
    <Form method="post" preventScrollReset>
      <HiddenFields fields={{ agentId: agent.id }} />
      <button
        type="submit"
        name="intent"
        value={intent}
        disabled={pending}
        aria-label={`${intent === "pause" ? "Pause" : "Activate"} ${name}`}
        className={intent === "pause" ? secondaryRowButton : `${rowButton} bg-green-700 text-white hover:bg-green-800`}
      >
        {intent === "pause" ? (pending ? "Pausing..." : "Pause") : pending ? "Activating..." : "Activate"}
      </button>
    </Form>
  );
}

/**
 * What an admin can do with one agent now; each dialog is a link, so it works without JavaScript.
 * Agent Approval and Agents Management show the same actions.
 */
export function AgentActions({ agent, here }: { agent: AgentRow; here: string }) {
  const name = agentName(agent);
  const manageable = agent.status === "approved" || agent.status === "paused";
  const dialogLink = (dialog: AgentDialogName, label: string, accessibleName: string) => (
    <Link to={agentDialogHref(here, dialog, agent)} preventScrollReset className={rowLink} aria-label={accessibleName}>
      {label}
    </Link>
  );
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 sm:w-32 sm:flex-col sm:items-start sm:gap-1">
      <div className="flex flex-wrap gap-2 sm:gap-1.5">
        {agent.status === "pending" || agent.status === "rejected" ? (
          <Link
            to={agentDialogHref(here, "approve", agent)}
            preventScrollReset
            className={secondaryRowButton}
            aria-label={`Approve ${name}`}
          >
            Approve
          </Link>
        ) : null}
        {agent.status === "pending" ? (
          <Link
            to={agentDialogHref(here, "reject", agent)}
            preventScrollReset
            className={secondaryRowButton}
            aria-label={`Reject ${name}`}
          >
            Reject
          </Link>
        ) : null}
        {manageable ? <StatusButton agent={agent} /> : null}
      </div>
      {manageable ? (
        <>
          {dialogLink("assign-bdm", "Assign BDM", `Assign BDM to ${name}`)}
          {dialogLink("add-calls", "Add Calls", `Add calls for ${name}`)}
          {dialogLink("generate-password", "Generate Temporary Password", `Generate temporary password for ${name}`)}
        </>
      ) : null}
      {agent.hasTemporaryPassword
        ? dialogLink("view-password", "View temporary password", `View temporary password of ${name}`)
        : null}
    </div>
  );
}

type AgentCounts = Record<AgentTab, number>;

export function AgentStatCards({ counts }: { counts: AgentCounts }) {
  return (
    <StatCards
      items={[
        { label: "Pending", value: counts.pending, caption: "Waiting for a decision" },
        {
          label: "Approved",
          value: counts.approved,
          caption: `Active agents${counts.paused ? `; ${counts.paused} paused` : ""}`,
        },
        { label: "Rejected", value: counts.rejected, caption: "Registrations turned down" },
      ]}
    />
  );
}

/** The All Agents card: status tabs (?tab=), the search, one page of agents and the pager. */
export function AllAgents({
  list,
  counts,
  tab,
  search,
  here,
  timezone,
}: {
  list: Page<AgentRow>;
  counts: AgentCounts;
  tab: AgentTab;
  search: string;
  here: string;
  timezone: string;
}) {
  const tabs = AGENT_TABS.map((value) => ({
    value,
    label: value === "all" ? "All" : agentStatusStyle(value).label,
    count: counts[value],
  }));
  return (
    <Card className="overflow-hidden">
      <div className="space-y-3 border-b border-slate-200 px-4 py-3">
        <h2 className="font-semibold text-slate-900">All Agents</h2>
        <FilterTabs label="Filter agents by status" param="tab" current={tab} tabs={tabs} />
        <FilterBar search={search} searchLabel="Search agents" placeholder="Name, email or license" keep={["tab"]} />
      </div>
      <AgentsTable
        agents={list.rows}
        here={here}
        timezone={timezone}
        empty={search ? "No agents match your search." : "No agents found in this category."}
      />
      <div className="px-4 py-3 empty:hidden">
        <Pagination page={list} label="Agent pages" />
      </div>
    </Card>
  );
}

/** Every agent of the chosen tab: a table on a desktop, one card per agent on a phone. */
function AgentsTable({
  agents,
  here,
  timezone,
  empty,
}: {
  agents: AgentRow[];
  here: string;
  timezone: string;
  empty: string;
}) {
  const columns: Column<AgentRow>[] = [
    {
      header: "Agent Details",
      className: "sm:min-w-56",
      // Capped, so a very long email wraps here instead of squeezing the other columns.
      cell: (agent) => (
        <div className="sm:max-w-56">
          <p className="font-medium text-slate-900">{agentName(agent)}</p>
          <p className="text-slate-600">
            <BreakableEmail email={agent.user.email} />
          </p>
          <p className="text-slate-500">{formatPhone(agent.user.phone)}</p>
          {agent.companyName ? <p className="text-xs text-slate-500">{agent.companyName}</p> : null}
        </div>
      ),
    },
    { header: "License", className: "sm:whitespace-nowrap", cell: (agent) => agent.licenseNumber },
    {
      header: "Status",
      className: "sm:whitespace-nowrap",
      cell: (agent) => <AgentStatusBadge status={agent.status} />,
    },
    {
      header: "Call Quota",
      className: "tabular-nums sm:whitespace-nowrap",
      cell: (agent) => (
        <>
          {agent.callsLeft} / {agent.callQuota}
          <p className="text-xs text-slate-500">{agent.conversion.toFixed(1)}% sold</p>
        </>
      ),
    },
    {
      header: "BDM",
      // On a desktop names wrap between words, never inside one ("Whitfie / ld").
      cell: (agent) => (
        <span className="sm:[overflow-wrap:normal]">{agent.assignedBdm ? fullName(agent.assignedBdm) : "None"}</span>
      ),
    },
    {
      header: "Setup",
      className: "sm:whitespace-nowrap",
      cell: (agent) => (agent.setupComplete ? "Complete" : "Pending"),
    },
    { header: "Registered", className: "sm:whitespace-nowrap", cell: (agent) => formatDate(agent.createdAt, timezone) },
    { header: "Actions", actions: true, cell: (agent) => <AgentActions agent={agent} here={here} /> },
  ];
  return (
    <DataTable caption="All Agents" columns={columns} rows={agents} rowKey={(agent) => agent.id} empty={empty} dense />
  );
}
