import { getFormProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/app-shell";
import { SubmissionCard, type SubmissionCardData } from "~/components/form-submissions/submission-card";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SelectField, TextAreaField } from "~/components/ui/field";
import { Pagination } from "~/components/ui/pagination";
import { UrlDialog } from "~/components/ui/url-dialog";
import {
  FORM_SUBMISSION_FILTERS, formSubmissionUpdateSchema, type FormSubmissionFilter,
} from "~/domain/schemas/form-submissions";
import { FORM_SUBMISSION_STATUSES, formSubmissionStatusStyle } from "~/domain/statuses";
import { ServiceError } from "~/services/errors.server";
import {
  countFormSubmissionsByStatus, deleteFormSubmission, getFormSubmission, listFormSubmissions, updateFormSubmission,
} from "~/services/form-submissions.server";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Form Submissions", subtitle: "Landing-page inquiries" };
export const meta: MetaFunction = () => [{ title: "Form Submissions | Agency CRM" }];

const PAGE_SIZE = 20;
const FILTER_LABELS: Record<FormSubmissionFilter, string> = {
  all: "All",
  new: "New",
  contacted: "Contacted",
  converted: "Converted",
  closed: "Closed",
};

type ListState = { status: FormSubmissionFilter; page: number };

/** Reads the filter and page from the URL; anything unreadable falls back rather than failing. */
function listStateOf(url: URL): ListState {
  const raw = url.searchParams.get("status") ?? "all";
  const status = (FORM_SUBMISSION_FILTERS as readonly string[]).includes(raw) ? (raw as FormSubmissionFilter) : "all";
  const page = Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1));
  return { status, page };
}

function listHref(state: ListState, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (state.status !== "all") params.set("status", state.status);
  if (state.page > 1) params.set("page", String(state.page));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return `/admin/form-submissions${search ? `?${search}` : ""}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const url = new URL(request.url);
  const state = listStateOf(url);
  const [list, counts] = await Promise.all([
    listFormSubmissions(user, { status: state.status, page: state.page, pageSize: PAGE_SIZE }),
    countFormSubmissionsByStatus(user),
  ]);
  // After deleting the last item of the last page, show the page that now is the last.
  if (list.submissions.length === 0 && state.page > 1 && list.total > 0) {
    throw redirect(listHref({ ...state, page: Math.ceil(list.total / PAGE_SIZE) }));
  }

  const dialog = url.searchParams.get("dialog");
  const id = url.searchParams.get("id");
  let selected: SubmissionCardData | null = null;
  if ((dialog === "edit" || dialog === "delete") && id) {
    selected = list.submissions.find((s) => s.id === id) ?? (await getFormSubmission(user, id).catch((error) => {
      if (error instanceof ServiceError && error.status === 404) return null;
      throw error;
    }));
  }
  return {
    ...list,
    counts,
    state,
    dialog: selected ? (dialog as "edit" | "delete") : null,
    selected,
    timezone: user.timezone,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireAdmin(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const id = String(formData.get("id") ?? "");
  const back = listHref(listStateOf(new URL(request.url)));

  if (intent === "delete") {
    try {
      await deleteFormSubmission(user, id);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return redirectWithToast(back, { type: "error", title: "Failed to delete submission", description: error.message });
    }
    return redirectWithToast(back, { title: "Submission deleted successfully" });
  }

  if (intent === "update") {
    const submission = parseWithZod(formData, { schema: formSubmissionUpdateSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    try {
      await updateFormSubmission(user, id, submission.value);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return redirectWithToast(back, { type: "error", title: "Failed to update submission", description: error.message });
    }
    return redirectWithToast(back, { title: "Submission updated successfully" });
  }

  return redirectWithToast(back, { type: "error", title: "Failed to update submission", description: "Unknown action." });
}

export default function AdminFormSubmissions() {
  const { submissions, total, page, pageSize, counts, state, dialog, selected, timezone } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <nav aria-label="Filter by status">
        <ul className="flex flex-wrap gap-2">
          {FORM_SUBMISSION_FILTERS.map((filter) => {
            const active = filter === state.status;
            return (
              <li key={filter}>
                <Link
                  to={listHref({ status: filter, page: 1 })}
                  aria-current={active ? "page" : undefined}
                  className={`inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-sm font-medium ring-1 ring-inset ${active ? "bg-brand-600 text-white ring-brand-600" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
                >
                  {FILTER_LABELS[filter]}
                  <span className={`rounded-full px-2 text-xs ${active ? "bg-white/20" : "bg-slate-100 text-slate-600"}`}>{counts[filter]}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      <h2 className="sr-only">Submissions</h2>
      {submissions.length === 0 ? (
        <Card className="px-4 py-12 text-center">
          <p className="text-slate-600">No form submissions found.</p>
        </Card>
      ) : (
        <ul className="space-y-4">
          {submissions.map((submission) => (
            <li key={submission.id}>
              <SubmissionCard
                submission={submission}
                timezone={timezone}
                editHref={listHref(state, { dialog: "edit", id: submission.id })}
                deleteHref={listHref(state, { dialog: "delete", id: submission.id })}
              />
            </li>
          ))}
        </ul>
      )}

      <Pagination page={page} pageSize={pageSize} total={total} hrefFor={(p) => listHref({ ...state, page: p })} label="Submission pages" />

      {selected && dialog === "edit" ? <EditDialog key={selected.id} submission={selected} closeTo={listHref(state)} /> : null}
      {selected && dialog === "delete" ? <DeleteDialog submission={selected} closeTo={listHref(state)} /> : null}
    </div>
  );
}

function EditDialog({ submission, closeTo }: { submission: SubmissionCardData; closeTo: string }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "update";
  const [form, fields] = useForm({
    id: `edit-submission-${submission.id}`,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { status: formSubmissionStatusStyle(submission.status).value, notes: submission.notes ?? "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: formSubmissionUpdateSchema }),
    shouldRevalidate: "onBlur",
  });
  return (
    <UrlDialog title="Edit Submission" closeTo={closeTo}>
      <p className="mb-4 text-sm text-slate-600">
        {submission.fullName} · {submission.email}
      </p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="id" value={submission.id} />
        <SelectField label="Status" {...getSelectProps(fields.status)} errors={fields.status.errors}>
          {FORM_SUBMISSION_STATUSES.map((status) => (
            <option key={status} value={status}>{formSubmissionStatusStyle(status).label}</option>
          ))}
        </SelectField>
        <TextAreaField label="Admin Notes" rows={4} {...getTextareaProps(fields.notes)} errors={fields.notes.errors} placeholder="Add notes about this inquiry" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <ButtonLink to={closeTo} variant="secondary" preventScrollReset>Cancel</ButtonLink>
          <Button name="intent" value="update" disabled={busy}>{busy ? "Saving..." : "Save Changes"}</Button>
        </div>
      </Form>
    </UrlDialog>
  );
}

function DeleteDialog({ submission, closeTo }: { submission: SubmissionCardData; closeTo: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  return (
    <UrlDialog title="Delete Submission" closeTo={closeTo}>
      <p className="text-sm text-slate-700">Are you sure you want to delete this submission?</p>
      <p className="mt-2 text-sm text-slate-600">
        {submission.fullName} ({submission.email}). This cannot be undone.
      </p>
      <Form method="post" className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <input type="hidden" name="id" value={submission.id} />
        <ButtonLink to={closeTo} variant="secondary" preventScrollReset>Cancel</ButtonLink>
        <Button name="intent" value="delete" variant="danger" disabled={busy}>{busy ? "Deleting..." : "Delete"}</Button>
      </Form>
    </UrlDialog>
  );
}
