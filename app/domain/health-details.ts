// A lead's health details (issue 25 item 7, docs/decisions/070): encrypted at rest like the SSN and
// masked until Show in every view, export, API answer and the Copy All text. No schema code here,
// so the pages that show a lead can import it without zod.

/** The lead's fields that hold health details (the spec's names). */
export const HEALTH_FIELDS = ["doctorName", "doctorPhone", "medications", "medicalHistory"] as const;
export type HealthField = (typeof HEALTH_FIELDS)[number];

/**
 * What is shown of a stored health detail until it is revealed: no part of it (a last four of a
 * medical history would be a piece of the history). A field with nothing stored stays null.
 * Posted back unchanged by an edit, it keeps the stored value.
 */
export const HEALTH_MASK = "••••";

/** What the edit form says under a health detail's box that holds the mask. */
export const HEALTH_MASK_HINT = `Hidden. Leave ${HEALTH_MASK} to keep it, type over it to replace it, or empty the box to clear it.`;
