import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { BreakableEmail } from "~/components/ui/breakable-email";
import { ButtonLink } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { UrlDialog } from "~/components/ui/url-dialog";
import { formatDate, formatDollars, formatPhone, fullName } from "~/domain/format";
import type { AgentProfileView } from "~/services/agent-management.server";
import { AgentStatusBadge } from "./agent-status-badge";

/** The profile dialog (?dialog=profile&agent=<id>): the agent's profile, or "Agent profile not found". */
export function AgentProfileDialog({
  profile,
  closeTo,
  timezone,
}: {
  profile: AgentProfileView | null;
  closeTo: string;
  timezone: string;
}) {
  return (
    <UrlDialog title={profile ? fullName(profile.user) : "Agent Profile"} closeTo={closeTo} size="lg">
      {profile ? (
        <>
          <ProfileSections profile={profile} timezone={timezone} />
          <ResetTwoFactorForm agentId={profile.id} />
        </>
      ) : (
        <p className="text-sm text-slate-700">Agent profile not found</p>
      )}
      <div className="mt-4 flex justify-end">
        <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
          Close
        </ButtonLink>
      </div>
    </UrlDialog>
  );
}

/** An agent who lost the phone with their second factor: the admin turns it off (audited, decision 079). */
function ResetTwoFactorForm({ agentId }: { agentId: string }) {
  return (
    <Form method="post" className="mt-5 space-y-2 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Two-factor sign-in</h3>
      <p className="text-sm text-slate-700">
        For a lost phone: turns the agent&apos;s second factor off, so they sign in with their password alone until they
        set it up again.
      </p>
      <input type="hidden" name="agentId" value={agentId} />
      <SubmitButton intent="reset-two-factor" pendingLabel="Resetting..." variant="secondary">
        Reset two-factor sign-in
      </SubmitButton>
    </Form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium text-slate-500">{label}</dt>
          <dd className="[overflow-wrap:anywhere] text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProfileSections({ profile, timezone }: { profile: AgentProfileView; timezone: string }) {
  const { activity } = profile;
  const bdm = profile.assignedBdm ? fullName(profile.assignedBdm) : "None";
  const when = (value: string | null, none: string) => (value ? formatDate(value, timezone) : none);
  return (
    <div className="space-y-5">
      <Section title="Basic Information">
        <Facts
          items={[
            ["Email", <BreakableEmail key="email" email={profile.user.email} />],
            ["Phone", formatPhone(profile.user.phone) || "None"],
            ["Company", profile.companyName || "None"],
            ["License", profile.licenseNumber],
            ["Status", <AgentStatusBadge key="status" status={profile.status} />],
            ["BDM", bdm],
            ["Setup", profile.setupComplete ? "Complete" : "Pending"],
            ["Registered", formatDate(profile.createdAt, timezone)],
            ["Call Quota", `${profile.callsLeft} / ${profile.callQuota} calls left`],
            ["Calls Ordered / Sold", `${profile.callsOrdered} / ${profile.callsSold}`],
          ]}
        />
      </Section>
      <Section title="Licensed States">
        {profile.licensedStates.length ? (
          <p className="text-sm text-slate-700">{profile.licensedStates.join(", ")}</p>
        ) : (
          <p className="text-sm text-slate-600">No licensed states yet.</p>
        )}
      </Section>
      <Section title="Carriers & Products">
        {profile.carriersWithProducts.length ? (
          <ul className="space-y-2 text-sm">
            {profile.carriersWithProducts.map((carrier) => (
              <li key={carrier.name}>
                <p className="font-medium text-slate-900">{carrier.name}</p>
                <ul className="ml-4 list-disc text-slate-700">
                  {carrier.products.map((product) => (
                    <li key={product.name}>
                      {product.name}: {product.compPercentage}% comp
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No carriers set up yet.</p>
        )}
      </Section>
      <Section title="Activity Summary">
        <Facts
          items={[
            ["Leads", activity.totalLeads],
            ["Sales", activity.totalSales],
            ["Conversion", `${activity.conversionRate.toFixed(1)}%`],
            ["Commission", formatDollars(activity.totalCommission)],
            ["Open callbacks", activity.openCallbacks],
            ["Last lead received", when(activity.lastLeadAt, "No leads yet")],
            ["Last sale", when(activity.lastSaleAt, "No sales yet")],
          ]}
        />
      </Section>
    </div>
  );
}
