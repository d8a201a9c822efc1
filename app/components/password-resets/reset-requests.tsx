import { Form } from "@remix-run/react";
import { Badge, Card } from "~/components/ui/card";
import { HiddenFields } from "~/components/ui/confirm-dialog";
import { DataTable, type Column } from "~/components/ui/data-table";
import { Pagination } from "~/components/ui/pagination";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDateTime } from "~/domain/format";
import type { ResetRequestView } from "~/services/password-resets.server";
import type { Page } from "~/utils/list";

const STATUS_STYLE: Record<ResetRequestView["status"], { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-yellow-50 text-yellow-800 ring-yellow-600/30" },
  approved: { label: "Approved", className: "bg-blue-50 text-blue-700 ring-blue-600/30" },
  denied: { label: "Denied", className: "bg-red-50 text-red-700 ring-red-600/30" },
  completed: { label: "Completed", className: "bg-green-50 text-green-700 ring-green-600/30" },
  expired: { label: "Expired", className: "bg-slate-100 text-slate-700 ring-slate-500/30" },
};

function ResetStatusBadge({ status }: { status: ResetRequestView["status"] }) {
  const style = STATUS_STYLE[status];
  return <Badge className={style.className}>{style.label}</Badge>;
}

/** What happened last to a request, for the history table. */
function outcome(row: ResetRequestView, timezone: string) {
  if (row.completedAt) return `Completed ${formatDateTime(row.completedAt, timezone)}`;
  if (row.deniedAt) return `Denied ${formatDateTime(row.deniedAt, timezone)}`;
  if (row.status === "expired" && row.approvedAt) return `Link expired ${formatDateTime(row.expiresAt, timezone)}`;
  if (row.status === "expired") return `Not reviewed; expired ${formatDateTime(row.expiresAt, timezone)}`;
  if (row.approvedAt)
    return `Approved ${formatDateTime(row.approvedAt, timezone)}; link valid until ${formatDateTime(row.expiresAt, timezone)}`;
  return "";
}

function userColumn(): Column<ResetRequestView> {
  return {
    header: "User",
    cell: (row) => (
      <>
        <p className="font-medium text-slate-900">{row.userName}</p>
        <p className="text-xs text-slate-600">{row.email}</p>
      </>
    ),
  };
}

/** Approve and Deny: a plain form posting to this page, so it works without JavaScript. */
function DecisionButtons({ row }: { row: ResetRequestView }) {
  return (
    <Form method="post" preventScrollReset className="flex gap-2 sm:justify-end">
      <HiddenFields fields={{ id: row.id }} />
      <SubmitButton
        intent="approve"
        pendingLabel="Approving..."
        fields={{ id: row.id }}
        aria-label={`Approve reset request from ${row.userName}`}
      >
        Approve
      </SubmitButton>
      <SubmitButton
        intent="deny"
        pendingLabel="Denying..."
        fields={{ id: row.id }}
        variant="secondary"
        aria-label={`Deny reset request from ${row.userName}`}
      >
        Deny
      </SubmitButton>
    </Form>
  );
}

/** What the reset-request screens say before the lists. */
export function ResetRequestsIntro() {
  return (
    <p className="max-w-3xl text-sm text-slate-600">
      Users who forgot their password ask here. Approving shows a one-time link, valid for 1 hour, to send to the user;
      a request nobody reviews within 24 hours expires.
    </p>
  );
}

/** Pending requests with Approve and Deny, and the latest history. */
export function ResetRequestsPanel({
  pending,
  history,
  timezone,
}: {
  pending: Page<ResetRequestView>;
  history: ResetRequestView[];
  timezone: string;
}) {
  const pendingColumns: Column<ResetRequestView>[] = [
    userColumn(),
    { header: "Requested", cell: (row) => formatDateTime(row.requestedAt, timezone) },
    { header: "Expires", cell: (row) => formatDateTime(row.expiresAt, timezone) },
    { header: "Actions", actions: true, cell: (row) => <DecisionButtons row={row} /> },
  ];
  const historyColumns: Column<ResetRequestView>[] = [
    userColumn(),
    { header: "Status", cell: (row) => <ResetStatusBadge status={row.status} /> },
    { header: "Requested", cell: (row) => formatDateTime(row.requestedAt, timezone) },
    { header: "Outcome", cell: (row) => <span className="text-slate-600">{outcome(row, timezone)}</span> },
  ];
  return (
    <div className="space-y-6">
      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">Pending Requests</h2>
          <span className="text-sm text-slate-600">{pending.total} waiting</span>
        </div>
        <DataTable
          caption="Pending Requests"
          columns={pendingColumns}
          rows={pending.rows}
          rowKey={(row) => row.id}
          rowProps={(row) => ({ "data-request-email": row.email })}
          empty="No pending password reset requests."
        />
        <div className="px-4 pb-3 empty:hidden">
          <Pagination page={pending} label="Pending request pages" />
        </div>
      </Card>

      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">History</h2>
          <p className="text-xs text-slate-600">The latest 10 requests that were decided or expired.</p>
        </div>
        <DataTable
          caption="History"
          columns={historyColumns}
          rows={history}
          rowKey={(row) => row.id}
          empty="No password reset history yet."
        />
      </Card>
    </div>
  );
}
