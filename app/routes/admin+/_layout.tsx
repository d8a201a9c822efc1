import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { PortalErrorPanel } from "~/components/shell/portal-error";
import { AdminShell } from "~/components/shell/portal-shells";
import { formatClock } from "~/domain/format";
import { adminShellCounts } from "~/services/navigation.server";
import { dashboardPathFor, requireAdmin, requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // /admin itself sends any signed-in user to their own dashboard, before the role check.
  if (new URL(request.url).pathname.replace(/\/$/, "") === "/admin") {
    throw redirect(dashboardPathFor(await requireUser({ request, context })));
  }
  const user = await requireAdmin({ request, context });
  const counts = await adminShellCounts(user);
  return { user, counts, clock: formatClock(new Date(), user.timezone) };
}

export default function AdminLayout() {
  return (
    <AdminShell data={useLoaderData<typeof loader>()}>
      <Outlet />
    </AdminShell>
  );
}

/** A page's error keeps the shell (sidebar, header) around a clear panel. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/admin+/_layout");
  const panel = <PortalErrorPanel home="/admin/dashboard" />;
  return data ? <AdminShell data={data}>{panel}</AdminShell> : <main className="px-4 py-12">{panel}</main>;
}
