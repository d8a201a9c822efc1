import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDate, formatMoney } from "~/domain/format";
import { keyEnding, leadSourceStatusStyle } from "~/domain/lead-sources";
import type { LeadSourceView } from "~/services/lead-sources.server";
import { hrefWith } from "~/utils/list";

const actionClass = "rounded px-2 py-1 text-sm font-medium hover:bg-slate-100 min-h-10 sm:min-h-0";
// Names break between words only, never letter by letter.
const wordsWhole = "sm:[&_.cell-value]:[overflow-wrap:break-word]";

const plural = (count: number, word: string) => `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

/** The sources with every field issue 24 item 1 names, cards on a phone. */
export function LeadSourceTable({
  sources,
  here,
  timezone,
}: {
  sources: LeadSourceView[];
  here: string;
  timezone: string;
}) {
  const columns: Column<LeadSourceView>[] = [
    {
      header: "Name",
      cell: (source) => <span className="font-medium text-slate-900">{source.name}</span>,
      className: wordsWhole,
    },
    {
      header: "Cost per Lead",
      cell: (source) => formatMoney(source.costPerLeadCents),
      align: "right",
      className: "sm:whitespace-nowrap",
    },
    { header: "Return Window", cell: (source) => plural(source.returnWindowHours, "hour") },
    { header: "Duplicate Window", cell: (source) => plural(source.duplicateWindowDays, "day") },
    {
      header: "Default Carrier",
      cell: (source) => source.defaultCarrierName ?? <span className="text-slate-600">None</span>,
      className: wordsWhole,
    },
    {
      header: "Status",
      cell: (source) => {
        const style = leadSourceStatusStyle(source.status);
        return <Badge className={style.className}>{style.label}</Badge>;
      },
    },
    {
      header: "Posting Key",
      cell: (source) => <span className="font-mono">{keyEnding(source.keyLast4)}</span>,
      className: "sm:whitespace-nowrap",
    },
    {
      header: "Created",
      cell: (source) => <time dateTime={source.createdAt}>{formatDate(source.createdAt, timezone)}</time>,
      className: "sm:whitespace-nowrap",
    },
    {
      header: "Actions",
      actions: true,
      cell: (source) => {
        const pausing = source.status === "active";
        return (
          <div className="flex flex-wrap items-center gap-1 sm:justify-end">
            <Link
              to={hrefWith(here, { dialog: "edit", id: source.id })}
              preventScrollReset
              className={`${actionClass} inline-flex items-center text-blue-700`}
              aria-label={`Edit ${source.name}`}
            >
              Edit
            </Link>
            <Form method="post" preventScrollReset className="contents">
              <input type="hidden" name="id" value={source.id} />
              <input type="hidden" name="status" value={pausing ? "paused" : "active"} />
              <button
                type="submit"
                name="intent"
                value="status"
                className={`${actionClass} ${pausing ? "text-orange-800" : "text-green-800"}`}
                aria-label={`${pausing ? "Pause" : "Activate"} ${source.name}`}
              >
                {pausing ? "Pause" : "Activate"}
              </button>
            </Form>
            <Link
              to={hrefWith(here, { dialog: "rotate", id: source.id })}
              preventScrollReset
              className={`${actionClass} inline-flex items-center text-red-700`}
              aria-label={`Rotate the posting key of ${source.name}`}
            >
              Rotate key
            </Link>
          </div>
        );
      },
    },
  ];
  return (
    <DataTable
      caption="Lead sources"
      columns={columns}
      rows={sources}
      rowKey={(source) => source.id}
      dense
      empty="No lead sources yet. Add one to receive leads from a vendor."
    />
  );
}
