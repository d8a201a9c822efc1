import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { FieldErrors, SelectField } from "~/components/ui/field";
import { formatWeekdayDate } from "~/domain/format";
import {
  birthDateOrNull,
  socialSecurityDayOnOrAfter,
  socialSecurityDays,
  socialSecurityRule,
} from "~/domain/social-security-days";

// "Social Security day" where draft dates are chosen (decision 078): the public application and
// the lead's edit. The hint is worked out from the date of birth in the form as it stands: with
// JavaScript it follows the box as it is typed; without, the page shows it for the date the
// server has (the lead's, or the one the last post sent back). The server moves the draft dates
// to Social Security days when the choice is made, so the form works the same either way.

type AnyField = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** The rule for anyone, before a date of birth is known. */
const SOCIAL_SECURITY_RULE =
  "Social Security pays on the second, third or fourth Wednesday of the month for birthdays on the 1st-10th, 11th-20th and 21st-31st, or the business day before when that Wednesday is a federal holiday.";

/** How many of the next days the hint lists. */
const HINT_DAYS = 3;

const valueOf = (field: AnyField) => (typeof field.value === "string" ? field.value : "");

/**
 * The client's rule and next Social Security days from `from` on, and, when the choice is made,
 * the day the first draft moves to: the first Social Security day on or after the first draft
 * date (or after `from` without one, when `blankFirstDraftFrom` says the server fills it).
 */
function SocialSecurityDaysHint({
  id,
  dateOfBirth,
  from,
  firstDraftDate,
  chosen,
  blankFirstDraft,
}: {
  id: string;
  dateOfBirth: string;
  from: string;
  firstDraftDate: string;
  chosen: boolean;
  /** What happens to a first draft date left empty: filled from `from`, or left for the sale. */
  blankFirstDraft: "filled" | "sale";
}) {
  const born = birthDateOrNull(dateOfBirth);
  if (!born) {
    return (
      <p id={id} className="mt-1 text-xs text-slate-600">
        {SOCIAL_SECURITY_RULE} Chosen, each draft date moves to the first Social Security day on or after it.
      </p>
    );
  }
  const firstFrom = birthDateOrNull(firstDraftDate) ?? (blankFirstDraft === "filled" ? from : null);
  return (
    <div id={id} className="mt-1 space-y-1 text-xs text-slate-600">
      <p>{socialSecurityRule(born)}</p>
      <p>
        Next Social Security days:{" "}
        {socialSecurityDays(born, from, HINT_DAYS).map((day, index) => (
          <span key={day}>
            {index > 0 ? " · " : null}
            <time dateTime={day} className="whitespace-nowrap">
              {formatWeekdayDate(day)}
            </time>
          </span>
        ))}
      </p>
      {chosen ? (
        <p className="font-medium text-slate-800">
          {firstFrom
            ? `First draft: ${formatWeekdayDate(socialSecurityDayOnOrAfter(born, firstFrom))}, the first Social Security day on or after ${birthDateOrNull(firstDraftDate) ? "the first draft date" : "tomorrow"}.`
            : "Without a first draft date, the payments start on the first Social Security day from the day of the sale."}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The public application's choice: a box "Draft on my Social Security day" and the hint. Ticked,
 * the server moves the draft dates given (or tomorrow, for a first draft date left empty) to the
 * first Social Security day on or after each.
 */
export function SocialSecurityDayCheckbox({
  fields,
  from,
}: {
  fields: Record<"draftOnSocialSecurityDay" | "dateOfBirth" | "firstDraftDate", AnyField>;
  from: string;
}) {
  const field = fields.draftOnSocialSecurityDay;
  const hintId = `${field.id}-hint`;
  return (
    <div className="md:col-span-2">
      <label className="flex min-h-10 items-center gap-2 text-sm font-medium text-slate-700">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          aria-describedby={hintId}
          className="h-4 w-4 shrink-0 rounded border-slate-300 text-brand-600"
        />
        Draft on my Social Security day
      </label>
      <SocialSecurityDaysHint
        id={hintId}
        dateOfBirth={valueOf(fields.dateOfBirth)}
        from={from}
        firstDraftDate={valueOf(fields.firstDraftDate)}
        chosen={field.value === "on"}
        blankFirstDraft="filled"
      />
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * The lead's edit: "Draft day", the dates as chosen or the client's Social Security day (a select,
 * so leaving it as it is keeps the lead's choice), and the hint. A sold lead's schedule is laid
 * out already: the choice is shown, not changed.
 */
export function SocialSecurityDaySelect({
  fields,
  from,
  sold,
}: {
  fields: Record<"draftOnSocialSecurityDay" | "dateOfBirth" | "firstDraftDate", AnyField>;
  from: string;
  sold: boolean;
}) {
  const field = fields.draftOnSocialSecurityDay;
  const hintId = `${field.id}-days`;
  return (
    <div className="md:col-span-2">
      <SelectField
        label="Draft day"
        {...getSelectProps(field)}
        disabled={sold}
        hint={sold ? "Set at the sale: the payment schedule is laid out already." : undefined}
        errors={field.errors}
        aria-describedby={[sold ? `${field.id}-hint` : null, hintId, field.errors?.length ? `${field.id}-error` : null]
          .filter(Boolean)
          .join(" ")}
      >
        <option value="no">The draft dates as chosen</option>
        <option value="yes">The client&apos;s Social Security day</option>
      </SelectField>
      <SocialSecurityDaysHint
        id={hintId}
        dateOfBirth={valueOf(fields.dateOfBirth)}
        from={from}
        firstDraftDate={valueOf(fields.firstDraftDate)}
        chosen={!sold && field.value === "yes"}
        blankFirstDraft="sale"
      />
    </div>
  );
}
