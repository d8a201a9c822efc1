import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { PortalErrorPanel } from "~/components/shell/portal-error";
import { AgentShell } from "~/components/shell/portal-shells";
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
