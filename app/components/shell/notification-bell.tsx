import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BellGlyph } from "~/components/notifications/bell-glyph";
import { useHydrated } from "~/utils/hydrated";

// The header's bell (part 1, section 2). Without JavaScript it is a link to the /notifications
// page. With it, it opens a small menu holding the same list and forms as that page: every change
// posts to the page's action, which redirects back here, so the shell's figures (the badge) come
// back fresh with that navigation rather than at the next 30 s poll.

type Panel = typeof import("~/components/notifications/notification-panel");

// The menu's contents (about 3 KB gzipped) are fetched when the bell is pointed at, focused or
// opened, then kept; pages do not ship them on first load.
let panel: Panel | undefined;
let loading: Promise<Panel> | undefined;
function loadPanel() {
  loading ??= import("~/components/notifications/notification-panel").then(
    (module) => (panel = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

const BUTTON_CLASS =
  "relative inline-flex size-10 shrink-0 items-center justify-center rounded-md text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50";

function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <BellGlyph />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-2 -right-2 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white ring-2 ring-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      ) : null}
    </>
  );
}

export function NotificationBell({
  counts,
  timezone,
}: {
  /** The shell's polled figures (both roles' include the unread notifications). */
  counts: { unreadNotifications: number };
  timezone: string;
}) {
  const hydrated = useHydrated();
  const unread = counts.unreadNotifications;
  // The shell's count stops at 100 (the badge shows 99+), and the name says what the badge says.
  const name = unread > 0 ? `Notifications, ${unread > 99 ? "99+" : unread} unread` : "Notifications";
  if (!hydrated) {
    return (
      <Link to="/notifications" aria-label={name} className={BUTTON_CLASS}>
        <BellFace unread={unread} />
      </Link>
    );
  }
  return <BellMenu name={name} unread={unread} timezone={timezone} />;
}

/** The menu's contents once their module is here; a message while it comes, or if it cannot. */
function PanelContents({ unread, timezone, onClearAll }: { unread: number; timezone: string; onClearAll: () => void }) {
  const [loaded, setLoaded] = useState<Panel | "failed" | undefined>(panel);
  useEffect(() => {
    if (panel) return;
    let live = true;
    loadPanel().then(
      (module) => live && setLoaded(module),
      () => live && setLoaded("failed"),
    );
    return () => {
      live = false;
    };
  }, []);
  if (loaded && loaded !== "failed") {
    return <loaded.default unread={unread} timezone={timezone} onClearAll={onClearAll} />;
  }
  return (
    <p role={loaded === "failed" ? "alert" : "status"} className="px-4 py-8 text-center text-sm text-slate-600">
      {loaded === "failed" ? "Failed to fetch notifications" : "Loading notifications..."}
    </p>
  );
}

/**
 * A disclosure: the button says whether the menu is open; opening moves focus into the menu;
 * Escape closes it and gives focus back to the button, as Clear all does; a click or focus
 * elsewhere, or another page, closes it. The menu hangs from the header (its positioned
 * ancestor): the header's width less a margin on a phone, 24rem at the right from 640 px.
 */
function BellMenu({ name, unread, timezone }: { name: string; unread: number; timezone: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    menu.current?.focus();
    const closeFromOutside = (event: Event) => {
      if (!(event.target instanceof Node && wrapper.current?.contains(event.target))) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", closeFromOutside);
    document.addEventListener("focusin", closeFromOutside);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", closeFromOutside);
      document.removeEventListener("focusin", closeFromOutside);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  const preload = () => void loadPanel().catch(() => {});
  return (
    <div ref={wrapper}>
      <button
        ref={button}
        type="button"
        aria-label={name}
        aria-expanded={open}
        aria-controls="notification-menu"
        onClick={() => setOpen((was) => !was)}
        onPointerEnter={preload}
        onFocus={preload}
        className={`${BUTTON_CLASS} ${open ? "bg-slate-100" : ""}`}
      >
        <BellFace unread={unread} />
      </button>
      {open ? (
        <div
          ref={menu}
          id="notification-menu"
          role="dialog"
          aria-label="Notifications"
          tabIndex={-1}
          className="absolute inset-x-2 top-full z-30 mt-1 flex max-h-[min(36rem,calc(100dvh-6rem))] flex-col overflow-hidden rounded-lg bg-white text-left shadow-xl ring-1 ring-slate-200 focus:outline-none sm:right-6 sm:left-auto sm:w-96"
        >
          <PanelContents
            unread={unread}
            timezone={timezone}
            onClearAll={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
