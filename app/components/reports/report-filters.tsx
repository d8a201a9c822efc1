import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { ExportCsvButton, ExportCsvForm } from "~/components/ui/export-csv";
import { FilterDateField, FilterSelectField } from "~/components/ui/field";
import { leadStatusStyle } from "~/domain/statuses";
import {
  REPORT_FILTER_FIELDS,
  REPORT_STATUS_FILTERS,
  reportExportHref,
  type ReportFieldErrors,
  type ReportFilterValues,
} from "~/domain/reports";

const EXPORT_FORM_ID = "report-export";

/**
 * The report's filters as one GET form (From Date, To Date, Status, Carrier): the choice lands in
 * the URL, so it works without JavaScript, can be bookmarked and is what the export reads. A
 * refused value comes back as typed with its message; a date that a date box cannot hold (wrong
 * shape) is shown in a text box so it is not silently emptied. Export CSV posts the same filters
 * to the server's file (a post: the export is recorded), offered only when they are valid.
 */
export function ReportFilters({
  values,
  fieldErrors,
  carriers,
}: {
  values: ReportFilterValues;
  fieldErrors: ReportFieldErrors | null;
  carriers: { id: string; name: string }[];
}) {
  const errors = fieldErrors ?? {};
  const filtered = REPORT_FILTER_FIELDS.some((field) => values[field] && values[field] !== "all");
  const dateField = (name: "dateFrom" | "dateTo", label: string) => (
    <FilterDateField name={name} label={label} value={values[name]} errors={errors[name]} />
  );
  return (
    <>
      <Form method="get" preventScrollReset className="space-y-3" aria-label="Report filters">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {dateField("dateFrom", "From Date")}
          {dateField("dateTo", "To Date")}
          <FilterSelectField
            name="status"
            label="Status"
            value={values.status}
            errors={errors.status}
            options={REPORT_STATUS_FILTERS.map((status) => ({
              value: status,
              label: status === "all" ? "All Statuses" : leadStatusStyle(status).label,
            }))}
          />
          <FilterSelectField
            name="carrierId"
            label="Carrier"
            value={values.carrierId}
            errors={errors.carrierId}
            options={[
              { value: "all", label: "All Carriers" },
              ...carriers.map((c) => ({ value: c.id, label: c.name })),
            ]}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" className={buttonClass("primary")}>
            Apply
          </button>
          {filtered ? (
            <Link to="/agent/reports" preventScrollReset className={buttonClass("ghost")}>
              Clear
            </Link>
          ) : null}
          {fieldErrors ? null : <ExportCsvButton form={EXPORT_FORM_ID} />}
        </div>
      </Form>
      {fieldErrors ? null : <ExportCsvForm id={EXPORT_FORM_ID} action={reportExportHref(values)} />}
    </>
  );
}
