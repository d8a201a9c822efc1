import { Alert } from "~/components/ui/card";
import { withRow } from "~/domain/row-messages";

export type SummaryItem = { fieldId: string; message: string };

/**
 * The spec's failure toast (Submission failed / Failed to submit application) as a summary at the
 * top of the form, listing every problem with a link to its field. A toast would vanish and,
 * without JavaScript, could not show on the answer to a POST at all.
 */
export function ErrorSummary({ formMessage, items }: { formMessage?: string | null; items: SummaryItem[] }) {
  // Away from its row, a row's message says which row it means ("Phone 2: ..."); and no text is
  // listed twice, nor repeats the line above.
  const seen = new Set(formMessage ? [formMessage] : []);
  const lines = items
    .map((item) => ({ fieldId: item.fieldId, message: withRow(item.fieldId, item.message) }))
    .filter((item) => !seen.has(item.message) && seen.add(item.message));
  return (
    <div id="application-error-summary" tabIndex={-1}>
      <Alert>
        <p className="font-semibold">Submission failed</p>
        <p>Failed to submit application{formMessage ? `: ${formMessage}` : "."}</p>
        {lines.length ? (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {lines.map((item) => (
              <li key={item.message}>
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
