// The lead forms one module loads together (lazy-lead-forms.tsx), the Callbacks page's Reschedule among them.
export { DispositionDialog, LeadDialog } from "./lead-dialogs";
export { LeadEditForm } from "./lead-edit-form";
export { RescheduleDialog } from "../callbacks/reschedule-dialog";
export { PolicyDialog } from "../policy/policy-dialog";
