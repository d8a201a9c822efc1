import { Form, Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { ExportCsvButton, ExportCsvForm } from "~/components/ui/export-csv";
import { FilterDateField, SelectField } from "~/components/ui/field";
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
  const knownStatus = REPORT_STATUS_FILTERS.some((status) => status === (values.status || "all"));
  const knownCarrier =
    !values.carrierId || values.carrierId === "all" || carriers.some((c) => c.id === values.carrierId);
  return (
    <>
      <Form method="get" preventScrollReset className="space-y-3" aria-label="Report filters">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {dateField("dateFrom", "From Date")}
          {dateField("dateTo", "To Date")}
          <SelectField
            id="status"
            name="status"
            label="Status"
            defaultValue={values.status || "all"}
            errors={errors.status}
            className="min-w-0"
          >
            {REPORT_STATUS_FILTERS.map((status) => (
              <option key={status} value={status}>
                {status === "all" ? "All Statuses" : leadStatusStyle(status).label}
              </option>
            ))}
            {knownStatus ? null : <option value={values.status}>{values.status}</option>}
          </SelectField>
          <SelectField
            id="carrierId"
            name="carrierId"
            label="Carrier"
            defaultValue={values.carrierId || "all"}
            errors={errors.carrierId}
            className="min-w-0"
          >
            <option value="all">All Carriers</option>
            {carriers.map((carrier) => (
              <option key={carrier.id} value={carrier.id}>
                {carrier.name}
              </option>
            ))}
            {knownCarrier ? null : <option value={values.carrierId}>{values.carrierId}</option>}
          </SelectField>
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
