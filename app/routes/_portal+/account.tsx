import { NavLink, Outlet } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/app-shell";

export const handle: PageHandle = {
  title: "Account Security",
  subtitle: "Two-factor sign-in, your sessions and your API tokens",
};

// The account's security pages, open to both roles inside their own portal (the portal layout
// frames them); each tab is a page of its own, so it works without JavaScript.
const TABS = [
  { to: "/account/security", label: "Two-factor sign-in" },
  { to: "/account/sessions", label: "Sessions" },
  { to: "/account/api-tokens", label: "API tokens" },
];

export default function AccountLayout() {
  return (
    <div className="space-y-5">
      <nav aria-label="Account security">
        <ul className="flex flex-wrap gap-2">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink to={tab.to} className="filter-tab" prefetch="intent">
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
