// The lead forms one module loads together (lazy-lead-forms.tsx), the Callbacks page's Reschedule and the admin's lead dialog among them.
export { DispositionDialog, LeadDialog } from "./lead-dialogs";
export { LeadEditForm } from "./lead-edit-form";
export { RescheduleDialog } from "../callbacks/reschedule-dialog";
export { AdminLeadDialog } from "../admin-leads/admin-lead-dialog";
export { ReassignDialog } from "../admin-leads/reassign-dialog";
