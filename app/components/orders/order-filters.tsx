import { Form, Link, useSubmit } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import type { PeriodSelection } from "~/domain/period-range";
import { useHydrated } from "~/utils/hydrated";

type Bdm = { id: string; firstName: string; lastName: string };

/**
 * The BDM filter (all or one) as a GET form that keeps the period: with JavaScript a choice
 * applies at once, without it Apply sends it. Refresh asks the server for the same URL again.
 */
export function OrderFilters({
  bdms,
  bdm,
  selection,
  here,
}: {
  bdms: Bdm[];
  bdm: string | undefined;
  selection: PeriodSelection;
  here: string;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const keep = {
    period: selection.period,
    startDate: selection.period === "custom" ? selection.startDate : undefined,
    endDate: selection.period === "custom" ? selection.endDate : undefined,
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Form method="get" preventScrollReset className="flex flex-wrap items-end gap-2">
        {Object.entries(keep).map(([name, value]) =>
          value ? <input key={name} type="hidden" name={name} value={value} /> : null,
        )}
        <div>
          <label htmlFor="order-bdm" className="mb-1 block text-xs font-medium text-slate-600">
            BDM
          </label>
          <select
            id="order-bdm"
            name="bdm"
            key={bdm ?? ""}
            defaultValue={bdm ?? ""}
            className={`${inputClass} w-48`}
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
          >
            <option value="">All BDMs</option>
            {bdms.map((b) => (
              <option key={b.id} value={b.id}>
                {b.firstName} {b.lastName}
              </option>
            ))}
          </select>
        </div>
        {hydrated ? null : (
          <button type="submit" className={buttonClass("secondary")}>
            Apply<span className="sr-only"> BDM</span>
          </button>
        )}
      </Form>
      <Link to={here} preventScrollReset className={buttonClass("secondary")}>
        Refresh
      </Link>
    </div>
  );
}
