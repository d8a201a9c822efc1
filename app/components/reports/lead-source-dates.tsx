import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { FilterDateField } from "~/components/ui/field";

/**
 * The agent's Lead Sources tab's days (From Date, To Date) as a GET form that keeps the tab and
 * the sort: the figures are per source, so the Leads tab's status and carrier do not apply.
 */
export function LeadSourceDates({
  values,
  fieldErrors,
  keep,
}: {
  values: { dateFrom: string; dateTo: string };
  fieldErrors: { dateFrom?: string[]; dateTo?: string[] } | null;
  keep: Record<string, string>;
}) {
  return (
    <Form method="get" preventScrollReset className="space-y-3" aria-label="Report filters">
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FilterDateField name="dateFrom" label="From Date" value={values.dateFrom} errors={fieldErrors?.dateFrom} />
        <FilterDateField name="dateTo" label="To Date" value={values.dateTo} errors={fieldErrors?.dateTo} />
      </div>
      <button type="submit" className={buttonClass("primary")}>
        Apply
      </button>
    </Form>
  );
}
