import { buttonClass } from "./button";

// Export CSV on the reports pages. The export writes `report_exported` in the activity log, so it
// is a post (a GET never writes, decision 046). The button sits in the filters' row but belongs to
// a form of its own outside the filters' form (forms cannot nest), tied to it by `form`. That form
// is a plain HTML form, not a Remix one: the browser posts it as a document request and saves the
// file the server answers, with JavaScript on or off; refused filters redirect back to the page.

/** The export's form, empty and out of the layout; render it beside (not inside) the filters' form. */
export function ExportCsvForm({ id, action }: { id: string; action: string }) {
  return <form id={id} method="post" action={action} hidden />;
}

/** The button that posts ExportCsvForm `form`; it looks like the link it replaces. */
export function ExportCsvButton({ form }: { form: string }) {
  return (
    <button type="submit" form={form} className={buttonClass("secondary", "sm:ml-auto")}>
      Export CSV
    </button>
  );
}
