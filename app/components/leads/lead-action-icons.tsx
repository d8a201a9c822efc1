// The row actions' icons: on a wide screen the actions are icon buttons with a tooltip and a spoken
// name, on a phone the same buttons with their words. A list's rows draw them with CSS (`data-icon`);
// Copy All Info in the admin's lead dialog draws its own inline.

/** Copy All Lead Information's drawing, for the dialog's button. */
export const COPY_ICON = (
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </>
);

/** A list row's action: its icon and word on a phone, the icon alone on a wide screen (app/tailwind.css). */
export const ROW_ACTION = "row-action row-action-compact";

/** A lead row action's icon: its `data-icon`, drawn by `.row-action[data-icon]` (app/tailwind.css). */
export type IconName = "details" | "edit" | "call" | "status" | "policy" | "copy" | "copied";

/** The line style of the lead icons drawn inline (the CSS ones are drawn alike). */
export const STROKE_ICON = {
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;
