// The lead forms one module loads together (lazy-lead-forms.tsx).
export { DispositionDialog, LeadDialog } from "./lead-dialogs";
export { LeadEditForm } from "./lead-edit-form";
