import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/button";
import { ExportCsvButton, ExportCsvForm } from "~/components/ui/export-csv";
import { FilterDateField, FilterSelectField } from "~/components/ui/field";
import {
  ADMIN_REPORT_FILTER_FIELDS,
  ADMIN_REPORT_STATUSES,
  adminReportExportHref,
  type AdminReportFieldErrors,
  type AdminReportFilterValues,
  type AdminReportTab,
} from "~/domain/admin-reports";
import { leadStatusStyle } from "~/domain/statuses";

const EXPORT_FORM_ID = "admin-report-export";

/** Part 1, section 10: "Filters refetch 100 ms after a change." */
const REPORT_FILTER_DELAY_MS = 100;

type Choice = { id: string; name: string };

/**
 * The report's filters as one GET form (From Date, To Date, Agent, Carrier, Status) that keeps the
 * open tab: the choice lands in the URL, so it works without JavaScript and is what the export
 * reads. A refused value comes back as typed with its message (a date a date box cannot hold in a
 * text box). With JavaScript a change applies 100 ms later (the spec's delay; a second change
 * within it waits with it); Apply stays for a browser without. Export CSV posts for the server's
 * file of the current tab (a post: the export is recorded), offered only when the filters are valid.
 */
export function AdminReportFilters({
  values,
  fieldErrors,
  agents,
  carriers,
  tab,
  keep = {},
}: {
  values: AdminReportFilterValues;
  fieldErrors: AdminReportFieldErrors | null;
  agents: Choice[];
  carriers: Choice[];
  tab: AdminReportTab;
  /** Parameters the tab keeps across a filter change and in its export (the Lead Sources tab's sort). */
  keep?: Record<string, string>;
}) {
  // The Lead Sources tab is read by the days alone: its figures are per source, of every agent and carrier.
  const datesOnly = tab === "lead-sources";
  const submit = useSubmit();
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pending.current), []);
  const errors = fieldErrors ?? {};
  const filtered = ADMIN_REPORT_FILTER_FIELDS.some((field) => values[field] && values[field] !== "all");
  const dateField = (name: "dateFrom" | "dateTo", label: string) => (
    <FilterDateField name={name} label={label} value={values[name]} errors={errors[name]} />
  );
  const choiceSelect = (name: "agentId" | "carrierId", label: string, allLabel: string, choices: Choice[]) => (
    <FilterSelectField
      name={name}
      label={label}
      value={values[name]}
      errors={errors[name]}
      options={[{ value: "all", label: allLabel }, ...choices.map((c) => ({ value: c.id, label: c.name }))]}
    />
  );
  return (
    <>
      <Form
        method="get"
        preventScrollReset
        className="space-y-3"
        aria-label="Report filters"
        onChange={(event) => {
          const form = event.currentTarget;
          window.clearTimeout(pending.current);
          pending.current = window.setTimeout(() => submit(form, { preventScrollReset: true }), REPORT_FILTER_DELAY_MS);
        }}
      >
        {tab === "overview" ? null : <input type="hidden" name="tab" value={tab} />}
        {Object.entries(keep).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {dateField("dateFrom", "From Date")}
          {dateField("dateTo", "To Date")}
          {datesOnly ? null : (
            <>
              {choiceSelect("agentId", "Agent", "All Agents", agents)}
              {choiceSelect("carrierId", "Carrier", "All Carriers", carriers)}
              <FilterSelectField
                name="status"
                label="Status"
                value={values.status}
                errors={errors.status}
                options={ADMIN_REPORT_STATUSES.map((status) => ({
                  value: status,
                  label: status === "all" ? "All Statuses" : leadStatusStyle(status).label,
                }))}
              />
            </>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <button type="submit" className={buttonClass("primary")}>
            Apply
          </button>
          {filtered ? (
            <Link
              to={tab === "overview" ? "/admin/reports" : `/admin/reports?tab=${tab}`}
              preventScrollReset
              className={buttonClass("ghost")}
            >
              Clear
            </Link>
          ) : null}
          {fieldErrors ? null : <ExportCsvButton form={EXPORT_FORM_ID} />}
        </div>
      </Form>
      {fieldErrors ? null : <ExportCsvForm id={EXPORT_FORM_ID} action={adminReportExportHref(values, tab, keep)} />}
    </>
  );
}
