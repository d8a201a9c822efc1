import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ImportList } from "~/components/lead-import/import-list";
import { UploadForm } from "~/components/lead-import/upload-form";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { LEAD_IMPORT_MESSAGES, LEAD_IMPORT_TOASTS } from "~/domain/lead-import";
import { listQuery } from "~/domain/list-query";
import { ServiceError } from "~/services/errors.server";
import { listLeadImports, stageLeadImport } from "~/services/lead-import.server";
import { requireAdmin } from "~/utils/auth.server";
import { readImportUpload } from "~/utils/lead-import-upload.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Import Leads", subtitle: "A CSV of leads from a vendor or a list" };
export const meta: MetaFunction = () => [{ title: "Import Leads | Agency CRM" }];

const importList = listQuery({ pageSize: 10 });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const list = await listLeadImports(user, importList.fromSearch(url.searchParams));
  redirectPastLastPage(url, list);
  return { list, timezone: user.timezone };
}

/**
 * The upload (step 1): the file is written to disk as it arrives, checked and kept as an import
 * waiting to be mapped, then the browser goes to its page. A refused file answers 400 with the
 * message at the field.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  try {
    const upload = await readImportUpload(request);
    try {
      if (!upload.file) throw new ServiceError(400, LEAD_IMPORT_MESSAGES.fileMissing);
      const staged = await stageLeadImport(user, upload.file);
      return redirectWithToast(`/admin/leads/import/${staged.id}`, {
        title: LEAD_IMPORT_TOASTS.uploaded,
        description: `${staged.total.toLocaleString("en-US")} rows read from ${staged.fileName}.`,
      });
    } finally {
      await upload.cleanup();
    }
  } catch (error) {
    if (error instanceof ServiceError && error.status === 400) {
      return data({ fileErrors: error.fieldErrors?.file ?? [error.message] }, { status: 400 });
    }
    throw error;
  }
}

export default function AdminLeadImport() {
  const { list, timezone } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="space-y-5">
      <p className="max-w-2xl text-sm text-slate-600">
        Upload a CSV, match its columns to lead fields, check the first rows, then choose the source and how the leads
        are distributed. Each row is checked as a source&apos;s real-time post is: a repeat of a lead received within
        the source&apos;s duplicate window is kept as a duplicate, never billed, and a file imported twice imports
        nothing twice.
      </p>
      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 font-semibold text-slate-900">Upload a CSV</h2>
        <UploadForm errors={result?.fileErrors ?? null} />
      </Card>
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Past imports</h2>
        <ImportList rows={list.rows} timezone={timezone} />
      </Card>
      <Pagination page={list} label="Past import pages" />
    </div>
  );
}
