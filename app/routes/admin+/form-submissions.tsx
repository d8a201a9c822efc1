import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { DeleteSubmissionDialog, EditSubmissionDialog } from "~/components/form-submissions/submission-dialogs";
import { SubmissionCard } from "~/components/form-submissions/submission-card";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card } from "~/components/ui/card";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { Pagination } from "~/components/ui/pagination";
import {
  FORM_SUBMISSION_FILTERS,
  formSubmissionList,
  formSubmissionUpdateSchema,
} from "~/domain/schemas/form-submissions";
import { formSubmissionStatusStyle } from "~/domain/statuses";
import {
  countFormSubmissionsByStatus,
  deleteFormSubmission,
  getFormSubmission,
  listFormSubmissions,
  updateFormSubmission,
} from "~/services/form-submissions.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAdmin } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogOpen, useRefreshedLoaderData } from "~/utils/polling";

export const handle: PageHandle = { title: "Form Submissions", subtitle: "Landing-page inquiries" };
export const meta: MetaFunction = () => [{ title: "Form Submissions | Agency CRM" }];

const DIALOGS = ["edit", "delete"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const query = formSubmissionList.fromSearch(url.searchParams);
  const [list, counts] = await Promise.all([listFormSubmissions(user, query), countFormSubmissionsByStatus(user)]);
  // After deleting the last item of the last page, show the page that now is the last.
  redirectPastLastPage(url, list);
  // The dialog is addressed by the URL (?dialog=edit&id=…), so it renders without JavaScript.
  const dialog = DIALOGS.find((name) => name === url.searchParams.get("dialog")) ?? null;
  const id = url.searchParams.get("id") ?? "";
  const selected = dialog ? (list.rows.find((row) => row.id === id) ?? (await getFormSubmission(user, id))) : null;
  return { list, counts, status: query.status, dialog, selected, timezone: user.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const back = hrefWith(new URL(request.url), { dialog: null, id: null });
  return runIntent(request, {
    back,
    failures: { delete: { title: "Failed to delete submission" }, update: { title: "Failed to update submission" } },
    intents: {
      delete: async (form) => {
        await deleteFormSubmission(user, String(form.get("id") ?? ""));
        return redirectWithToast(back, { title: "Submission deleted successfully" });
      },
      update: formIntent(formSubmissionUpdateSchema, async (change, form) => {
        await updateFormSubmission(user, String(form.get("id") ?? ""), change);
        return redirectWithToast(back, { title: "Submission updated successfully" });
      }),
    },
  });
}

export default function AdminFormSubmissions() {
  const { list, counts, status, dialog, selected, timezone } = useRefreshedLoaderData<typeof loader>(60_000, {
    pauseWhile: dialogOpen,
  });
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, id: null });
  return (
    <div className="space-y-5">
      <FilterTabs
        label="Filter by status"
        current={status}
        tabs={FORM_SUBMISSION_FILTERS.map((value) => ({
          value,
          label: value === "all" ? "All" : formSubmissionStatusStyle(value).label,
          count: counts[value],
        }))}
      />

      <h2 className="sr-only">Submissions</h2>
      {list.rows.length === 0 ? (
        <Card className="px-4 py-12 text-center">
          <p className="text-slate-600">No form submissions found.</p>
        </Card>
      ) : (
        <ul className="space-y-4">
          {list.rows.map((submission) => (
            <li key={submission.id}>
              <SubmissionCard
                submission={submission}
                timezone={timezone}
                editHref={hrefWith(here, { dialog: "edit", id: submission.id })}
                deleteHref={hrefWith(here, { dialog: "delete", id: submission.id })}
              />
            </li>
          ))}
        </ul>
      )}

      <Pagination page={list} label="Submission pages" />

      {selected && dialog === "edit" ? (
        <EditSubmissionDialog key={selected.id} submission={selected} closeTo={closeTo} />
      ) : null}
      {selected && dialog === "delete" ? <DeleteSubmissionDialog submission={selected} closeTo={closeTo} /> : null}
    </div>
  );
}
