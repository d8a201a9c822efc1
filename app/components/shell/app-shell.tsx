import { Form, Link, useFetcher, useLocation, useMatches } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { CountBadge } from "~/components/ui/card";
import { formatClock, fullName } from "~/domain/format";
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

/**
 * The spec's rule (part 1, section 2): an item is active when the path equals or starts with its
 * route, so /admin/retention-detailed is under Retention Tracking. Path segments alone (NavLink's
 * rule) would leave no item active there.
 * @internal Exported for its unit test.
 */
export function isActiveNavItem(pathname: string, to: string) {
  return pathname === to || pathname.startsWith(to);
}

/** The one item shown as current: the longest that matches (/admin/leads/import is Import Leads, not All Leads). */
function activeNavTo(pathname: string, nav: { to: string }[]) {
  return nav
    .filter((item) => isActiveNavItem(pathname, item.to))
    .reduce<string | null>((best, item) => (best === null || item.to.length > best.length ? item.to : best), null);
}

/** Escape closes the open menu drawer (the checkbox), and focus stays on its button. */
function useEscapeClosesMenu() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const toggle = document.getElementById("nav-toggle");
      if (event.key !== "Escape" || !(toggle instanceof HTMLInputElement) || !toggle.checked) return;
      toggle.checked = false;
      toggle.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

function TimezonePicker({ timezone, id }: { timezone: string; id: string }) {
  const location = useLocation();
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get("timezone");
  // Its own text colour: in the drawer it sits in pale text meant for the dark background.
  return (
    <fetcher.Form method="post" action="/timezone" className="flex items-center gap-1">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor={id} className="sr-only">
        Time zone
      </label>
      <select
        id={id}
        name="timezone"
        defaultValue={typeof pending === "string" ? pending : timezone}
        onChange={(e) => fetcher.submit(e.currentTarget.form)}
        className="rounded-md border-0 bg-white py-1 pr-7 pl-2 text-xs text-slate-900 ring-1 ring-slate-300"
      >
        {TIMEZONES.map((tz) => (
          <option key={tz.value} value={tz.value}>
            {tz.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="rounded bg-slate-200 px-2 py-1 text-xs text-slate-900">
          Set
        </button>
      </noscript>
    </fetcher.Form>
  );
}

/** Who is signed in: in the header from 640 px, at the top of the drawer below it. */
function SignedIn({ user, roleLabel, place }: { user: ShellUser; roleLabel: string; place: "header" | "drawer" }) {
  const inDrawer = place === "drawer";
  return (
    <div
      className={
        inDrawer
          ? "min-w-0 px-5 pb-3 text-sm [overflow-wrap:anywhere] sm:hidden"
          : "hidden max-w-64 min-w-0 text-right [overflow-wrap:anywhere] sm:block"
      }
    >
      <p className={`font-medium ${inDrawer ? "text-white" : "text-slate-900"}`}>{fullName(user)}</p>
      <p className={`text-xs ${inDrawer ? "text-slate-400" : "text-slate-500"}`}>{roleLabel}</p>
    </div>
  );
}

/**
 * The clock, the time zone (and who is signed in) and Logout: in the header from 640 px, at the foot of the drawer
 * below it (after the links, so the first Tab into the open drawer is still its first link).
 */
function AccountControls({
  user,
  roleLabel,
  clock,
  place,
}: {
  user: ShellUser;
  roleLabel: string;
  clock: string;
  place: "header" | "drawer";
}) {
  const inDrawer = place === "drawer";
  return (
    <div
      className={
        inDrawer
          ? "flex flex-wrap items-center gap-3 border-t border-slate-700 px-5 py-4 text-sm text-slate-300 sm:hidden"
          : "hidden flex-wrap items-center gap-3 sm:flex"
      }
    >
      <Clock timeZone={user.timezone} initial={clock} />
      <TimezonePicker timezone={user.timezone} id={`timezone-picker-${place}`} />
      {inDrawer ? null : <SignedIn user={user} roleLabel={roleLabel} place="header" />}
      <Form method="post" action="/logout">
        <button
          type="submit"
          className={`rounded-md px-3 py-1.5 text-sm font-medium ring-1 ${inDrawer ? "text-white ring-slate-600 hover:bg-slate-800" : "text-slate-700 ring-slate-300 hover:bg-slate-50"}`}
        >
          Logout
        </button>
      </Form>
    </div>
  );
}

/**
 * The portal frame: sidebar, header and content. Below 1280 px the sidebar is a drawer behind a
 * menu button: at 1024 px a fixed 256 px sidebar left lists 720 px, too narrow for their columns
 * without splitting words, and squeezed the page title to one letter. The button is a real checkbox (it opens and closes the drawer without JavaScript
 * too), drawn as a button where the header starts and, while the drawer is open, as its close
 * button: one control, with a name and a visible focus ring. It comes before the drawer in the
 * page, so the next Tab after opening it is the first link. A closed drawer is
 * `visibility: hidden`, so its links take no Tab stop, and `content-visibility: hidden`, so the
 * browser neither styles nor lays out its links and account controls until it opens (about 80
 * elements on every page's first paint; the value flips to visible for the whole slide, in and
 * out, as `visibility` does); from 1280 px the sidebar is always there and the button is
 * `display: none`, out of the Tab order.
 */
export function AppShell({
  user,
  nav,
  clock,
  children,
  headerExtra,
  bell,
}: {
  user: ShellUser;
  nav: NavItem[];
  clock: string;
  children: ReactNode;
  headerExtra?: ReactNode;
  /** The notification bell; its panel hangs from the header, which is positioned for it. */
  bell?: ReactNode;
}) {
  const heading = usePageHeading();
  const location = useLocation();
  const activeTo = activeNavTo(location.pathname, nav);
  useEscapeClosesMenu();
  const roleLabel = user.role === "admin" ? "Administrator" : "Agent";
  // Where the menu button sits: over the header's first 56 px while closed, at the drawer's top
  // right corner while open. The icons are drawn over it (they let clicks through).
  const closedSpot = "absolute top-3 left-4";
  const openSpot = "peer-checked:fixed peer-checked:left-52";

  return (
    <div className="relative min-h-full">
      {/* A new page closes the menu (a fresh checkbox). */}
      <input
        type="checkbox"
        id="nav-toggle"
        aria-label="Menu"
        aria-controls="sidebar"
        key={location.pathname}
        className={`peer z-50 size-10 cursor-pointer appearance-none rounded-md bg-white ring-1 ring-slate-300 checked:fixed checked:left-52 checked:bg-slate-900 checked:ring-0 checked:focus-visible:outline-white xl:hidden print:hidden ${closedSpot}`}
      />
      <span
        aria-hidden="true"
        className={`pointer-events-none z-50 flex size-10 items-center justify-center text-lg text-slate-700 peer-checked:hidden xl:hidden print:hidden ${closedSpot}`}
      >
        ☰
      </span>
      <span
        aria-hidden="true"
        className={`pointer-events-none z-50 hidden size-10 items-center justify-center text-slate-300 peer-checked:flex xl:peer-checked:hidden ${closedSpot} ${openSpot}`}
      >
        ✕
      </span>
      {/* The backdrop of the open menu: a click on it closes the menu (the keyboard uses the button). */}
      <label
        htmlFor="nav-toggle"
        className="fixed inset-0 z-30 hidden bg-slate-900/50 peer-checked:block xl:peer-checked:hidden"
        aria-hidden="true"
      >
        <span className="sr-only">Close menu</span>
      </label>
      <aside
        id="sidebar"
        className="invisible fixed inset-y-0 left-0 z-40 flex w-64 -translate-x-full flex-col bg-slate-900 text-slate-100 transition-[translate,visibility,content-visibility] transition-discrete [content-visibility:hidden] peer-checked:visible peer-checked:translate-x-0 peer-checked:[content-visibility:visible] motion-reduce:transition-none xl:visible xl:translate-x-0 xl:[content-visibility:visible] print:hidden"
      >
        <div className="flex h-16 shrink-0 items-center px-5">
          <span className="text-lg font-bold">Agency CRM</span>
        </div>
        <SignedIn user={user} roleLabel={roleLabel} place="drawer" />
        <nav aria-label="Main" className="flex-1 overflow-y-auto px-3 pb-4">
          <ul className="space-y-1">
            {nav.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  prefetch="intent"
                  aria-current={item.to === activeTo ? "page" : undefined}
                  className={`flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium ${item.to === activeTo ? "bg-brand-600 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"}`}
                >
                  <span>{item.label}</span>
                  {item.badge !== undefined ? <CountBadge count={item.badge} /> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <AccountControls user={user} roleLabel={roleLabel} clock={clock} place="drawer" />
      </aside>
      <div className="xl:pl-64 print:pl-0">
        <header className="relative z-20 border-b border-slate-200 bg-white/95 backdrop-blur xl:sticky xl:top-0 print:hidden">
          {/* On a phone one row: the title, the page's figure and the bell; the rest is in the drawer. */}
          <div className="flex min-h-16 items-center gap-x-3 gap-y-2 py-2 pr-4 pl-18 sm:flex-wrap sm:gap-x-4 sm:pr-6 xl:pl-6">
            {/* Never narrower than a short title: the header's controls wrap to a second line first. */}
            <div className="min-w-0 flex-1 sm:min-w-48">
              <h1 className="truncate text-lg font-semibold text-slate-900">{heading.title}</h1>
              {heading.subtitle ? <p className="truncate text-sm text-slate-500">{heading.subtitle}</p> : null}
            </div>
            <div className="flex shrink-0 items-center gap-3 text-sm text-slate-600 sm:flex-wrap">
              {bell}
              {headerExtra}
              <AccountControls user={user} roleLabel={roleLabel} clock={clock} place="header" />
            </div>
          </div>
        </header>
        <main className="px-4 py-6 sm:px-6">{children}</main>
      </div>
    </div>
  );
}
