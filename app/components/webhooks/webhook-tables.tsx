import { Form, Link } from "@remix-run/react";
import { Badge } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDateTime } from "~/domain/format";
import { webhookDeliveryStyle } from "~/domain/webhooks";
import type { WebhookDeliveryView, WebhookView } from "~/services/webhooks.server";
import { hrefWith } from "~/utils/list";

const actionClass =
  "rounded px-2 py-1 text-sm font-medium hover:bg-slate-100 min-h-10 sm:min-h-0 inline-flex items-center";
const breakAnywhere = "[&_.cell-value]:[overflow-wrap:anywhere]";

/** The endpoints, with their events and what is waiting or failed; cards on a phone. */
export function WebhookTable({
  webhooks,
  here,
  timezone,
}: {
  webhooks: WebhookView[];
  here: string;
  timezone: string;
}) {
  const columns: Column<WebhookView>[] = [
    {
      header: "Endpoint",
      cell: (webhook) => (
        <>
          <span className="block font-mono text-xs text-slate-900">{webhook.url}</span>
          {webhook.description ? <span className="block text-slate-600">{webhook.description}</span> : null}
        </>
      ),
      className: breakAnywhere,
    },
    { header: "Events", cell: (webhook) => webhook.events.join(", "), className: breakAnywhere },
    {
      header: "Status",
      cell: (webhook) =>
        webhook.active ? (
          <Badge className="bg-green-100 text-green-800">Active</Badge>
        ) : (
          <Badge className="bg-amber-100 text-amber-900">Paused</Badge>
        ),
    },
    {
      header: "Waiting",
      cell: (webhook) =>
        `${webhook.pendingCount.toLocaleString("en-US")} pending, ${webhook.failedCount.toLocaleString("en-US")} failed`,
    },
    {
      header: "Added",
      cell: (webhook) => <time dateTime={webhook.createdAt}>{formatDateTime(webhook.createdAt, timezone)}</time>,
      className: "sm:whitespace-nowrap",
    },
    {
      header: "Actions",
      actions: true,
      cell: (webhook) => (
        <div className="flex flex-wrap items-center gap-1 sm:justify-end">
          <Link
            to={`/admin/webhooks/${webhook.id}`}
            className={`${actionClass} text-blue-700`}
            aria-label={`Delivery log of ${webhook.url}`}
          >
            Log
          </Link>
          <Link
            to={hrefWith(here, { dialog: "edit", id: webhook.id })}
            preventScrollReset
            className={`${actionClass} text-blue-700`}
            aria-label={`Edit ${webhook.url}`}
          >
            Edit
          </Link>
          {/* Pausing holds what is waiting; resuming sends it (the service's rule), so neither asks first. */}
          <Form method="post" preventScrollReset className="contents">
            <input type="hidden" name="id" value={webhook.id} />
            <button
              type="submit"
              name="intent"
              value={webhook.active ? "pause" : "resume"}
              className={`${actionClass} ${webhook.active ? "text-amber-800" : "text-green-700"}`}
              aria-label={`${webhook.active ? "Pause" : "Resume"} ${webhook.url}`}
            >
              {webhook.active ? "Pause" : "Resume"}
            </button>
          </Form>
          <Link
            to={hrefWith(here, { dialog: "delete", id: webhook.id })}
            preventScrollReset
            className={`${actionClass} text-red-700`}
            aria-label={`Delete ${webhook.url}`}
          >
            Delete
          </Link>
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption="Webhook endpoints"
      columns={columns}
      rows={webhooks}
      rowKey={(webhook) => webhook.id}
      dense
      empty="No endpoints yet. Add one to send events to another system."
    />
  );
}

/** An endpoint's deliveries, newest first. */
export function DeliveryTable({ deliveries, timezone }: { deliveries: WebhookDeliveryView[]; timezone: string }) {
  const columns: Column<WebhookDeliveryView>[] = [
    { header: "Event", cell: (delivery) => <span className="font-mono">{delivery.eventType}</span> },
    {
      header: "Status",
      cell: (delivery) => {
        const style = webhookDeliveryStyle(delivery.status);
        return <Badge className={style.className}>{style.label}</Badge>;
      },
    },
    { header: "Attempts", cell: (delivery) => delivery.attempts, align: "right" },
    {
      header: "Response",
      cell: (delivery) =>
        delivery.lastError ??
        (delivery.lastResponseCode ? (
          `HTTP ${delivery.lastResponseCode}`
        ) : (
          <span className="text-slate-600">Not sent yet</span>
        )),
    },
    {
      header: "Created",
      cell: (delivery) => <time dateTime={delivery.createdAt}>{formatDateTime(delivery.createdAt, timezone)}</time>,
      className: "sm:whitespace-nowrap",
    },
    {
      header: "Delivered or Next Try",
      cell: (delivery) => {
        const at = delivery.deliveredAt ?? delivery.nextAttemptAt;
        return at ? (
          <time dateTime={at}>{formatDateTime(at, timezone)}</time>
        ) : (
          <span className="text-slate-600">Given up</span>
        );
      },
      className: "sm:whitespace-nowrap",
    },
    {
      header: "Event ID",
      cell: (delivery) => <span className="font-mono text-xs">{delivery.eventId}</span>,
      className: breakAnywhere,
    },
  ];
  return (
    <DataTable
      caption="Deliveries"
      columns={columns}
      rows={deliveries}
      rowKey={(delivery) => String(delivery.id)}
      dense
      empty="No deliveries yet: events this endpoint listens to appear here as they happen."
    />
  );
}
