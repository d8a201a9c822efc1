import { Link } from "@remix-run/react";
import { BreakableEmail } from "~/components/ui/breakable-email";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatDate, formatPhone } from "~/domain/format";
import type { AgentRow } from "~/services/agents.server";
import { hrefWith, type Page } from "~/utils/list";
import { agentDialogHref, agentName } from "./agents-table";

/**
 * The newest registrations waiting for a decision, each with Approve and Reject. Only the first
 * few are shown here; the Pending tab of the table below has them all.
 */
export function PendingApprovals({
  pending,
  here,
  timezone,
}: {
  pending: Page<AgentRow>;
  here: string;
  timezone: string;
}) {
  const more = pending.total > pending.rows.length;
  return (
    <Card>
      <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="font-semibold text-slate-900">Pending Approval</h2>
        {more ? (
          <Link
            to={hrefWith(here, { tab: "pending", search: null, dialog: null, agent: null })}
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            View all {pending.total} pending
          </Link>
        ) : null}
      </div>
      {pending.rows.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-slate-600">No agents are waiting for approval.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Agents waiting for approval">
          {pending.rows.map((agent) => (
            <li key={agent.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 text-sm [overflow-wrap:anywhere]">
                <p className="font-medium text-slate-900">{agentName(agent)}</p>
                <p className="text-slate-600">
                  <BreakableEmail email={agent.user.email} />
                </p>
                <p className="text-slate-500">
                  {formatPhone(agent.user.phone) || "No phone"} · License {agent.licenseNumber} · Registered{" "}
                  {formatDate(agent.createdAt, timezone)}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <ButtonLink
                  to={agentDialogHref(here, "approve", agent)}
                  preventScrollReset
                  aria-label={`Approve ${agentName(agent)}`}
                >
                  Approve
                </ButtonLink>
                <ButtonLink
                  to={agentDialogHref(here, "reject", agent)}
                  variant="secondary"
                  preventScrollReset
                  aria-label={`Reject ${agentName(agent)}`}
                >
                  Reject
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
