import { Link } from "@remix-run/react";
import { DncBadge } from "~/components/dnc/dnc-badge";
import { CallNowForm } from "~/components/calls/call-now";
import { LeadStatusBadge } from "~/components/leads/status-badge";
import { Badge, Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import type { CallbackPriority } from "~/domain/callbacks";
import { formatDate, formatDateTime, formatDollars, formatPhone, fullName } from "~/domain/format";
import type { AgentCallback } from "~/services/callbacks.server";
import { hrefWith, type Page } from "~/utils/list";

const PRIORITY: Record<CallbackPriority, { label: string; className: string }> = {
  overdue: { label: "Overdue", className: "bg-red-100 text-red-800 ring-red-600/20" },
  today: { label: "Today", className: "bg-orange-100 text-orange-800 ring-orange-600/20" },
  soon: { label: "Soon", className: "bg-yellow-100 text-yellow-800 ring-yellow-600/20" },
  upcoming: { label: "Upcoming", className: "bg-blue-100 text-blue-800 ring-blue-600/20" },
  low: { label: "Low", className: "bg-gray-100 text-gray-700 ring-gray-500/20" },
};

/** "in 2 days", "3 days ago", "today": how far the callback is, in the agent's calendar days. */
function whenFromToday(days: number | null) {
  if (days === null) return "No date set";
  if (days === 0) return "Today";
  if (days === 1) return "Tomorrow";
  if (days === -1) return "Yesterday";
  return days > 0 ? `In ${days} days` : `${-days} days ago`;
}

/** Short texts (a name, an amount) wrap at spaces only, never inside a word. */
const whole = "[overflow-wrap:normal]";
const action = "row-action";

/** The .ics file of a callback ("Add to calendar"). */
const callbackCalendarHref = (id: string) => `/agent/callbacks/${id}/event.ics`;

/**
 * One of the Callbacks page's tables (part 2: lead details, contact info, policy, callback date,
 * priority, actions) with its own pager (`pageParam` in the URL). Actions: Call Now (a post to the call check),
 * Reschedule and Set Disposition (URL-addressed dialogs), and Add to calendar (an .ics file).
 * Below 640 px each row is a card (DataTable).
 */
export function CallbackTable({
  title,
  subtitle,
  callbacks,
  pageParam,
  here,
  timezone,
  highlighted = false,
}: {
  title: string;
  subtitle?: string;
  callbacks: Page<AgentCallback>;
  pageParam: string;
  here: string;
  timezone: string;
  /** The Overdue table stands out: Immediate Action Required. */
  highlighted?: boolean;
}) {
  const open = (dialog: string, id: string) => hrefWith(here, { dialog, id });
  const columns: Column<AgentCallback>[] = [
    {
      header: "Lead Details",
      className: "sm:min-w-44",
      cell: (lead) => (
        <div className="space-y-0.5">
          <p className="font-medium text-slate-900">
            <Link to={`/applications/${lead.id}`} className="[overflow-wrap:anywhere] hover:underline">
              {fullName(lead)}
            </Link>
            {lead.dnc ? (
              <>
                {" "}
                <DncBadge />
              </>
            ) : null}
          </p>
          <p className="text-xs text-slate-600">{[lead.city, lead.state].filter(Boolean).join(", ") || "No address"}</p>
          <p className="text-xs text-slate-600">Added {formatDate(lead.createdAt, timezone)}</p>
        </div>
      ),
    },
    {
      header: "Contact Info",
      cell: (lead) => (
        <div className="space-y-0.5">
          <p className="whitespace-nowrap text-slate-900">{lead.phone ? formatPhone(lead.phone) : "No phone"}</p>
          <p className="text-xs [overflow-wrap:anywhere] text-slate-600">{lead.email ?? "No email"}</p>
        </div>
      ),
    },
    {
      header: "Policy",
      cell: (lead) => (
        <div className={`space-y-0.5 ${whole}`}>
          <p className="[overflow-wrap:anywhere] text-slate-900">{lead.carrier?.name ?? "No carrier"}</p>
          <p className="text-xs text-slate-600">
            {lead.coverageAmount !== null ? `${formatDollars(lead.coverageAmount)} coverage` : "No coverage"}
          </p>
          <p className="text-xs text-slate-600">
            {lead.monthlyPremium !== null ? `${formatDollars(lead.monthlyPremium)}/mo` : "No premium"}
          </p>
        </div>
      ),
    },
    {
      header: "Callback Date",
      className: "sm:whitespace-nowrap",
      cell: (lead) => (
        <div className="space-y-1">
          {lead.callbackDate ? (
            <time dateTime={lead.callbackDate} className="block text-slate-900">
              {formatDateTime(lead.callbackDate, timezone)}
            </time>
          ) : null}
          <p className="text-xs text-slate-600">{whenFromToday(lead.daysUntil)}</p>
          <LeadStatusBadge status={lead.status} />
        </div>
      ),
    },
    {
      header: "Priority",
      cell: (lead) => <Badge className={PRIORITY[lead.priority].className}>{PRIORITY[lead.priority].label}</Badge>,
    },
    {
      header: "Actions",
      actions: true,
      cell: (lead) => {
        const name = fullName(lead);
        const spoken = (text: string) => <span className="sr-only"> {text}</span>;
        return (
          <div className="flex flex-wrap gap-1.5 lg:grid lg:w-max lg:grid-cols-2">
            {lead.phone ? (
              <CallNowForm leadId={lead.id} className={action} title={`Call ${formatPhone(lead.phone)}`}>
                Call Now{spoken(name)}
              </CallNowForm>
            ) : null}
            <Link to={open("reschedule", lead.id)} preventScrollReset className={action}>
              Reschedule{spoken(`the callback with ${name}`)}
            </Link>
            <Link to={open("disposition", lead.id)} preventScrollReset className={action}>
              Disposition{spoken(`of ${name}`)}
            </Link>
            {lead.callbackDate ? (
              <a href={callbackCalendarHref(lead.id)} download className={action}>
                Add to calendar{spoken(`(callback with ${name})`)}
              </a>
            ) : null}
          </div>
        );
      },
    },
  ];
  const headingId = `${pageParam}-heading`;
  return (
    <Card className={`overflow-hidden ${highlighted && callbacks.total > 0 ? "ring-2 ring-red-300" : ""}`}>
      <div
        className={`flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b px-4 py-3 ${
          highlighted && callbacks.total > 0 ? "border-red-200 bg-red-50" : "border-slate-200"
        }`}
      >
        <h2 id={headingId} className="font-semibold text-slate-900">
          {title} ({callbacks.total})
        </h2>
        {subtitle ? (
          <p
            className={`text-sm font-medium ${highlighted && callbacks.total > 0 ? "text-red-700" : "text-slate-600"}`}
          >
            {subtitle}
          </p>
        ) : null}
      </div>
      <DataTable
        caption={title}
        columns={columns}
        rows={callbacks.rows}
        rowKey={(lead) => lead.id}
        empty="No callbacks scheduled for this category."
        dense
        rowProps={(lead) => ({ id: `callback-${lead.id}` })}
      />
      {callbacks.total > callbacks.pageSize ? (
        <div className="border-t border-slate-200 px-4 py-3">
          <Pagination page={callbacks} label={`${title} pages`} param={pageParam} />
        </div>
      ) : null}
    </Card>
  );
}
