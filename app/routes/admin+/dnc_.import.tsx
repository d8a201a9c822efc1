import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { UploadNumbersForm } from "~/components/dnc/dnc-forms";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card } from "~/components/ui/card";
import { DNC_IMPORT_LIMITS, DNC_MESSAGES, DNC_TOASTS as T } from "~/domain/dnc";
import { startDncImport } from "~/services/dnc-import.server";
import { ServiceError } from "~/services/errors.server";
import { requireAdmin } from "~/utils/auth.server";
import { readImportUpload } from "~/utils/lead-import-upload.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Do Not Call", subtitle: "Upload a registry file" };
export const meta: MetaFunction = () => [{ title: "Upload numbers | Do Not Call | Agency CRM" }];

/** The upload has no page of its own: it is a form on /admin/dnc. */
export const loader = () => redirect("/admin/dnc");

/**
 * The upload: the file is written to disk as it arrives, its values kept in chunks and the job
 * queued, then the browser goes to its progress. A refused file answers 400 with the message at the
 * field, on this page (the form again).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  try {
    const upload = await readImportUpload(request, { maxBytes: DNC_IMPORT_LIMITS.bytes, messages: DNC_MESSAGES });
    try {
      if (!upload.file) throw new ServiceError(400, DNC_MESSAGES.fileMissing);
      const started = await startDncImport(user, upload.file, upload.fields.reason ?? "national_registry");
      return redirectWithToast(`/admin/dnc/import/${started.id}`, {
        title: T.uploaded,
        description: `${started.total.toLocaleString("en-US")} values read from ${started.fileName}.`,
      });
    } finally {
      await upload.cleanup();
    }
  } catch (error) {
    if (error instanceof ServiceError && error.status === 400) {
      const fieldErrors = error.fieldErrors ?? {};
      return data({ fileErrors: fieldErrors.file ?? fieldErrors.reason ?? [error.message] }, { status: 400 });
    }
    throw error;
  }
}

export default function DncUploadRefused() {
  const result = useActionData<typeof action>();
  return (
    <div className="space-y-5">
      <Card className="p-4 sm:p-6">
        <h2 className="mb-3 font-semibold text-slate-900">Upload a registry file</h2>
        <UploadNumbersForm errors={result?.fileErrors ?? null} />
      </Card>
      <Link to="/admin/dnc" className="text-sm font-medium text-brand-700 hover:underline">
        Back to the list
      </Link>
    </div>
  );
}
