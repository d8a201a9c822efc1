// All Leads' dialogs, one module loaded together (lazy-admin-forms.tsx): the lead dialog with the
// agent's forms it reuses, and Reassign Lead. Kept apart from the agent's lead forms, so My Leads
// never fetches the admin's code.
export { AdminLeadDialog } from "./admin-lead-dialog";
export { ReassignDialog } from "./reassign-dialog";
