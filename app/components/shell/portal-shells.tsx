import type { ReactNode } from "react";
import type { AdminShellCounts, AgentShellCounts } from "~/services/navigation.server";
import type { SessionUser } from "~/services/sessions.server";
import { AppShell, useShellCounts, type NavItem } from "./app-shell";
import { NotificationBell } from "./notification-bell";

// The two portals' frames, each with its own navigation and header figures. The /admin and
// /agent layouts use one each; pages both roles open (a lead's page, the notifications) use the
// signed-in user's (app/routes/_portal+/_layout.tsx).

type ShellData<C> = {
  user: Pick<SessionUser, "firstName" | "lastName" | "timezone" | "role">;
  counts: C;
  clock: string;
};
export type AdminShellData = ShellData<AdminShellCounts>;
export type AgentShellData = ShellData<AgentShellCounts>;

export function AdminShell({ data, children }: { data: AdminShellData; children: ReactNode }) {
  const counts = useShellCounts(data.counts);
  const nav: NavItem[] = [
    { to: "/admin/dashboard", label: "Dashboard" },
    { to: "/admin/leads", label: "All Leads", badge: counts.unreadLeads },
    { to: "/admin/form-submissions", label: "Form Submissions", badge: counts.newSubmissions },
    { to: "/admin/agent-approval", label: "Agent Approval", badge: counts.pendingAgents },
    // Part 1, section 2: All Leads and Callbacks both carry the unread lead count.
    { to: "/admin/callbacks", label: "Callbacks", badge: counts.unreadLeads },
    { to: "/admin/agent-management", label: "Agents Management" },
    { to: "/admin/retention", label: "Retention Tracking" },
    { to: "/admin/at-risk", label: "At Risk" },
    { to: "/admin/orders", label: "Order Sheet" },
    { to: "/admin/lead-sources", label: "Lead Sources" },
    { to: "/admin/leads/import", label: "Import Leads" },
    { to: "/admin/lead-returns", label: "Lead Returns" },
    { to: "/admin/dnc", label: "Do Not Call" },
    { to: "/admin/calling-rules", label: "Calling Rules" },
    { to: "/admin/premiums", label: "Premiums Management" },
    { to: "/admin/password-reset-requests", label: "Password Resets", badge: counts.pendingResets },
    { to: "/admin/commission-calculator", label: "Commission Calculator" },
    { to: "/admin/reports", label: "Reports" },
    { to: "/admin/persistency", label: "Persistency" },
    { to: "/admin/activity", label: "Activity" },
    { to: "/admin/jobs", label: "Jobs" },
    { to: "/admin/webhooks", label: "Webhooks" },
    { to: "/account/security", label: "Account Security" },
  ];
  return (
    <AppShell
      user={data.user}
      nav={nav}
      clock={data.clock}
      bell={<NotificationBell counts={counts} timezone={data.user.timezone} />}
    >
      {children}
    </AppShell>
  );
}

export function AgentShell({ data, children }: { data: AgentShellData; children: ReactNode }) {
  const counts = useShellCounts(data.counts);
  const nav: NavItem[] = [
    { to: "/agent/dashboard", label: "Dashboard" },
    { to: "/agent/leads", label: "My Leads", badge: counts.unreadLeads },
    { to: "/agent/callbacks", label: "Callbacks" },
    { to: "/agent/retention", label: "Retention" },
    { to: "/agent/at-risk", label: "At Risk" },
    { to: "/agent/commissions", label: "Commissions" },
    { to: "/agent/commission-calculator", label: "Commission Calculator" },
    { to: "/agent/reports", label: "Reports" },
    { to: "/agent/carrier-setup", label: "Carriers & States" },
    { to: "/agent/profile", label: "Profile" },
    { to: "/account/security", label: "Account Security" },
  ];
  return (
    <AppShell
      user={data.user}
      nav={nav}
      clock={data.clock}
      bell={<NotificationBell counts={counts} timezone={data.user.timezone} />}
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

/** The signed-in user's own portal frame, for pages both roles open. */
export function RoleShell({
  data,
  children,
}: {
  data: ({ role: "admin" } & AdminShellData) | ({ role: "agent" } & AgentShellData);
  children: ReactNode;
}) {
  return data.role === "admin" ? (
    <AdminShell data={data}>{children}</AdminShell>
  ) : (
    <AgentShell data={data}>{children}</AgentShell>
  );
}
