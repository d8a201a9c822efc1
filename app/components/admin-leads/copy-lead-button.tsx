import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { COPY_ICON, ROW_ACTION, STROKE_ICON } from "~/components/leads/lead-action-icons";
import { useHydrated } from "~/utils/hydrated";

/** How long the copied check shows (part 1, section 9: copy confirmation 2 s). */
const COPIED_MS = 2_000;

/**
 * Copy All Lead Information. The text (every field, the SSN and payment details in full, never
 * the CVV) comes from the server only on a post (intent "copy" to the page, `here`), which records
 * the copy. With JavaScript a fetcher posts it asking for the text back (`answer=text`) and puts it
 * on the clipboard, and the icon turns to a check for 2 seconds; without, the post redirects to
 * the lead's dialog showing the text to select.
 */
export function CopyLeadButton(props: CopyProps) {
  const hydrated = useHydrated();
  // The server's render (and the first in the browser) is a plain post: a list renders one in each
  // of its rows, and a fetcher each, whose path is resolved against the routes, cost its render
  // a good part of its time. The browser's own post is what happens before hydration anyway.
  if (hydrated) return <CopyWithFetcher {...props} />;
  const { here, id, name, label } = props;
  if (!label) {
    // A list row's: its lead's id posted through the list's one CopyLeadForm, its icon drawn by CSS.
    return (
      <button
        type="submit"
        form={COPY_LEAD_FORM}
        name="id"
        value={id}
        className={buttonClass(label)}
        title="Copy All Lead Information"
        aria-label={`Copy all information of ${name}`}
        data-icon="copy"
      >
        Copy
      </button>
    );
  }
  return (
    <form method="post" action={here} className="contents">
      <input type="hidden" name="intent" value="copy" />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={buttonClass(label)} title="Copy All Lead Information">
        <LabelledContent name={name} label={label} copied={false} />
      </button>
    </form>
  );
}

const COPY_LEAD_FORM = "copy-lead";

/** The one form the rows' Copy buttons post before hydration (intent "copy"), once before the rows. */
export function CopyLeadForm({ here }: { here: string }) {
  return (
    <form id={COPY_LEAD_FORM} method="post" action={here} className="hidden">
      <input type="hidden" name="intent" value="copy" />
    </form>
  );
}

type CopyProps = { here: string; id: string; name: string; label?: string };

const buttonClass = (label: string | undefined) =>
  label
    ? "inline-flex min-h-9 items-center gap-1.5 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
    : ROW_ACTION;

/** The dialog's Copy All Info: its icon drawn inline, its words, and whose, spoken. */
function LabelledContent({ name, label, copied }: { name: string; label: string; copied: boolean }) {
  return (
    <>
      <svg aria-hidden="true" {...STROKE_ICON} className={`size-4 shrink-0 ${copied ? "text-green-700" : ""}`}>
        {copied ? <path d="m5 13 4 4L19 7" /> : COPY_ICON}
      </svg>
      <span>{label}</span>
      <span className="sr-only"> all information of {name}</span>
    </>
  );
}

function CopyWithFetcher({ here, id, name, label }: CopyProps) {
  const fetcher = useFetcher<{ copyText?: string }>();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");

  useEffect(() => {
    const text = fetcher.data?.copyText;
    if (fetcher.state !== "idle" || !text) return;
    let timer: number | undefined;
    navigator.clipboard
      .writeText(text)
      .then(() => setState("copied"))
      .catch(() => setState("failed"))
      .finally(() => {
        timer = window.setTimeout(() => setState("idle"), COPIED_MS);
      });
    return () => window.clearTimeout(timer);
  }, [fetcher.state, fetcher.data]);

  return (
    <>
      <button
        type="button"
        className={buttonClass(label)}
        title="Copy All Lead Information"
        aria-label={label ? undefined : `Copy all information of ${name}`}
        data-icon={label ? undefined : state === "copied" ? "copied" : "copy"}
        aria-busy={fetcher.state !== "idle"}
        onClick={() =>
          fetcher.submit(
            { intent: "copy", id, answer: "text" },
            { method: "post", action: here, preventScrollReset: true },
          )
        }
      >
        {label ? <LabelledContent name={name} label={label} copied={state === "copied"} /> : "Copy"}
      </button>
      {/* The spec's toasts (part 1, section 8), for the 2 seconds the icon shows the outcome. */}
      <span
        role="status"
        className={
          state === "idle"
            ? "sr-only"
            : "fixed inset-x-2 bottom-2 z-[70] rounded-md border-l-4 bg-white p-3 text-sm shadow-lg ring-1 ring-slate-200 sm:right-4 sm:left-auto sm:max-w-sm " +
              (state === "copied" ? "border-green-600 text-slate-900" : "border-red-600 text-red-800")
        }
      >
        {state === "copied" ? (
          <>
            <strong>Lead information copied!</strong> All lead details have been copied to your clipboard.
          </>
        ) : state === "failed" ? (
          <>
            <strong>Copy failed</strong> Could not copy to clipboard. Please try again.
          </>
        ) : null}
      </span>
    </>
  );
}
