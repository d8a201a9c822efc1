import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { PortalErrorPanel } from "~/components/shell/portal-error";
import { RoleShell } from "~/components/shell/portal-shells";
import { formatClock } from "~/domain/format";
import { adminShellCounts, agentShellCounts } from "~/services/navigation.server";
import { requirePortalUser } from "~/utils/auth.server";

/**
 * Pages both roles open (a lead's page, the notifications), framed by the signed-in user's own
 * portal. An agent still meets the setup gate here, as on every agent page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requirePortalUser({ request, context });
  const clock = formatClock(new Date(), user.timezone);
  if (user.role === "admin") return { role: "admin" as const, user, counts: await adminShellCounts(user), clock };
  return { role: "agent" as const, user, counts: await agentShellCounts(user), clock };
}

export default function PortalLayout() {
  return (
    <RoleShell data={useLoaderData<typeof loader>()}>
      <Outlet />
    </RoleShell>
  );
}

/** A page's error keeps the shell (sidebar, header) around a clear panel. */
export function ErrorBoundary() {
  const data = useRouteLoaderData<typeof loader>("routes/_portal+/_layout");
  const panel = <PortalErrorPanel home={data?.role === "admin" ? "/admin/dashboard" : "/agent/dashboard"} />;
  return data ? <RoleShell data={data}>{panel}</RoleShell> : <main className="px-4 py-12">{panel}</main>;
}
