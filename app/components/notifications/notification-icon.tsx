import type { ReactNode } from "react";
import { BellGlyph } from "./bell-glyph";

// One small inline SVG per notification type (part 1, section 2): a new lead, a retention
// reminder, a lead assigned to the reader, and a generic bell for any other type. Drawn with
// `currentColor`, so the colour comes from the circle around it.

const PATHS: Record<string, { tone: string; path: ReactNode }> = {
  // A person with a plus: someone new asked for cover.
  new_lead: {
    tone: "bg-green-100 text-green-700",
    path: (
      <>
        <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z" />
        <path d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1" />
        <path d="M19 8v6M16 11h6" />
      </>
    ),
  },
  // A clock: a payment or a policy needs attention soon.
  retention_reminder: {
    tone: "bg-amber-100 text-amber-800",
    path: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </>
    ),
  },
  // A person with an arrow: a lead was handed to the reader.
  lead_assigned: {
    tone: "bg-brand-100 text-brand-700",
    path: (
      <>
        <path d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z" />
        <path d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 4 1.5" />
        <path d="M16 18h6M19 15l3 3-3 3" />
      </>
    ),
  },
};

/** The type's icon in a tinted circle; decorative, since the title says what happened. */
export function NotificationIcon({ type }: { type: string }) {
  const known = Object.hasOwn(PATHS, type) ? PATHS[type] : undefined;
  return (
    <span
      className={`flex size-9 shrink-0 items-center justify-center rounded-full ${known?.tone ?? "bg-slate-100 text-slate-600"}`}
      data-notification-icon={known ? type : "other"}
    >
      {known ? (
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          className="size-5"
        >
          {known.path}
        </svg>
      ) : (
        <BellGlyph />
      )}
    </span>
  );
}
