import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ButtonLink } from "./button";
import { SubmitButton } from "./submit-button";
import { UrlDialog } from "./url-dialog";

/** Cancel (a link back to the list) and the dialog's own buttons, laid out one way everywhere. */
export function DialogActions({
  closeTo,
  closeLabel = "Cancel",
  children,
}: {
  closeTo: string;
  closeLabel?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
      <ButtonLink to={closeTo} variant="secondary" preventScrollReset>
        {closeLabel}
      </ButtonLink>
      {children}
    </div>
  );
}

/** Hidden inputs that say which row a form acts on. */
export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/**
 * "Are you sure?" for one intent on one row: a URL-addressed dialog (it works without
 * JavaScript) holding a form that posts the intent and the row's fields.
 */
export function ConfirmDialog({
  title,
  closeTo,
  action,
  intent,
  fields,
  confirmLabel,
  pendingLabel,
  closeLabel,
  danger = false,
  children,
}: {
  title: string;
  closeTo: string;
  /** Where the form posts; the current URL when left out. */
  action?: string;
  intent: string;
  fields: Record<string, string>;
  confirmLabel: string;
  pendingLabel: string;
  /** The link back's text, when "Cancel" would read as the action itself (Mark as Cancelled). */
  closeLabel?: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" action={action} preventScrollReset className="space-y-4">
        <HiddenFields fields={fields} />
        <div className="space-y-2 text-sm text-slate-700">{children}</div>
        <DialogActions closeTo={closeTo} closeLabel={closeLabel}>
          <SubmitButton intent={intent} pendingLabel={pendingLabel} variant={danger ? "danger" : "primary"}>
            {confirmLabel}
          </SubmitButton>
        </DialogActions>
      </Form>
    </UrlDialog>
  );
}
