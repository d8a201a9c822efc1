import { Form, useSubmit } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { PERIODS, PERIOD_LABELS, type Period } from "~/domain/periods";
import { customRangeErrors, type PeriodFieldErrors, type PeriodSelection } from "~/domain/period-range";
import { useHydrated } from "~/utils/hydrated";
import { FieldErrors, inputClass } from "./field";

type Props = {
  /** The loader's periodFromSearch(...): the period shown, or the refused range and why. */
  selection: PeriodSelection;
  extra?: Record<string, string | undefined>;
  /** The periods offered, when a page has fewer than all (the commissions page: All Time and Custom Range). */
  periods?: readonly Period[];
  /**
   * The page's other filters (FilterSelect: an agent, a BDM), in the same GET form: Apply sends
   * them all, so one filter never drops another without JavaScript.
   */
  children?: ReactNode;
};

/**
 * The period selector. It is a GET form, so the choice lives in the URL: it works without
 * JavaScript (Apply), can be bookmarked, and survives a reload. With JavaScript a preset
 * applies at once; Custom Range waits until both dates are set and in order.
 *
 * A range the page could not show comes back as typed, with the reason at the date to correct.
 * Each new selection from the server (a submit, back and forward) starts the form afresh, so the
 * selector never says Custom while the figures are for another period.
 */
export function PeriodFilter({ selection, extra, periods, children }: Props) {
  const { period, startDate, endDate, refused } = selection;
  const key = [period, startDate, endDate, refused?.startDate, refused?.endDate].join("|");
  return (
    <PeriodForm key={key} selection={selection} extra={extra} periods={periods}>
      {children}
    </PeriodForm>
  );
}

/**
 * A filter's select inside a filter bar's form (PeriodFilter's children): with JavaScript a choice
 * applies at once, the form's other filters going along; without, the form's Apply sends it.
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  allLabel,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  const submit = useSubmit();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select
        id={id}
        name={name}
        // A new value from the server (back, forward, Clear) starts the select afresh.
        key={value}
        defaultValue={value}
        className={`${inputClass} w-56 max-w-full`}
        onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function PeriodForm({ selection, extra, periods = PERIODS, children }: Props) {
  const { refused } = selection;
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [choice, setChoice] = useState<Period>(refused ? "custom" : selection.period);
  const [start, setStart] = useState(refused?.startDate ?? selection.startDate ?? "");
  const [end, setEnd] = useState(refused?.endDate ?? selection.endDate ?? "");
  const [edited, setEdited] = useState(false);
  // Without JavaScript the dates are always there, so Custom Range can still be chosen; with it
  // they show only for Custom Range. Decided by CSS before the first paint (the `js` class of
  // root.tsx), not at hydration, which moved everything below by a row of fields.
  const datesClass = choice === "custom" ? "contents" : "contents [.js_&]:hidden";
  const customIncomplete = hydrated && choice === "custom" && (!start || !end);
  // Once the dates are changed, a reversed range is caught here before it is applied.
  const live = hydrated && choice === "custom" && start && end ? customRangeErrors(start, end) : null;
  const errors: PeriodFieldErrors = (edited ? live : refused?.fieldErrors) ?? {};
  const dateProps = (name: "startDate" | "endDate") => ({
    id: name,
    name,
    type: "date",
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby": errors[name]?.length ? `${name}-error` : undefined,
    className: `${inputClass} w-40`,
  });
  return (
    <Form method="get" className="flex flex-wrap items-start gap-2" preventScrollReset>
      {Object.entries(extra ?? {}).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {children}
      <div>
        <label htmlFor="period" className="mb-1 block text-xs font-medium text-slate-600">
          Period
        </label>
        <select
          id="period"
          name="period"
          value={choice}
          className={`${inputClass} w-44`}
          onChange={(e) => {
            const next = e.currentTarget.value as Period;
            setChoice(next);
            setEdited(true);
            if (next !== "custom") submit(e.currentTarget.form, { preventScrollReset: true });
          }}
        >
          {periods.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <div className={datesClass}>
        <div className="max-w-40">
          <label htmlFor="startDate" className="mb-1 block text-xs font-medium text-slate-600">
            Start date
          </label>
          <input
            {...dateProps("startDate")}
            value={start}
            onChange={(e) => {
              setStart(e.currentTarget.value);
              setEdited(true);
            }}
          />
          <FieldErrors id="startDate-error" errors={errors.startDate} />
        </div>
        <div className="max-w-40">
          <label htmlFor="endDate" className="mb-1 block text-xs font-medium text-slate-600">
            End date
          </label>
          <input
            {...dateProps("endDate")}
            value={end}
            onChange={(e) => {
              setEnd(e.currentTarget.value);
              setEdited(true);
            }}
          />
          <FieldErrors id="endDate-error" errors={errors.endDate} />
        </div>
      </div>
      <button
        type="submit"
        disabled={customIncomplete || live !== null}
        className="mt-5 min-h-10 rounded-md bg-slate-800 px-3 text-sm font-semibold text-white disabled:opacity-50"
      >
        Apply
      </button>
      {refused && !edited ? (
        <p className="basis-full text-xs text-slate-600">
          The custom range cannot be shown, so these figures are for {refused.showing}.
        </p>
      ) : null}
    </Form>
  );
}
