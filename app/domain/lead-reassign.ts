// What the Reassign Lead dialog, its page action and the reassign API share, kept free of zod so
// the All Leads page's bundle does not carry it (the schema is in schemas/lead-reassign.ts).

export const REASSIGN_INTENT = "reassign";

/** Leads one reassignment may move: a page of selected rows, and one short transaction. */
export const REASSIGN_MAX_LEADS = 100;

export const REASSIGN_MESSAGES = {
  // The spec's rule (part 1, section 5: "Reassign: an agent must be chosen").
  agentRequired: "Please select an agent",
  agentNotFound: "That agent was not found. Please select another agent.",
  leadsRequired: "Select at least one lead to reassign.",
  tooManyLeads: `Reassign at most ${REASSIGN_MAX_LEADS} leads at a time.`,
  confirmChoice: "confirmUnlicensed must be true or false.",
} as const;

/** The spec's toasts (part 1, section 9). */
export const REASSIGN_TOASTS = {
  success: { title: "Lead reassigned successfully", description: "The lead has been assigned to the new agent" },
  failure: { title: "Reassignment failed", description: "Failed to reassign lead" },
} as const;

/**
 * The lead ids of `?ids=a,b,c` (the dialog's URL) or of repeated `ids` form fields: trimmed, empty
 * parts dropped, each once, in the order given.
 */
export function reassignIdsOf(values: readonly (string | null | undefined)[]): string[] {
  const ids = values.flatMap((value) => (value ?? "").split(",")).map((id) => id.trim());
  return [...new Set(ids.filter(Boolean))];
}

/**
 * What the page's action answers a refused post (status 400 or 409), for the dialog: the agent
 * picked, the message at the agent field, or the states to confirm (the second step, "Reassign
 * anyway").
 */
export type ReassignIntentResult = {
  intent: typeof REASSIGN_INTENT;
  agentId: string;
  agentError: string | null;
  confirm: { agentId: string; message: string; states: string[] } | null;
};
