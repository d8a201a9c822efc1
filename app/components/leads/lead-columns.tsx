import type { ReactNode } from "react";
import { CancelledAmount } from "~/components/commissions/cancelled-commission";
import { DncBadge } from "~/components/dnc/dnc-badge";
import { BreakableEmail } from "~/components/ui/breakable-email";
import { Badge } from "~/components/ui/card";
import type { Column } from "~/components/ui/data-table";
import { RowLink } from "~/components/ui/row-navigation";
import { COMMISSION_TBD, formatDate, formatDollars, formatPhone, fullName } from "~/domain/format";
import type { AgentLeadRow } from "~/services/lead-reads.server";
import type { IconName } from "./lead-action-icons";

// The columns My Leads and All Leads show alike. Each table composes them with its own Status
// column and its own row actions; only the agent differs between their rows (All Leads' may be none).

/** A listed lead as both tables have it, whoever its agent is. */
type ListedLead = Omit<AgentLeadRow, "agent">;

/**
 * Short texts (a name, "Commission Ready", an amount) wrap at spaces only, never inside a word, in
 * a desktop table. On a phone's card a name longer than the card still breaks, or it ran out of it.
 */
const whole = "sm:[overflow-wrap:normal]";

const NEW_LEAD_BADGE = "bg-red-50 text-red-700 ring-red-600/20";

/**
 * Lead Details: the name (a link to the lead's dialog at `href`) with New Lead when unread and DNC
 * when a phone is on the do-not-call list, the
 * best way to reach them, and where they live with gender and weight. `select` goes before the
 * name (All Leads' checkbox for reassigning several at once).
 */
export function leadDetailsColumn<T extends ListedLead>(
  href: (lead: T) => string,
  select?: (lead: T) => ReactNode,
): Column<T> {
  return {
    header: "Lead Details",
    className: "sm:min-w-52",
    valueClassName: "space-y-0.5",
    cell: (lead) => (
      <>
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {select?.(lead)}
          <RowLink to={href(lead)} className="hover:underline">
            {fullName(lead)}
          </RowLink>
          {lead.isUnread ? <Badge className={NEW_LEAD_BADGE}>New Lead</Badge> : null}
          {lead.dnc ? <DncBadge /> : null}
        </p>
        <p className="text-xs text-slate-600">
          {lead.email ? (
            <BreakableEmail email={lead.email} />
          ) : lead.primaryPhone ? (
            formatPhone(lead.primaryPhone)
          ) : (
            "No contact info"
          )}
        </p>
        <p className="text-xs text-slate-600">{placeLine(lead)}</p>
      </>
    ),
  };
}

/** Where they live, with gender and weight, as one text (one node to render, not four). */
function placeLine(lead: ListedLead) {
  let line = [lead.city, lead.state].filter(Boolean).join(", ") || "No address";
  if (lead.gender) line += ` · ${lead.gender[0]!.toUpperCase()}${lead.gender.slice(1)}`;
  if (lead.weight !== null) line += ` · ${lead.weight} lbs`;
  return line;
}

/** Agent: whose lead it is (All Leads' may be nobody's), and with `sourceOf` the lead source it came from. */
export function agentColumn<T extends ListedLead & { agent: { user: { firstName: string; lastName: string } } | null }>(
  sourceOf?: (lead: T) => string | null,
): Column<T> {
  return {
    header: "Agent",
    valueClassName: sourceOf ? `space-y-0.5 ${whole}` : whole,
    cell: (lead) => {
      const agent = lead.agent ? fullName(lead.agent.user) : "Unassigned";
      const source = sourceOf?.(lead);
      if (!source) return agent;
      return (
        <>
          <p className="text-slate-900">{agent}</p>
          <p className="text-xs text-slate-600">Source: {source}</p>
        </>
      );
    },
  };
}

/** Carrier / Product: the carrier, then the product, or `noProduct`'s line when there is none. */
export function carrierColumn<T extends ListedLead>(noProduct?: (lead: T) => ReactNode): Column<T> {
  return {
    header: "Carrier / Product",
    valueClassName: `space-y-0.5 ${whole}`,
    cell: (lead) => (
      <>
        <p className="text-slate-900">{lead.carrier?.name ?? "No carrier"}</p>
        {lead.productName ? <p className="text-xs text-slate-600">{lead.productName}</p> : (noProduct?.(lead) ?? null)}
      </>
    ),
  };
}

/**
 * Coverage & Premium, Commission (or TBD, with payments paid of total; a cancelled one marked so),
 * and Submitted in `timezone`.
 */
export function figureColumns<T extends ListedLead>(timezone: string): Column<T>[] {
  return [
    {
      header: "Coverage & Premium",
      short: true,
      valueClassName: whole,
      cell: (lead) => (
        <>
          <p className="text-slate-900">{formatDollars(lead.coverageAmount) ?? "—"}</p>
          <p className="text-xs text-slate-600">
            {lead.monthlyPremium !== null ? `${formatDollars(lead.monthlyPremium)}/mo` : "No premium"}
          </p>
        </>
      ),
    },
    {
      header: "Commission",
      short: true,
      valueClassName: whole,
      cell: (lead) => (
        <>
          {/* A cancelled (charged back) commission is no longer owed: struck through, as Premiums shows it. */}
          <p className="font-medium text-slate-900">
            {lead.commissionCancelledAt && lead.calculatedCommission !== null ? (
              <CancelledAmount>{formatDollars(lead.calculatedCommission)}</CancelledAmount>
            ) : (
              (formatDollars(lead.calculatedCommission) ?? COMMISSION_TBD)
            )}
          </p>
          {lead.payments.total > 0 ? (
            <p className="text-xs text-slate-600">{`${lead.payments.paid}/${lead.payments.total} payments`}</p>
          ) : null}
        </>
      ),
    },
    {
      header: "Submitted",
      short: true,
      cell: (lead) => <time dateTime={lead.createdAt}>{formatDate(lead.createdAt, timezone)}</time>,
      className: "sm:whitespace-nowrap",
    },
  ];
}

/** Actions: the row's `actions`, given the lead and its name for their spoken labels; two by two on a wide screen. */
export function actionsColumn<T extends ListedLead>(actions: (lead: T, name: string) => ReactNode): Column<T> {
  return {
    header: "Actions",
    actions: true,
    cell: (lead) => (
      <div className="flex flex-wrap gap-1.5 sm:grid sm:w-max sm:grid-cols-2">{actions(lead, fullName(lead))}</div>
    ),
  };
}

/**
 * A row action's name, icon and word, spread on its link or button (with ROW_ACTION): its icon
 * (drawn by CSS from `data-icon`) and its word (hidden by CSS on a wide screen, where the icon
 * alone shows), named for whose it is ("Edit Jane Doe"). The name is an aria-label, the icon CSS
 * and the word plain text: on each of a page's eighty actions that is one element where a hidden
 * span and an SVG made four.
 */
export const rowAction = (icon: IconName, word: string, spoken: string) => ({
  "aria-label": `${word} ${spoken}`,
  "data-icon": icon,
  children: word,
});
