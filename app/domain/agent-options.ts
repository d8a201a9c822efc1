// The admin's agent screens' choices, free of schema code so the pages that link to them do not
// ship the validation library (the forms that validate load on their own: lazy-agent-dialog.tsx).

/** The status tabs of Agent Approval (?tab=) and Agents Management (?status=); the first is the default. */
export const AGENT_TABS = ["all", "pending", "approved", "paused", "rejected"] as const;
export type AgentTab = (typeof AGENT_TABS)[number];

/** The agent dialogs a page opens from ?dialog=…&agent=<id>. */
export const AGENT_DIALOGS = [
  "approve",
  "reject",
  "assign-bdm",
  "add-calls",
  "generate-password",
  "view-password",
] as const;
export type AgentDialogName = (typeof AGENT_DIALOGS)[number];
