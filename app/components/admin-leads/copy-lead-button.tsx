import { Form, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { STROKE_ICON } from "~/components/leads/lead-action-icons";
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
export function CopyLeadButton({ here, id, name, label }: { here: string; id: string; name: string; label?: string }) {
  const hydrated = useHydrated();
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

  const icon =
    state === "copied" ? (
      <path d="m5 13 4 4L19 7" />
    ) : (
      <>
        <rect x="9" y="9" width="11" height="11" rx="2" />
        <path d="M5 15V5a2 2 0 0 1 2-2h10" />
      </>
    );
  const content = (
    <>
      <svg
        aria-hidden="true"
        {...STROKE_ICON}
        className={`size-4 shrink-0 ${state === "copied" ? "text-green-700" : ""}`}
      >
        {icon}
      </svg>
      <span className={label ? "" : "sm:sr-only"}>{label ?? "Copy"}</span>
      <span className="sr-only"> all information of {name}</span>
    </>
  );
  const className = label
    ? "inline-flex min-h-9 items-center gap-1.5 rounded-md bg-white px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
    : "row-action sm:px-0";
  if (!hydrated) {
    return (
      <Form method="post" action={here} preventScrollReset className="contents">
        <input type="hidden" name="intent" value="copy" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className={className} title="Copy All Lead Information">
          {content}
        </button>
      </Form>
    );
  }
  return (
    <>
      <button
        type="button"
        className={className}
        title="Copy All Lead Information"
        aria-busy={fetcher.state !== "idle"}
        onClick={() =>
          fetcher.submit(
            { intent: "copy", id, answer: "text" },
            { method: "post", action: here, preventScrollReset: true },
          )
        }
      >
        {content}
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
