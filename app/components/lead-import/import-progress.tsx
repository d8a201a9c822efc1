import { Alert, Card, StatCards } from "~/components/ui/card";
import { JOB_REFRESH_SECONDS, ProgressBar, countText as count, useJobProgress } from "~/components/ui/progress-bar";
import { isImportInFlight, type LeadImportProgress } from "~/domain/lead-import";
import { ImportStatusBadge } from "./import-list";

/**
 * Step 3: the job's progress and, once it ends, its counts and the rejected rows' file. While it
 * runs, JavaScript asks GET /api/admin/imports/{id} every 2 s and moves the bar in place (the page
 * is read again once it ends); without JavaScript the page refreshes itself (a meta refresh inside
 * <noscript>, so it never fires with JavaScript on).
 */
export function ImportProgress({ initial }: { initial: LeadImportProgress }) {
  const { state, inFlight } = useJobProgress(initial, (id) => `/api/admin/imports/${id}`, isImportInFlight);
  return (
    <div className="space-y-5">
      {inFlight ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(JOB_REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <Card className="space-y-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="font-semibold text-slate-900">Import progress</h2>
          <ImportStatusBadge status={state.status} />
        </div>
        <ProgressBar
          label="Rows processed"
          unit="rows"
          processed={state.processed}
          total={state.total}
          following={inFlight ? "This page follows the import as it runs" : null}
        />
        {state.status === "failed" && state.error ? (
          <Alert>
            The import stopped: {state.error} The rows processed before it stopped are imported; the others are not.
          </Alert>
        ) : null}
      </Card>
      <StatCards
        items={[
          { label: "Imported", value: count(state.imported) },
          { label: "Duplicates", value: count(state.duplicates), caption: "Kept, not distributed or billed" },
          { label: "Already imported", value: count(state.alreadyImported), caption: "Rows an earlier import took" },
          { label: "Rejected", value: count(state.rejected) },
        ]}
      />
      {!inFlight && state.rejected > 0 ? (
        <p>
          <a
            href={`/api/admin/imports/${state.id}/rejected.csv`}
            download
            className="inline-flex min-h-10 items-center rounded-md bg-white px-4 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
          >
            Download rejected rows (CSV)
          </a>
        </p>
      ) : null}
    </div>
  );
}
