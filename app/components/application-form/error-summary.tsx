import { Alert } from "~/components/ui/card";
import { withRow } from "~/domain/row-messages";

export type SummaryItem = { fieldId: string; message: string };

/**
 * A summary at the top of the form, listing every problem with a link to its field. When the
 * server refused the submission (`failed`) it is the spec's failure toast (Submission failed /
 * Failed to submit application) in a place that stays, with or without JavaScript; fields still
 * to fix are not a failure and only ask for the fixes.
 */
export function ErrorSummary({
  formMessage,
  items,
  failed = false,
}: {
  formMessage?: string | null;
  items: SummaryItem[];
  failed?: boolean;
}) {
  // Away from its row, a row's message says which row it means ("Phone 2: ..."); and no text is
  // listed twice, nor repeats the line above.
  const seen = new Set(formMessage ? [formMessage] : []);
  const lines = items
    .map((item) => ({ fieldId: item.fieldId, message: withRow(item.fieldId, item.message) }))
    .filter((item) => !seen.has(item.message) && seen.add(item.message));
  return (
    <div id="application-error-summary" tabIndex={-1}>
      <Alert>
        {failed ? (
          <>
            <p className="font-semibold">Submission failed</p>
            <p>Failed to submit application{formMessage ? `: ${formMessage}` : "."}</p>
          </>
        ) : (
          <>
            <p className="font-semibold">Please correct the fields marked below.</p>
            {formMessage ? <p>{formMessage}</p> : null}
          </>
        )}
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
