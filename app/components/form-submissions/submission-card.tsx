import { Link } from "@remix-run/react";
import { Badge, Card } from "~/components/ui/card";
import { ButtonLink } from "~/components/ui/button";
import { digitsOnly, formatDateTime, formatPhone } from "~/domain/format";
import { formSubmissionStatusStyle } from "~/domain/statuses";
import type { FormSubmissionView } from "~/services/form-submissions.server";

export type SubmissionCardData = FormSubmissionView;

/** One landing-page inquiry in the admin list: who, how to reach them, what they asked, and notes. */
export function SubmissionCard({
  submission,
  timezone,
  editHref,
  deleteHref,
}: {
  submission: SubmissionCardData;
  timezone: string;
  editHref: string;
  deleteHref: string;
}) {
  const style = formSubmissionStatusStyle(submission.status);
  const headingId = `submission-${submission.id}`;
  return (
    <Card className="p-4 sm:p-5">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h3 id={headingId} className="min-w-0 text-base font-semibold [overflow-wrap:anywhere] text-slate-900">
              {submission.fullName}
            </h3>
            <Badge className={style.className}>{style.label}</Badge>
          </div>
          <p className="text-sm text-slate-600">
            <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt, timezone)}</time>
          </p>
        </div>
        <dl className="mt-3 flex flex-col gap-x-10 gap-y-2 text-sm sm:flex-row sm:flex-wrap">
          <div className="min-w-0">
            <dt className="text-xs font-medium text-slate-500">Email</dt>
            <dd className="[overflow-wrap:anywhere]">
              <a href={`mailto:${submission.email}`} className="text-brand-700 hover:underline">
                {submission.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">Phone</dt>
            <dd>
              <a href={`tel:${digitsOnly(submission.phone)}`} className="text-brand-700 hover:underline">
                {formatPhone(submission.phone)}
              </a>
            </dd>
          </div>
          {submission.companyName ? (
            <div className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">Company</dt>
              <dd className="[overflow-wrap:anywhere] text-slate-900">{submission.companyName}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-xs font-medium text-slate-500">Service</dt>
            <dd className="text-slate-900">{submission.service}</dd>
          </div>
        </dl>
        {submission.message ? (
          <div className="mt-3 text-sm">
            <p className="text-xs font-medium text-slate-500">Message</p>
            <p className="mt-0.5 [overflow-wrap:anywhere] whitespace-pre-line text-slate-800">{submission.message}</p>
          </div>
        ) : null}
        {submission.notes ? (
          <div className="mt-3 rounded-md bg-slate-50 p-3 text-sm ring-1 ring-slate-200 ring-inset">
            <p className="text-xs font-medium text-slate-500">Admin Notes</p>
            <p className="mt-0.5 [overflow-wrap:anywhere] whitespace-pre-line text-slate-800">{submission.notes}</p>
          </div>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          <ButtonLink to={editHref} variant="secondary" preventScrollReset>
            Edit<span className="sr-only"> {submission.fullName}</span>
          </ButtonLink>
          <Link
            to={deleteHref}
            preventScrollReset
            className="inline-flex min-h-10 items-center justify-center rounded-md px-4 py-2 text-sm font-semibold text-red-700 ring-1 ring-red-200 ring-inset hover:bg-red-50"
          >
            Delete<span className="sr-only"> {submission.fullName}</span>
          </Link>
        </div>
      </article>
    </Card>
  );
}
