import { Alert } from "~/components/ui/card";

export type SummaryItem = { fieldId: string; message: string };

/**
 * The spec's failure toast (Submission failed / Failed to submit application) as a summary at the
 * top of the form, listing every problem with a link to its field. A toast would vanish and,
 * without JavaScript, could not show on the answer to a POST at all.
 */
export function ErrorSummary({ formMessage, items }: { formMessage?: string | null; items: SummaryItem[] }) {
  return (
    <div id="application-error-summary" tabIndex={-1}>
      <Alert>
        <p className="font-semibold">Submission failed</p>
        <p>Failed to submit application{formMessage ? `: ${formMessage}` : "."}</p>
        {items.length ? (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {items.map((item) => (
              <li key={`${item.fieldId}-${item.message}`}>
                <a href={`#${item.fieldId}`} className="underline">
                  {item.message}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Alert>
    </div>
  );
}
