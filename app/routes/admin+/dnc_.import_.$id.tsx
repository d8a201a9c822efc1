import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DncImportStatus } from "~/components/dnc/dnc-list";
import type { PageHandle } from "~/components/shell/app-shell";
import { getDncImport } from "~/services/dnc-import.server";
import { requireAdmin } from "~/utils/auth.server";

export const handle: PageHandle = { title: "Do Not Call", subtitle: "A registry file's upload" };
export const meta: MetaFunction = () => [{ title: "Upload | Do Not Call | Agency CRM" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  // An unknown id is the service's 404, shown inside the shell.
  return { upload: await getDncImport(user, params.id ?? "") };
}

export default function DncUploadProgress() {
  const { upload } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-5">
      <DncImportStatus initial={upload} />
      <Link to="/admin/dnc" className="text-sm font-medium text-brand-700 hover:underline">
        Back to the list
      </Link>
    </div>
  );
}
