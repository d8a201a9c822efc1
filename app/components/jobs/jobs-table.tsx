import { Form } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { HiddenFields } from "~/components/ui/confirm-dialog";
import { DataTable, type Column } from "~/components/ui/data-table";
import { SubmitButton } from "~/components/ui/submit-button";
import { formatDateTime, shortId } from "~/domain/format";
import { jobStateStyle } from "~/domain/statuses";
import type { JobView } from "~/services/jobs.server";

function When({ value, timezone }: { value: string | null; timezone: string }) {
  if (!value) return <span className="text-slate-500">—</span>;
  return <time dateTime={value}>{formatDateTime(value, timezone)}</time>;
}

/** Retry: a plain form posting to the page, so it works without JavaScript. */
function RetryButton({ job }: { job: JobView }) {
  return (
    <Form method="post" preventScrollReset className="sm:text-right">
      <HiddenFields fields={{ id: job.id }} />
      <SubmitButton
        intent="retry"
        pendingLabel="Retrying..."
        fields={{ id: job.id }}
        variant="secondary"
        aria-label={`Retry job ${job.name} ${shortId(job.id)}`}
      >
        Retry
      </SubmitButton>
    </Form>
  );
}

/**
 * The jobs, newest first: name and short id, state, attempts, the last error (a masked message,
 * never a payload), and when each was created, last started and finished, in the admin's time
 * zone. A failed job has a Retry button. Below 640 px each job is a card (DataTable).
 */
export function JobsTable({ rows, timezone, empty }: { rows: JobView[]; timezone: string; empty: string }) {
  const columns: Column<JobView>[] = [
    {
      header: "Job",
      cell: (job) => (
        <>
          <p className="font-medium text-slate-900">{job.name}</p>
          <p className="text-xs text-slate-600">{shortId(job.id)}</p>
        </>
      ),
      className: "sm:whitespace-nowrap",
    },
    {
      header: "State",
      cell: (job) => {
        const style = jobStateStyle(job.state);
        return <Badge className={style.className}>{style.label}</Badge>;
      },
    },
    { header: "Attempts", cell: (job) => job.attempts, align: "right" },
    {
      header: "Last error",
      cell: (job) => job.lastError ?? <span className="text-slate-500">—</span>,
      className: "sm:min-w-48 break-words",
    },
    { header: "Created", cell: (job) => <When value={job.createdAt} timezone={timezone} /> },
    { header: "Started", cell: (job) => <When value={job.startedAt} timezone={timezone} /> },
    { header: "Finished", cell: (job) => <When value={job.finishedAt} timezone={timezone} /> },
    {
      header: "Actions",
      actions: true,
      cell: (job) => (job.state === "failed" ? <RetryButton job={job} /> : null),
    },
  ];
  return (
    <DataTable
      caption="Jobs"
      columns={columns}
      rows={rows}
      rowKey={(job) => job.id}
      empty={empty}
      dense
      rowProps={(job) => ({ "data-job-id": job.id })}
    />
  );
}
