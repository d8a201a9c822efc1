import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell, type NavItem } from "~/components/shell/app-shell";
import { formatClock } from "~/domain/format";
import { redirect } from "@remix-run/node";
import { dashboardPathFor, requireAdmin, requireUser } from "~/utils/auth.server";
import { adminNavCounts } from "~/services/navigation.server";

export async function loader({ request }: LoaderFunctionArgs) {
  // /admin itself sends any signed-in user to their own dashboard, before the role check.
  if (new URL(request.url).pathname.replace(/\/$/, "") === "/admin") {
    throw redirect(dashboardPathFor(await requireUser(request)));
  }
  const user = await requireAdmin(request);
  const counts = await adminNavCounts(user);
  return { user, counts, clock: formatClock(new Date(), user.timezone) };
}

export default function AdminLayout() {
  const { user, counts, clock } = useLoaderData<typeof loader>();
  const nav: NavItem[] = [
    { to: "/admin/dashboard", label: "Dashboard" },
    { to: "/admin/form-submissions", label: "Form Submissions", badge: counts.newSubmissions },
    { to: "/admin/agent-approval", label: "Agent Approval", badge: counts.pendingAgents },
    { to: "/admin/password-reset-requests", label: "Password Resets", badge: counts.pendingResets },
  ];
  return (
    <AppShell user={user} nav={nav} clock={clock}>
      <Outlet />
    </AppShell>
  );
}
