import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Badge, Card } from "~/components/ui/card";
import { DataTable } from "~/components/ui/data-table";
import { formatDateTime } from "~/domain/format";
import type { ResetRequestView } from "~/services/password-resets.server";

export type ResetRequestRow = ResetRequestView;

const STATUS_STYLE: Record<ResetRequestRow["status"], { label: string; className: string }> = {
  pending: { label: "Pending", className: "bg-yellow-50 text-yellow-800 ring-yellow-600/30" },
  approved: { label: "Approved", className: "bg-blue-50 text-blue-700 ring-blue-600/30" },
  denied: { label: "Denied", className: "bg-red-50 text-red-700 ring-red-600/30" },
  completed: { label: "Completed", className: "bg-green-50 text-green-700 ring-green-600/30" },
  expired: { label: "Expired", className: "bg-slate-100 text-slate-700 ring-slate-500/30" },
};

export function ResetStatusBadge({ status }: { status: ResetRequestRow["status"] }) {
  const style = STATUS_STYLE[status];
  return <Badge className={style.className}>{style.label}</Badge>;
}

/** What happened last to a request, for the history table. */
function outcome(row: ResetRequestRow, timezone: string) {
  if (row.completedAt) return `Completed ${formatDateTime(row.completedAt, timezone)}`;
  if (row.deniedAt) return `Denied ${formatDateTime(row.deniedAt, timezone)}`;
  if (row.status === "expired" && row.approvedAt) return `Link expired ${formatDateTime(row.expiresAt, timezone)}`;
  if (row.status === "expired") return `Not reviewed; expired ${formatDateTime(row.expiresAt, timezone)}`;
  if (row.approvedAt) return `Approved ${formatDateTime(row.approvedAt, timezone)}; link valid until ${formatDateTime(row.expiresAt, timezone)}`;
  return "";
}


/**
 * Pending requests with Approve and Deny, and the latest history. The buttons are plain forms
 * posting to /admin/password-reset-requests, so the panel works without JavaScript wherever
 * it is shown; `redirectTo` brings the admin back to the page they were on.
 */
export function ResetRequestsPanel({
  pending, history, timezone, redirectTo,
}: { pending: ResetRequestRow[]; history: ResetRequestRow[]; timezone: string; redirectTo?: string }) {
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;

  return (
    <div className="space-y-6">
      <Card className="overflow-hidden">
        <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">Pending Requests</h2>
          <span className="text-sm text-slate-500">{pending.length} waiting</span>
        </div>
        <DataTable columns={["User", "Requested", "Expires"]} isEmpty={pending.length === 0} empty="No pending password reset requests.">
                {pending.map((row) => (
                  <tr key={row.id} data-request-email={row.email}>
                    <td className="px-4 py-3">
                      <p className="font-medium whitespace-nowrap text-slate-900">{row.userName}</p>
                      <p className="text-xs whitespace-nowrap text-slate-500">{row.email}</p>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(row.requestedAt, timezone)}</td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(row.expiresAt, timezone)}</td>
                    <td className="px-4 py-3">
                      <Form method="post" action="/admin/password-reset-requests" className="flex justify-end gap-2">
                        <input type="hidden" name="id" value={row.id} />
                        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
                        <Button
                          name="intent"
                          value="approve"
                          disabled={busyId === row.id}
                          aria-label={`Approve reset request from ${row.userName}`}
                        >
                          {busyId === row.id && busyIntent === "approve" ? "Approving..." : "Approve"}
                        </Button>
                        <Button
                          name="intent"
                          value="deny"
                          variant="secondary"
                          disabled={busyId === row.id}
                          aria-label={`Deny reset request from ${row.userName}`}
                        >
                          {busyId === row.id && busyIntent === "deny" ? "Denying..." : "Deny"}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                ))}
        </DataTable>
      </Card>

      <Card className="overflow-hidden">
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 className="font-semibold text-slate-900">History</h2>
          <p className="text-xs text-slate-500">The latest 10 requests that were decided or expired.</p>
        </div>
        <DataTable columns={["User", "Status", "Requested", "Outcome"]} isEmpty={history.length === 0} empty="No password reset history yet.">
                {history.map((row) => (
                  <tr key={row.id}>
                    <td className="px-4 py-3">
                      <p className="font-medium whitespace-nowrap text-slate-900">{row.userName}</p>
                      <p className="text-xs whitespace-nowrap text-slate-500">{row.email}</p>
                    </td>
                    <td className="px-4 py-3"><ResetStatusBadge status={row.status} /></td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(row.requestedAt, timezone)}</td>
                    <td className="px-4 py-3 text-slate-600">{outcome(row, timezone)}</td>
                  </tr>
                ))}
        </DataTable>
      </Card>
    </div>
  );
}
