import { Form, NavLink, useFetcher, useLocation, useMatches } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { CountBadge } from "~/components/ui/card";
import { formatClock } from "~/domain/format";
import { TIMEZONES } from "~/domain/timezones";
import { usePolledJson } from "~/utils/polling";

export type NavItem = { to: string; label: string; badge?: number };
export type ShellUser = { firstName: string; lastName: string; timezone: string; role: "admin" | "agent" };

/**
 * The shell's figures (badges, Calls Left Today): the layout loader's on every page load, then
 * GET /api/counts every 30 s while the tab is visible, which runs only those counts instead of
 * every loader of the page.
 */
export function useShellCounts<T>(fromLoader: T): T {
  return usePolledJson("/api/counts", fromLoader, 30_000);
}

/** Each page says what the header shows through its route `handle`. */
export type PageHandle = { title: string; subtitle?: string };

function usePageHeading(): PageHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as Partial<PageHandle> | undefined;
    if (handle?.title) return { title: handle.title, subtitle: handle.subtitle };
  }
  return { title: "" };
}

/** Server-rendered time in the user's zone; with JavaScript it keeps ticking each minute. */
function Clock({ timeZone, initial }: { timeZone: string; initial: string }) {
  const [text, setText] = useState(initial);
  useEffect(() => {
    setText(formatClock(new Date(), timeZone));
    const timer = window.setInterval(() => setText(formatClock(new Date(), timeZone)), 60_000);
    return () => window.clearInterval(timer);
  }, [timeZone]);
  return <span className="tabular-nums">{text}</span>;
}

function TimezonePicker({ timezone }: { timezone: string }) {
  const location = useLocation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("timezone");
  return (
    <fetcher.Form method="post" action="/timezone" className="flex items-center gap-1">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="timezone-picker" className="sr-only">
        Time zone
      </label>
      <select
        id="timezone-picker"
        name="timezone"
        defaultValue={typeof pending === "string" ? pending : timezone}
        onChange={(e) => fetcher.submit(e.currentTarget.form)}
        className="rounded-md border-0 bg-white py-1 pr-7 pl-2 text-xs ring-1 ring-slate-300"
      >
        {TIMEZONES.map((tz) => (
          <option key={tz.value} value={tz.value}>
            {tz.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded bg-slate-200 px-2 py-1 text-xs">
          Set
        </button>
      </noscript>
    </fetcher.Form>
  );
}

/**
 * The portal frame: sidebar, header and content. On small screens the sidebar hides behind a
 * menu button; a checkbox drives it, so it opens and closes without JavaScript too.
 */
export function AppShell({
  user,
  nav,
  clock,
  children,
  headerExtra,
}: {
  user: ShellUser;
  nav: NavItem[];
  clock: string;
  children: ReactNode;
  headerExtra?: ReactNode;
}) {
  const heading = usePageHeading();
  const location = useLocation();
  const roleLabel = user.role === "admin" ? "Administrator" : "Agent";

  return (
    <div className="min-h-full">
      <input type="checkbox" id="nav-toggle" className="peer sr-only" key={location.pathname} />
      {/* The backdrop of the open menu: a click on it closes the menu (the Close button is the accessible way). */}
      <label
        htmlFor="nav-toggle"
        className="fixed inset-0 z-30 hidden bg-slate-900/50 peer-checked:block lg:peer-checked:hidden"
        aria-hidden="true"
      >
        <span className="sr-only">Close menu</span>
      </label>
      <aside className="fixed inset-y-0 left-0 z-40 flex w-64 -translate-x-full flex-col bg-slate-900 text-slate-100 transition-transform peer-checked:translate-x-0 lg:translate-x-0">
        <div className="flex h-16 items-center justify-between px-5">
          <span className="text-lg font-bold">Agency CRM</span>
          <label
            htmlFor="nav-toggle"
            className="cursor-pointer rounded p-1 text-slate-300 hover:bg-slate-800 lg:hidden"
            aria-label="Close menu"
          >
            ✕
          </label>
        </div>
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 pb-4">
          <ul className="space-y-1">
            {nav.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  prefetch="intent"
                  className={({ isActive }) =>
                    `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"}`
                  }
                >
                  <span>{item.label}</span>
                  {item.badge !== undefined ? <CountBadge count={item.badge} /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="lg:pl-64">
        <header className="z-20 border-b border-slate-200 bg-white/95 backdrop-blur lg:sticky lg:top-0">
          <div className="flex min-h-16 flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6">
            <label
              htmlFor="nav-toggle"
              className="cursor-pointer rounded-md p-2 text-slate-700 ring-1 ring-slate-300 lg:hidden"
              aria-label="Open menu"
            >
              <span aria-hidden="true">☰</span>
            </label>
            <div className="min-w-0 flex-1">
              <h1 className="truncate text-lg font-semibold text-slate-900">{heading.title}</h1>
              {heading.subtitle ? <p className="truncate text-sm text-slate-500">{heading.subtitle}</p> : null}
            </div>
            <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
              {headerExtra}
              <Clock timeZone={user.timezone} initial={clock} />
              <TimezonePicker timezone={user.timezone} />
              <div className="hidden text-right sm:block">
                <p className="font-medium text-slate-900">
                  {user.firstName} {user.lastName}
                </p>
                <p className="text-xs text-slate-500">{roleLabel}</p>
              </div>
              <Form method="post" action="/logout">
                <button
                  type="submit"
                  className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                >
                  Logout
                </button>
              </Form>
            </div>
          </div>
        </header>
        <main className="px-4 py-6 sm:px-6">{children}</main>
      </div>
    </div>
  );
}
