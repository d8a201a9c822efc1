import { Link } from "@remix-run/react";
import { Alert, Badge, Card, StatCards } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { JOB_REFRESH_SECONDS, ProgressBar, countText as count, useJobProgress } from "~/components/ui/progress-bar";
import { isDncImportInFlight, type DncEntryView, type DncImportProgress } from "~/domain/dnc";
import { formatDate, formatPhone } from "~/domain/format";

/** The listed numbers, newest first: number, reason, who and when, and Remove (a dialog asking why). */
export function DncTable({
  rows,
  timezone,
  removeHref,
}: {
  rows: DncEntryView[];
  timezone: string;
  removeHref: (entry: DncEntryView) => string;
}) {
  const columns: Column<DncEntryView>[] = [
    {
      header: "Number",
      cell: (entry) => (
        <span className="font-medium whitespace-nowrap text-slate-900" title={entry.phone}>
          {formatPhone(entry.phone)}
        </span>
      ),
    },
    { header: "Reason", cell: (entry) => entry.reasonLabel },
    {
      header: "Added by",
      cell: (entry) =>
        entry.addedByName ?? (entry.importId ? "File upload" : <span className="text-slate-500">Unknown</span>),
    },
    {
      header: "Added",
      cell: (entry) => <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, timezone)}</time>,
      className: "sm:whitespace-nowrap",
    },
    {
      header: "Actions",
      actions: true,
      cell: (entry) => (
        <Link
          to={removeHref(entry)}
          preventScrollReset
          className="inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-red-700 ring-1 ring-red-200 ring-inset hover:bg-red-50"
          aria-label={`Remove ${formatPhone(entry.phone)}`}
        >
          Remove
        </Link>
      ),
    },
  ];
  return (
    <DataTable
      caption="Numbers on the do-not-call list"
      columns={columns}
      rows={rows}
      rowKey={(entry) => entry.phone}
      empty="No numbers found."
    />
  );
}

const STATUS_WORDS = { queued: "Queued", running: "Running", completed: "Completed", failed: "Failed" } as const;
const STATUS_STYLES = {
  queued: "bg-slate-100 text-slate-700 ring-slate-500/20",
  running: "bg-blue-50 text-blue-700 ring-blue-600/20",
  completed: "bg-green-50 text-green-700 ring-green-600/20",
  failed: "bg-red-50 text-red-700 ring-red-600/20",
} as const;

/**
 * An uploaded file's progress and counts. While its job runs, JavaScript asks
 * GET /api/admin/dnc/import/{id} every 2 s and moves the bar in place; without JavaScript the page
 * refreshes itself (a meta refresh inside <noscript>).
 */
export function DncImportStatus({ initial }: { initial: DncImportProgress }) {
  const { state, inFlight } = useJobProgress(initial, (id) => `/api/admin/dnc/import/${id}`, isDncImportInFlight);
  return (
    <div className="space-y-5">
      {inFlight ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(JOB_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <Card className="space-y-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="min-w-0 font-semibold break-words text-slate-900">{state.fileName}</h2>
          <Badge className={STATUS_STYLES[state.status]}>{STATUS_WORDS[state.status]}</Badge>
        </div>
        <ProgressBar
          label="Numbers processed"
          unit="numbers"
          processed={state.processed}
          total={state.total}
          following={inFlight ? "This page follows the upload as it runs" : null}
        />
        {state.status === "failed" && state.error ? (
          <Alert>The upload stopped: {state.error} The numbers processed before it stopped are listed.</Alert>
        ) : null}
      </Card>
      <StatCards
        items={[
          { label: "Added", value: count(state.added) },
          {
            label: "Already listed",
            value: count(state.alreadyListed),
            caption: "On the list before, or twice in the file",
          },
          { label: "Invalid", value: count(state.invalid), caption: "Not a phone number" },
        ]}
      />
    </div>
  );
}

/** Recent uploads: each opens its progress page. */
export function DncImportList({ rows, timezone }: { rows: DncImportProgress[]; timezone: string }) {
  const columns: Column<DncImportProgress>[] = [
    {
      header: "File",
      cell: (row) => (
        <Link to={`/admin/dnc/import/${row.id}`} className="font-medium break-words text-brand-700 hover:underline">
          {row.fileName}
        </Link>
      ),
    },
    {
      header: "Status",
      cell: (row) => <Badge className={STATUS_STYLES[row.status]}>{STATUS_WORDS[row.status]}</Badge>,
    },
    { header: "Numbers", cell: (row) => count(row.total), align: "right" },
    { header: "Added", cell: (row) => count(row.added), align: "right" },
    { header: "Invalid", cell: (row) => count(row.invalid), align: "right" },
    {
      header: "Uploaded",
      cell: (row) => <time dateTime={row.createdAt}>{formatDate(row.createdAt, timezone)}</time>,
      className: "sm:whitespace-nowrap",
    },
  ];
  return (
    <DataTable
      caption="Recent uploads"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      empty="No uploads yet."
    />
  );
}
