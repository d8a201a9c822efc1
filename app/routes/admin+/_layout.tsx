import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell, useShellCounts, type NavItem } from "~/components/shell/app-shell";
import { PortalErrorPanel } from "~/components/shell/portal-error";
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

type LayoutData = Awaited<ReturnType<typeof loader>>;

function AdminShell({ data, children }: { data: LayoutData; children: ReactNode }) {
  const { user, clock } = data;
  const counts = useShellCounts(data.counts);
  const nav: NavItem[] = [
    { to: "/admin/dashboard", label: "Dashboard" },
    { to: "/admin/form-submissions", label: "Form Submissions", badge: counts.newSubmissions },
    { to: "/admin/agent-approval", label: "Agent Approval", badge: counts.pendingAgents },
    { to: "/admin/password-reset-requests", label: "Password Resets", badge: counts.pendingResets },
  ];
  return (
    <AppShell user={user} nav={nav} clock={clock}>
      {children}
    </AppShell>
  );
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
