import type { ReactNode } from "react";

// The row actions' icons (inline SVG, drawn with currentColor): on a wide screen the actions are
// icon buttons with a tooltip and a spoken name, on a phone the same buttons with their words.

/** Copy All Lead Information's drawing (also drawn inline by its button once JavaScript runs). */
export const COPY_ICON = (
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </>
);

const PATHS: Record<"details" | "edit" | "call" | "status" | "copy", ReactNode> = {
  details: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </>
  ),
  edit: (
    <>
      <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </>
  ),
  call: <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />,
  status: (
    <>
      <path d="M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9Z" />
      <circle cx="7.5" cy="7.5" r="1.5" />
    </>
  ),
  copy: COPY_ICON,
};

export type IconName = keyof typeof PATHS;

/** The line style of every lead icon, the sprite's and Copy All Lead Information's alike. */
export const STROKE_ICON = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

/**
 * The icons' drawings, once per page: each row's icons refer to them (`<use>`), so a page of
 * twenty leads does not repeat eighty drawings. Render it once, before the rows.
 */
export function LeadActionIconSprite() {
  return (
    <svg aria-hidden="true" className="absolute size-0 overflow-hidden">
      {(Object.keys(PATHS) as IconName[]).map((name) => (
        <symbol key={name} id={`lead-icon-${name}`} {...STROKE_ICON}>
          {PATHS[name]}
        </symbol>
      ))}
    </svg>
  );
}

/** A row action's icon; `.row-action` sizes it (app/tailwind.css). */
export function LeadActionIcon({ name }: { name: IconName }) {
  return (
    <svg aria-hidden="true">
      <use href={`#lead-icon-${name}`} />
    </svg>
  );
}
