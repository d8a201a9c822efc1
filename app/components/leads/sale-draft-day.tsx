import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors } from "~/components/ui/field";
import { PAYMENT_MONTHS } from "~/domain/commission";
import { formatDate } from "~/domain/format";
import { birthDateOrNull, socialSecurityRule, socialSecurityScheduleDueDates } from "~/domain/social-security-days";

// The sale's "Draft on Social Security day" (decision 078): ticked, the nine months are laid out
// on the client's Social Security days from the first draft date on, in place of the first
// draft's day of each month. The dates it would give are worked out here from the lead's date of
// birth, so the agent sees them before recording the sale, with or without JavaScript.

export function SaleDraftDay({
  field,
  dateOfBirth,
  firstDue,
  hydrated,
}: {
  field: FieldMetadata<unknown, Record<string, unknown>, string[]>;
  dateOfBirth: string | null | undefined;
  /** The day month 1 is laid out from: the first draft date, else today. */
  firstDue: string;
  hydrated: boolean;
}) {
  const born = birthDateOrNull(dateOfBirth);
  const hintId = `${field.id}-days`;
  return (
    <div>
      <label className="flex min-h-10 items-center gap-2 text-sm font-medium text-slate-700">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          aria-describedby={hintId}
          className="h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600"
        />
        {hydrated ? "Draft on Social Security day" : "Draft on Social Security day (for a sale)"}
      </label>
      <div id={hintId} className="mt-1 space-y-1 text-xs text-slate-600">
        {born ? (
          <>
            <p>{socialSecurityRule(born)}</p>
            <p>
              Ticked, months 1 to 9 are due on{" "}
              {socialSecurityScheduleDueDates(firstDue, born, PAYMENT_MONTHS).map((day, index) => (
                <span key={day}>
                  {index > 0 ? " · " : null}
                  <time dateTime={day} className="whitespace-nowrap">
                    {formatDate(day, "UTC")}
                  </time>
                </span>
              ))}
              .
            </p>
          </>
        ) : (
          <p>Needs the client&apos;s date of birth: add it to the application first.</p>
        )}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}
