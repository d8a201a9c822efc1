import { Link } from "@remix-run/react";
import { leadActivityHref, type ActivityRow } from "~/domain/activity";
import { formatDateTime } from "~/domain/format";
import { ActivityActionBadge, activityActor } from "./activity-badge";

/**
 * A lead's audit trail for its details dialog (leadTrail's rows, newest first): when, who, what,
 * in a list that reads the same at 390 px and in a wide dialog. The Activity page, narrowed to
 * the lead, has every entry.
 */
export function LeadTrail({ rows, timezone }: { rows: ActivityRow[]; timezone: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">Nothing has been recorded for this lead yet.</p>;
  const applicationId = rows[0]!.applicationId;
  return (
    <div className="space-y-2">
      <ol className="divide-y divide-slate-100 rounded-md ring-1 ring-slate-200" aria-label="Lead activity">
        {rows.map((row) => (
          <li key={row.id} className="space-y-1 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <ActivityActionBadge action={row.action} />
              <span className="font-medium text-slate-900">{activityActor(row.userName)}</span>
              <time dateTime={row.createdAt} className="text-xs text-slate-600">
                {formatDateTime(row.createdAt, timezone)}
              </time>
            </div>
            <p className="[overflow-wrap:anywhere] text-slate-700">{row.details}</p>
          </li>
        ))}
      </ol>
      {applicationId ? (
        <Link
          to={leadActivityHref(applicationId)}
          className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline"
        >
          See this lead's whole trail in Activity
        </Link>
      ) : null}
    </div>
  );
}
