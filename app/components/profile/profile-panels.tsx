import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatDate, formatPhone, fullName } from "~/domain/format";

export const PROFILE_TABS = [
  { value: "overview", label: "Overview" },
  { value: "personal", label: "Personal Info" },
  { value: "carriers", label: "Carriers" },
  { value: "states", label: "States" },
  { value: "performance", label: "Performance" },
] as const;

export type ProfileTab = (typeof PROFILE_TABS)[number]["value"];

export type ProfileView = {
  user: { firstName: string; lastName: string; email: string; phone: string | null };
  companyName: string | null;
  licenseNumber: string;
  createdAt: string;
  carrierProducts: { id: string; name: string; products: { id: string; name: string; compPercentage: number }[] }[];
  licensedStates: string[];
};

/** The tabs are links (?tab=), so each works without JavaScript and can be bookmarked. */
export function ProfileTabs({ current }: { current: ProfileTab }) {
  return (
    <nav aria-label="Profile sections">
      <ul className="flex flex-wrap gap-2">
        {PROFILE_TABS.map((tab) => (
          <li key={tab.value}>
            <Link
              to={tab.value === "overview" ? "/agent/profile" : `/agent/profile?tab=${tab.value}`}
              preventScrollReset
              aria-current={tab.value === current ? "page" : undefined}
              className="filter-tab"
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm [overflow-wrap:anywhere] text-slate-900">{children}</dd>
    </div>
  );
}

function productCount(profile: ProfileView) {
  return profile.carrierProducts.reduce((sum, c) => sum + c.products.length, 0);
}

export function OverviewPanel({ profile }: { profile: ProfileView }) {
  const { user } = profile;
  return (
    <div className="space-y-4">
      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-slate-900">{fullName(user)}</h2>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="Phone">{user.phone ? formatPhone(user.phone) : "Not set"}</Detail>
          <Detail label="Email">{user.email}</Detail>
          <Detail label="Company">{profile.companyName || "Not set"}</Detail>
          <Detail label="License Number">{profile.licenseNumber}</Detail>
          <Detail label="Licensed States">{profile.licensedStates.length}</Detail>
          <Detail label="Carriers">{profile.carrierProducts.length}</Detail>
          <Detail label="Products">{productCount(profile)}</Detail>
        </dl>
      </Card>
      <CarrierList profile={profile} />
    </div>
  );
}

/** Each carrier with its products and the percentages the agent earns. */
export function CarrierList({ profile, manage = false }: { profile: ProfileView; manage?: boolean }) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Carriers and products</h2>
        {manage ? (
          <ButtonLink variant="secondary" to="/agent/profile/edit#carriers">
            Manage carriers and products
          </ButtonLink>
        ) : null}
      </div>
      {profile.carrierProducts.length === 0 ? (
        <p className="text-sm text-slate-600">No carriers yet. Add the carriers you write for from Edit Profile.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {profile.carrierProducts.map((carrier) => (
            <li key={carrier.id} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
              <p className="font-semibold text-slate-900">{carrier.name}</p>
              <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                {carrier.products.map((product) => (
                  <li key={product.id} className="flex justify-between gap-4">
                    <span className="min-w-0 [overflow-wrap:anywhere]">{product.name}</span>
                    <span className="tabular-nums">{product.compPercentage}%</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function StatesPanel({ profile }: { profile: ProfileView }) {
  return (
    <Card className="p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Licensed states ({profile.licensedStates.length})</h2>
        <ButtonLink variant="secondary" to="/agent/profile/edit#states">
          Manage licensed states
        </ButtonLink>
      </div>
      {profile.licensedStates.length === 0 ? (
        <p className="text-sm text-slate-600">No licensed states yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {profile.licensedStates.map((state) => (
            <li key={state} className="rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
              {state}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export function memberSince(profile: ProfileView, timeZone: string) {
  return formatDate(profile.createdAt, timeZone);
}
