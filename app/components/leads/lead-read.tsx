import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, type ButtonHTMLAttributes } from "react";
import { RowForm } from "~/components/ui/row-navigation";
import { useHydrated } from "~/utils/hydrated";

// Opening a lead marks it read for the user, but a GET never writes (decision 046): the loader only
// says whether the lead is still unread, and the marking is a post.

/** The id of the one form every row's Details button posts (OpenLeadForm). */
const OPEN_LEAD_FORM = "open-lead";

/**
 * The rows' Details post (intent "open") marks the lead read and redirects to the open lead, with
 * or without JavaScript, so the New Lead badge and the sidebar's count drop at once. One form for
 * the whole list, rendered once before its rows: each row's button sends its own lead's id
 * (`form`, `name` and `value`), instead of a form and two hidden fields in every row.
 */
export function OpenLeadForm({
  here,
}: {
  /** The page's URL: the action answers with the same list and the lead's dialog open. */ here: string;
}) {
  return (
    <RowForm id={OPEN_LEAD_FORM} action={here} className="hidden">
      <input type="hidden" name="intent" value="open" />
    </RowForm>
  );
}

/** A list row's Details: submits the list's OpenLeadForm with this lead's id. */
export function OpenLeadButton({
  id,
  ...props
}: { id: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "form" | "name" | "value" | "type">) {
  return <button type="submit" form={OPEN_LEAD_FORM} name="id" value={id} {...props} />;
}

/**
 * A lead opened by a link (the name, Edit, a dashboard's or a notification's link) that is still
 * unread for this user. With JavaScript it posts POST /api/leads/{id}/mark-read once; the loaders
 * then revalidate, so the badges drop. Without, on a page (`here`, not a modal dialog, whose
 * backdrop would cover it), it is a small Mark as read button: intent "open" on the page's action,
 * answered with the same URL.
 */
export function MarkLeadRead({ id, unread, here }: { id: string; unread: boolean; here?: string }) {
  const hydrated = useHydrated();
  const { revalidate } = useRevalidator();
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!hydrated || !unread || sent.current === id) return;
    sent.current = id;
    // A plain POST, not a fetcher: the router would first look the API route up (lazy route
    // discovery) and fetch its empty module, two more requests on a slow link (docs/decisions/053).
    void fetch(`/api/leads/${encodeURIComponent(id)}/mark-read`, { method: "POST" })
      // The answer is read to its end: left unread, the request stayed open (the page never went
      // network-idle in the page-weight e2e).
      .then(async (response) => {
        await response.text();
        if (response.ok) revalidate();
      })
      .catch(() => {});
  }, [hydrated, unread, id, revalidate]);
  if (!unread || !here) return null;
  // Hidden by CSS from the first paint when JavaScript runs (root.tsx's `js` class), not at
  // hydration, which moved the page (docs/decisions/053).
  return (
    <Form method="post" action={here} preventScrollReset replace className="[.js_&]:hidden">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        className="ring-brand-200 rounded px-2 py-1 text-xs font-semibold text-brand-700 ring-1 hover:bg-brand-50"
      >
        Mark as read
      </button>
    </Form>
  );
}
