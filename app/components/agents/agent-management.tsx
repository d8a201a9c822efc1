import { Link } from "@remix-run/react";
import { BreakableEmail } from "~/components/ui/breakable-email";
import { Card, StatCards } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { FilterBar } from "~/components/ui/filter-bar";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { Pagination } from "~/components/ui/pagination";
import { formatDate, formatMoney, formatPhone, fullName } from "~/domain/format";
import { AGENT_TABS, type AgentTab } from "~/domain/agent-options";
import type { ManagedAgentRow } from "~/services/agent-management.server";
import { hrefWith, type Page } from "~/utils/list";
import { AgentStatusBadge } from "./agent-status-badge";
import { AgentActions, agentDialogHref, agentName } from "./agents-table";

// Agents Management's pieces: the Agents / Password Resets tabs, the four cards, and the agents
// table with each agent's performance. The actions and dialogs are Agent Approval's (agents-table,
// agent-dialogs), posted to the same intent handler.

export type ManagementTab = "agents" | "resets";

type AgentCounts = Record<AgentTab, number>;

/** The page's two top-level tabs, as links (?tab=agents|resets), so each is a URL of its own. */
export function ManagementTabs({
  current,
  pendingResets,
  pendingAgents,
}: {
  current: ManagementTab;
  pendingResets: number;
  pendingAgents: number;
}) {
  const tabs = [
    { value: "agents", label: "Agents", to: "/admin/agent-management", waiting: pendingAgents },
    { value: "resets", label: "Password Resets", to: "/admin/agent-management?tab=resets", waiting: pendingResets },
  ] as const;
  return (
    <nav aria-label="Agents Management sections" className="border-b border-slate-200">
      <ul className="-mb-px flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.value}>
            <Link
              to={tab.to}
              aria-current={tab.value === current ? "page" : undefined}
              className="inline-flex min-h-11 items-center gap-2 border-b-2 border-transparent px-4 text-sm font-semibold text-slate-600 hover:text-slate-900 aria-[current=page]:border-brand-600 aria-[current=page]:text-brand-700"
            >
              {tab.label}
              {tab.waiting > 0 ? (
                <span className="rounded-full bg-red-600 px-2 text-xs text-white">
                  {tab.waiting}
                  <span className="sr-only"> waiting</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Pending Approval, Active Agents (approved only, part 1 section 4), Paused and Rejected. */
export function ManagementCards({ counts }: { counts: AgentCounts }) {
  return (
    <StatCards
      items={[
        { label: "Pending Approval", value: counts.pending, caption: "Waiting for a decision" },
        { label: "Active Agents", value: counts.approved, caption: "Approved and taking leads" },
        { label: "Paused", value: counts.paused, caption: "Signed out, no new leads" },
        { label: "Rejected", value: counts.rejected, caption: "Registrations turned down" },
      ]}
    />
  );
}

const SUB_TAB_LABELS: Record<AgentTab, string> = {
  all: "All",
  pending: "Pending Approval",
  approved: "Approved",
  paused: "Paused",
  rejected: "Rejected",
};

/** The agents card: the status sub-tabs (?status=), the search, one page of agents and the pager. */
export function ManagedAgents({
  list,
  counts,
  status,
  search,
  here,
  timezone,
}: {
  list: Page<ManagedAgentRow>;
  counts: AgentCounts;
  status: AgentTab;
  search: string;
  here: string;
  timezone: string;
}) {
  const tabs = AGENT_TABS.map((value) => ({ value, label: SUB_TAB_LABELS[value], count: counts[value] }));
  return (
    <Card className="overflow-hidden">
      <div className="space-y-3 border-b border-slate-200 px-4 py-3">
        <h2 className="font-semibold text-slate-900">Agents</h2>
        <FilterTabs label="Filter agents by status" tabs={tabs} current={status} />
        <FilterBar search={search} searchLabel="Search agents" placeholder="Name, email or license" keep={["status"]} />
      </div>
      <DataTable
        caption="Agents"
        columns={managedAgentColumns({ here, timezone, withActions: status !== "rejected" })}
        rows={list.rows}
        rowKey={(agent) => agent.id}
        rowProps={(agent) => ({ "data-agent-email": agent.user.email })}
        empty={emptyAgentsText(search)}
        dense
      />
      <div className="px-4 py-3 empty:hidden">
        <Pagination page={list} label="Agent pages" />
      </div>
    </Card>
  );
}

/**
 * The spec's empty text for a category; a search that finds nobody says so instead.
 * @internal Exported for its unit test.
 */
export function emptyAgentsText(search: string) {
  return search ? "No agents match your search." : "No agents found in this category.";
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * "TX, FL, GA +2 more": the first licensed states and how many more there are.
 * @internal Exported for its unit test.
 */
export function statesSummary(states: ManagedAgentRow["states"]) {
  if (states.shown.length === 0) return "No licensed states";
  return `${states.shown.join(", ")}${states.more > 0 ? ` +${states.more} more` : ""}`;
}

function managedAgentColumns({
  here,
  timezone,
  withActions,
}: {
  here: string;
  timezone: string;
  withActions: boolean;
}): Column<ManagedAgentRow>[] {
  const columns: Column<ManagedAgentRow>[] = [
    {
      header: "Agent Details",
      className: "sm:min-w-52",
      cell: (agent) => (
        <div className="sm:max-w-56">
          <Link
            to={agentDialogHref(here, "profile", agent)}
            preventScrollReset
            className="font-medium text-brand-700 hover:underline"
            aria-label={`View profile of ${agentName(agent)}`}
          >
            {agentName(agent)}
          </Link>
          <p className="text-slate-600">
            <BreakableEmail email={agent.user.email} />
          </p>
          <p className="text-slate-500">{formatPhone(agent.user.phone)}</p>
          {agent.assignedBdm ? <p className="text-xs text-slate-500">BDM {fullName(agent.assignedBdm)}</p> : null}
        </div>
      ),
    },
    {
      header: "License",
      cell: (agent) => (
        <>
          <p className="sm:whitespace-nowrap">{agent.licenseNumber}</p>
          <p className="text-xs text-slate-500" title="Licensed states">
            {statesSummary(agent.states)}
          </p>
        </>
      ),
    },
    {
      header: "Status",
      className: "sm:whitespace-nowrap",
      cell: (agent) => <AgentStatusBadge status={agent.status} />,
    },
    {
      header: "Call Quota",
      className: "tabular-nums sm:whitespace-nowrap",
      cell: (agent) => `${agent.callsLeft} / ${agent.callQuota}`,
    },
    {
      header: "Performance",
      className: "tabular-nums sm:whitespace-nowrap",
      cell: (agent) => (
        <>
          <p>
            {counted(agent.performance.leads, "lead")} · {counted(agent.performance.sales, "sale")}
          </p>
          <p className="text-xs text-slate-500">{agent.conversion.toFixed(1)}% conversion</p>
          <p className="text-xs text-slate-500">{formatMoney(agent.performance.commissionCents)} commission</p>
        </>
      ),
    },
    {
      header: "Setup",
      className: "sm:whitespace-nowrap",
      cell: (agent) => (agent.setupComplete ? "Complete" : "Pending"),
    },
    { header: "Registered", className: "sm:whitespace-nowrap", cell: (agent) => formatDate(agent.createdAt, timezone) },
  ];
  // The spec's Rejected tab has no actions; the agent's profile stays one click away (the name).
  if (withActions)
    columns.push({ header: "Actions", actions: true, cell: (agent) => <AgentActions agent={agent} here={here} /> });
  return columns;
}

/** Where the agents tab's filters lead back to, without the open dialog. */
export function withoutDialog(here: string) {
  return hrefWith(here, { dialog: null, agent: null });
}
