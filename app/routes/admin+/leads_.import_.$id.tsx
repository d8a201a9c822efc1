import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ImportProgress } from "~/components/lead-import/import-progress";
import { MappingForm } from "~/components/lead-import/mapping-form";
import type { PageHandle } from "~/components/shell/app-shell";
import { LEAD_IMPORT_TOASTS } from "~/domain/lead-import";
import { ServiceError } from "~/services/errors.server";
import {
  getLeadImport,
  importChoicesFrom,
  leadImportChoices,
  previewLeadImport,
  saveLeadImportChoices,
  startLeadImport,
  type LeadImportChoices,
} from "~/services/lead-import.server";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Import Leads", subtitle: "A CSV of leads from a vendor or a list" };
export const meta: MetaFunction = () => [{ title: "Import Leads | Agency CRM" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  // An unknown id is the service's 404, shown inside the shell.
  const view = await getLeadImport(user, params.id ?? "");
  const mapping =
    view.status === "uploaded"
      ? await Promise.all([previewLeadImport(user, view.id, view.mapping), leadImportChoices(user)])
      : null;
  return { view, preview: mapping?.[0] ?? [], choices: mapping?.[1] ?? { sources: [], agents: [] } };
}

/**
 * `preview` keeps the choices and shows the page again; `start` keeps them, checks them and
 * queues the job. A refused choice answers 400 with each message at its field and the choices as
 * sent; an import already started sends the browser back to its progress with a toast.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const id = params.id ?? "";
  const here = `/admin/leads/import/${id}`;
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const view = await getLeadImport(user, id);
  const { choices, mappingError } = importChoicesFrom(fields, view);
  try {
    await saveLeadImportChoices(user, id, choices);
    if (fields.intent !== "start") return redirect(here);
    await startLeadImport(user, id, choices, mappingError);
    return redirectWithToast(here, { title: LEAD_IMPORT_TOASTS.started });
  } catch (error) {
    if (error instanceof ServiceError && error.status === 400) {
      return data({ fieldErrors: error.fieldErrors ?? {}, choices }, { status: 400 });
    }
    if (error instanceof ServiceError && error.status === 409) {
      return redirectWithToast(here, {
        type: "error",
        title: LEAD_IMPORT_TOASTS.startFailed,
        description: error.message,
      });
    }
    throw error;
  }
}

export default function AdminLeadImportStep() {
  const { view, preview, choices } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>() as
    { fieldErrors: Record<string, string[]>; choices: LeadImportChoices } | undefined;
  const chosen = refused?.choices ?? view;
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-sm break-words text-slate-700">
          <span className="font-medium text-slate-900">{view.fileName}</span>: {view.total.toLocaleString("en-US")} rows
          {view.sourceName && view.status !== "uploaded" ? ` from ${view.sourceName}` : ""}
        </p>
        <Link to="/admin/leads/import" className="text-sm font-medium text-brand-700 underline">
          All imports
        </Link>
      </div>
      {view.status === "uploaded" ? (
        <MappingForm
          headers={view.headers}
          total={view.total}
          mapping={chosen.mapping}
          sourceId={chosen.sourceId}
          distribution={chosen.distribution}
          agentId={chosen.agentId}
          preview={preview}
          sources={choices.sources}
          agents={choices.agents}
          errors={refused?.fieldErrors ?? {}}
        />
      ) : (
        <ImportProgress initial={view} />
      )}
    </div>
  );
}
