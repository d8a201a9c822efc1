import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { AppShell, useShellCounts, type NavItem } from "~/components/shell/app-shell";
import { PortalErrorPanel } from "~/components/shell/portal-error";
import { formatClock } from "~/domain/format";
import { agentShellCounts } from "~/services/navigation.server";
import { dashboardPathFor, requireAgent, requireUser } from "~/utils/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  // /agent itself sends any signed-in user to their own dashboard, before the role check.
  if (path.replace(/\/$/, "") === "/agent") throw redirect(dashboardPathFor(await requireUser({ request, context })));
  // The guard sends an agent who has not finished setup to the setup on every agent page.
  const user = await requireAgent({ request, context });
  const counts = await agentShellCounts(user);
  return { user, counts, clock: formatClock(new Date(), user.timezone) };
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

function AgentShell({ data, children }: { data: LayoutData; children: ReactNode }) {
  const { user, clock } = data;
  const counts = useShellCounts(data.counts);
  const nav: NavItem[] = [
    { to: "/agent/dashboard", label: "Dashboard" },
    { to: "/agent/carrier-setup", label: "Carriers & States" },
  ];
  return (
    <AppShell
      user={user}
      nav={nav}
      clock={clock}
      headerExtra={
        <span className="rounded-md bg-brand-50 px-2 py-1 text-xs font-medium text-brand-700">
          Calls Left Today: <strong>{counts.callsLeft}</strong>
        </span>
      }
    >
      {children}
    </AppShell>
  );
}

export default function AgentLayout() {
  return (
    <AgentShell data={useLoaderData<typeof loader>()}>
      <Outlet />
    </AgentShell>
  );
}

/** A page's error keeps the shell (sidebar, header) around a clear panel. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/agent+/_layout");
  const panel = <PortalErrorPanel home="/agent/dashboard" />;
  return data ? <AgentShell data={data}>{panel}</AgentShell> : <main className="px-4 py-12">{panel}</main>;
}
