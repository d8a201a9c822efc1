import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { JobsTable } from "~/components/jobs/jobs-table";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card } from "~/components/ui/card";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { Pagination } from "~/components/ui/pagination";
import { JOB_FILTERS, jobListFromSearch } from "~/domain/schemas/jobs";
import { jobStateStyle } from "~/domain/statuses";
import { countJobsByState, listJobs, retryFailedJob } from "~/services/jobs.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAdmin } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { useRefreshedLoaderData } from "~/utils/polling";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Jobs", subtitle: "Background work and its failures" };
export const meta: MetaFunction = () => [{ title: "Jobs | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = jobListFromSearch(url.searchParams);
  const [list, counts] = await Promise.all([listJobs(user, query), countJobsByState(user)]);
  // A page past the end (a retried job left the Failed tab) shows the last one instead.
  redirectPastLastPage(url, list);
  return { list, counts, state: query.state, timezone: user.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return runIntent(request, {
    back,
    failures: { retry: { title: "Failed to retry job" } },
    intents: {
      retry: async (form) => {
        const job = await retryFailedJob(user, String(form.get("id") ?? ""));
        return redirectWithToast(back, { title: "Job queued to run again", description: job.name });
      },
    },
  });
}

export default function AdminJobs() {
  const { list, counts, state, timezone } = useRefreshedLoaderData<typeof loader>(60_000);
  const filtered = state !== "all";
  return (
    <div className="space-y-5">
      <p className="max-w-3xl text-sm text-slate-600">
        Housekeeping runs every hour: card security codes erased after authorisation, payment reminders, expired
        sessions and sign-in counters removed. A job that fails is tried again with growing waits; one that keeps
        failing stays here as failed until it is retried. Completed jobs are kept 7 days, failed ones 14.
      </p>
      <FilterTabs
        label="Filter by state"
        param="state"
        current={state}
        tabs={JOB_FILTERS.map((value) => ({
          value,
          label: value === "all" ? "All" : jobStateStyle(value).label,
          count: counts[value],
        }))}
      />
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900" aria-live="polite">
          {filtered ? `${jobStateStyle(state).label} jobs: ${list.total}` : `All jobs: ${list.total}`}
        </h2>
        <JobsTable
          rows={list.rows}
          timezone={timezone}
          empty={filtered ? "No jobs in this state." : "No jobs have run yet."}
        />
      </Card>
      <Pagination page={list} label="Job pages" />
    </div>
  );
}
