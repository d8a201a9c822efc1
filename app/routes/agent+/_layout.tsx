import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppShell, type NavItem } from "~/components/shell/app-shell";
import { formatClock } from "~/domain/format";
import { dashboardPathFor, requireAgent, requireUser } from "~/utils/auth.server";

const SETUP_PATHS = ["/agent/setup", "/agent/carrier-setup"];

export async function loader({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname;
  // /agent itself sends any signed-in user to their own dashboard, before the role check.
  if (path.replace(/\/$/, "") === "/agent") throw redirect(dashboardPathFor(await requireUser(request)));
  const user = await requireAgent(request);
  // An agent who has not finished setup sees the setup on every agent path.
  if (!user.agent.setupComplete && !SETUP_PATHS.includes(path)) throw redirect("/agent/setup");
  return { user, clock: formatClock(new Date(), user.timezone) };
}

export default function AgentLayout() {
  const { user, clock } = useLoaderData<typeof loader>();
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
          Calls Left Today: <strong>{user.agent.callsLeft}</strong>
        </span>
      }
    >
      <Outlet />
    </AppShell>
  );
}
