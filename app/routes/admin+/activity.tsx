import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ActivityFilters } from "~/components/audit/activity-filters";
import { ActivityTable } from "~/components/audit/activity-table";
import type { PageHandle } from "~/components/shell/app-shell";
import { Alert, Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { shortId } from "~/domain/format";
import { activityPageNumber, readActivityFilters } from "~/domain/schemas/activity";
import { activityLeadName, activityUserChoices, listActivity } from "~/services/audit.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAdmin } from "~/utils/auth.server";

export const handle: PageHandle = { title: "Activity", subtitle: "Who did what, and when" };
export const meta: MetaFunction = () => [{ title: "Activity | Agency CRM" }];

const PAGE_SIZE = 25;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const reading = readActivityFilters(url.searchParams);
  const applicationId = reading.filters?.applicationId;
  const [list, users, leadName] = await Promise.all([
    reading.filters
      ? listActivity(user, { ...reading.filters, page: activityPageNumber(url.searchParams), pageSize: PAGE_SIZE })
      : null,
    activityUserChoices(user, reading.values.userId),
    applicationId ? activityLeadName(user, applicationId) : null,
  ]);
  if (list) redirectPastLastPage(url, list);
  return {
    values: reading.values,
    fieldErrors: reading.fieldErrors,
    users,
    list,
    applicationId,
    leadName,
    timezone: user.timezone,
  };
}

export default function ActivityPage() {
  const { values, fieldErrors, users, list, applicationId, leadName, timezone } = useLoaderData<typeof loader>();
  const filtered = Object.values(values).some((value) => value && value !== "all");
  return (
    <div className="space-y-5">
      <Card className="p-4">
        <ActivityFilters values={values} fieldErrors={fieldErrors} users={users} />
      </Card>
      {applicationId ? (
        <Alert tone="info">
          Showing the trail of {leadName ? `${leadName}'s lead` : `lead ${shortId(applicationId)}`}.{" "}
          <Link to="/admin/activity" className="font-medium underline">
            Show all activity
          </Link>
        </Alert>
      ) : null}
      {fieldErrors?.applicationId ? <Alert tone="error">{fieldErrors.applicationId[0]}</Alert> : null}
      {list ? (
        <>
          <Card className="overflow-hidden">
            <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900" aria-live="polite">
              {filtered ? `Entries found: ${list.total}` : `All entries: ${list.total}`}
            </h2>
            <ActivityTable
              rows={list.rows}
              timezone={timezone}
              empty={filtered ? "No activity matches these filters." : "No activity has been recorded yet."}
            />
          </Card>
          <Pagination page={list} label="Activity pages" />
        </>
      ) : (
        <Alert tone="warning">Correct the filters above to see the activity.</Alert>
      )}
    </div>
  );
}
