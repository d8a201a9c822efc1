import { Form, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { PERIODS, PERIOD_LABELS, type Period } from "~/domain/periods";
import { useHydrated } from "~/utils/hydrated";
import { inputClass } from "./field";

/**
 * The period selector. It is a GET form, so the choice lives in the URL: it works without
 * JavaScript (Apply), can be bookmarked, and survives a reload. With JavaScript a preset
 * applies at once; Custom Range waits until both dates are set.
 */
export function PeriodFilter({
  period,
  startDate,
  endDate,
  extra,
}: {
  period: Period;
  startDate?: string;
  endDate?: string;
  extra?: Record<string, string | undefined>;
}) {
  const submit = useSubmit();
  const [choice, setChoice] = useState<Period>(period);
  const [start, setStart] = useState(startDate ?? "");
  const [end, setEnd] = useState(endDate ?? "");
  const hydrated = useHydrated();
  // Without JavaScript the dates are always there, so Custom Range can still be chosen.
  const showDates = !hydrated || choice === "custom";
  const customIncomplete = hydrated && choice === "custom" && (!start || !end);
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" preventScrollReset>
      {Object.entries(extra ?? {}).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
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
            if (next !== "custom") submit(e.currentTarget.form, { preventScrollReset: true });
          }}
        >
          {PERIODS.map((p) => (
            <option key={p} value={p}>
              {PERIOD_LABELS[p]}
            </option>
          ))}
        </select>
      </div>
      <div className={showDates ? "contents" : "hidden"}>
        <div>
          <label htmlFor="startDate" className="mb-1 block text-xs font-medium text-slate-600">
            Start date
          </label>
          <input
            id="startDate"
            type="date"
            name="startDate"
            value={start}
            onChange={(e) => setStart(e.currentTarget.value)}
            className={`${inputClass} w-40`}
          />
        </div>
        <div>
          <label htmlFor="endDate" className="mb-1 block text-xs font-medium text-slate-600">
            End date
          </label>
          <input
            id="endDate"
            type="date"
            name="endDate"
            value={end}
            onChange={(e) => setEnd(e.currentTarget.value)}
            className={`${inputClass} w-40`}
          />
        </div>
      </div>
      <button
        type="submit"
        disabled={customIncomplete}
        className="min-h-10 rounded-md bg-slate-800 px-3 text-sm font-semibold text-white disabled:opacity-50"
      >
        Apply
      </button>
    </Form>
  );
}
