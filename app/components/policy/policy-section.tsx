import { Badge } from "~/components/ui/card";
import { ButtonLink } from "~/components/ui/button";
import { Facts, Section } from "~/components/leads/lead-details";
import { formatDate, formatDateTime, fullName } from "~/domain/format";
import { policyStatusStyle } from "~/domain/statuses";
import type { PolicyView } from "~/services/policy.server";

/** A policy status's badge (Submitted, Issued, Lapsed ...). */
export function PolicyStatusBadge({ status }: { status: string }) {
  const style = policyStatusStyle(status);
  return <Badge className={style.className}>{style.label}</Badge>;
}

/**
 * A sold lead's policy (decision 074): its status, number and dates, Update Policy (the dialog at
 * `updateHref`), and its history, newest first: who moved it, when, and their note.
 */
export function PolicySection({
  leadId,
  policy,
  timezone,
  updateHref,
}: {
  leadId: string;
  policy: PolicyView;
  timezone: string;
  updateHref: string;
}) {
  return (
    <Section
      title="Policy Status"
      id={`policy-status-${leadId}`}
      action={
        <ButtonLink to={updateHref} variant="secondary" preventScrollReset>
          Update Policy
        </ButtonLink>
      }
    >
      <Facts
        items={[
          ["Status", <PolicyStatusBadge key="status" status={policy.status} />],
          ["Policy number", policy.policyNumber],
          ["Issue date", policy.issueDate ? formatDate(policy.issueDate, "UTC") : null],
          ["Effective date", policy.effectiveDate ? formatDate(policy.effectiveDate, "UTC") : null],
        ]}
      />
      {policy.history.length > 0 ? (
        <>
          <h4 className="mt-4 mb-2 text-xs font-medium text-slate-500">Policy history</h4>
          <ol className="space-y-2 text-sm">
            {policy.history.map((change) => (
              <li key={change.id} className="rounded-md bg-slate-50 p-2 ring-1 ring-slate-200">
                <p className="flex flex-wrap items-center gap-1.5 text-slate-900">
                  {change.fromStatus && change.fromStatus !== change.toStatus ? (
                    <>
                      <PolicyStatusBadge status={change.fromStatus} />
                      <span aria-label="to">→</span>
                    </>
                  ) : null}
                  <PolicyStatusBadge status={change.toStatus} />
                  {change.fromStatus === change.toStatus ? (
                    <span className="text-slate-600">details corrected</span>
                  ) : null}
                </p>
                <p className="mt-1 text-xs text-slate-600">
                  {change.user
                    ? fullName(change.user)
                    : change.fromStatus
                      ? "A removed user"
                      : "Recorded with the sale"}{" "}
                  · <time dateTime={change.createdAt}>{formatDateTime(change.createdAt, timezone)}</time>
                  {change.policyNumber ? ` · Policy ${change.policyNumber}` : ""}
                </p>
                {change.notes ? <p className="mt-1 whitespace-pre-line text-slate-800">{change.notes}</p> : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </Section>
  );
}
