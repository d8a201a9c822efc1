import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PerformancePanel } from "~/components/profile/performance-panel";
import { PersonalInfo, type PersonalInfoErrors, type PersonalInfoValues } from "~/components/profile/personal-info";
import {
  CarrierList,
  OverviewPanel,
  PROFILE_TABS,
  ProfileTabs,
  StatesPanel,
  type ProfileTab,
} from "~/components/profile/profile-panels";
import type { PageHandle } from "~/components/shell/app-shell";
import { ButtonLink } from "~/components/ui/button";
import { StatCards } from "~/components/ui/card";
import { formatDollars } from "~/domain/format";
import { PROFILE_MESSAGES, personalInfoSchema } from "~/domain/schemas/profile";
import { ServiceError } from "~/services/errors.server";
import { getAgentPerformance, getAgentProfile, getAgentStats, updateAgentProfile } from "~/services/profile.server";
import { requireAgent } from "~/utils/auth.server";
import { monthLabel, performanceChart } from "~/utils/performance-chart.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "Profile", subtitle: "Your details, carriers, licensed states and results" };
export const meta: MetaFunction = () => [{ title: "Profile | Agency CRM" }];

function tabOf(url: URL): ProfileTab {
  const tab = url.searchParams.get("tab");
  return PROFILE_TABS.find((t) => t.value === tab)?.value ?? "overview";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const agent = await requireAgent({ request, context });
  const url = new URL(request.url);
  const tab = tabOf(url);
  // The twelve months are read only when the Performance tab is open.
  const [profile, stats, months] = await Promise.all([
    getAgentProfile(agent),
    getAgentStats(agent),
    tab === "performance" ? getAgentPerformance(agent) : null,
  ]);
  return {
    tab,
    editing: tab === "personal" && url.searchParams.get("edit") === "1",
    timeZone: agent.timezone,
    profile,
    stats,
    performance: months
      ? { rows: months.map((m) => ({ ...m, label: monthLabel(m.month) })), chart: performanceChart(months) }
      : null,
  };
}

type PersonalFailure = { values: PersonalInfoValues; errors: PersonalInfoErrors };

const UPDATE_FAILED = { type: "error" as const, title: "Update failed" };

export async function action({ request, context }: ActionFunctionArgs) {
  const agent = await requireAgent({ request, context });
  const form = await request.formData();
  const values: PersonalInfoValues = {
    firstName: String(form.get("firstName") ?? ""),
    lastName: String(form.get("lastName") ?? ""),
    phone: String(form.get("phone") ?? ""),
  };
  if (form.get("intent") !== "personal") {
    return redirectWithToast("/agent/profile", { ...UPDATE_FAILED, description: "Failed to update profile" });
  }
  const parsed = personalInfoSchema.safeParse(values);
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors as PersonalInfoErrors;
    return data<PersonalFailure>({ values, errors }, { status: 400 });
  }
  try {
    await updateAgentProfile(agent, { basicInfo: parsed.data });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectWithToast("/agent/profile?tab=personal&edit=1", {
      ...UPDATE_FAILED,
      description: `Failed to update profile: ${error.message}`,
    });
  }
  return redirectWithToast("/agent/profile?tab=personal", { title: PROFILE_MESSAGES.updated });
}

export default function ProfilePage() {
  const { tab, editing, timeZone, profile, stats, performance } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as PersonalFailure | undefined;
  return (
    <div className="space-y-6">
      <StatCards
        items={[
          { label: "Total Leads", value: stats.totalLeads },
          { label: "Conversion Rate", value: `${stats.conversionRate.toFixed(1)}%` },
          { label: "Total Commission", value: formatDollars(stats.totalCommission) },
        ]}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <ProfileTabs current={tab} />
        <ButtonLink variant="secondary" to="/agent/profile/edit">
          Edit profile, carriers and states
        </ButtonLink>
      </div>
      {tab === "overview" ? <OverviewPanel profile={profile} /> : null}
      {tab === "personal" ? (
        <PersonalInfo
          // A failed save remounts the form with what was typed.
          key={failure ? JSON.stringify(failure.values) : "saved"}
          profile={profile}
          timeZone={timeZone}
          editing={editing || Boolean(failure)}
          values={failure?.values}
          errors={failure?.errors}
        />
      ) : null}
      {tab === "carriers" ? <CarrierList profile={profile} manage /> : null}
      {tab === "states" ? <StatesPanel profile={profile} /> : null}
      {tab === "performance" && performance ? (
        <PerformancePanel rows={performance.rows} chart={performance.chart} />
      ) : null}
    </div>
  );
}
