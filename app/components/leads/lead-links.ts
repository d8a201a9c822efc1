import { useActionData } from "@remix-run/react";
import type { LeadEditResult } from "./lead-edit-form";

// What the lead pages name in their URLs and forms, in a module of its own: the list, the
// dashboards and the lead's page refer to them without loading the forms (lazy-lead-forms.tsx).

/**
 * A lead's row in My Leads, by its element id: the target of ?highlight= and of the dashboard's
 * Edit link (`/agent/leads?highlight={id}#lead-{id}`).
 */
export const leadRowId = (id: string) => `lead-${id}`;

/** The dialogs My Leads opens from ?dialog=…&id=<lead>. */
export const LEAD_DIALOGS = ["details", "edit", "status", "disposition", "policy"] as const;
export type LeadDialogName = (typeof LEAD_DIALOGS)[number];

/** What the edit form posts as its intent, on My Leads and on the application page. */
export const EDIT_INTENT = "edit";

/** The edit form's last answer (its field errors, the numbers kept sealed), if it was the edit's. */
export function useLeadEditAnswer(): LeadEditResult | undefined {
  const actionData = useActionData<(LeadEditResult & { intent?: string }) | undefined>();
  return actionData?.intent === EDIT_INTENT ? actionData : undefined;
}
