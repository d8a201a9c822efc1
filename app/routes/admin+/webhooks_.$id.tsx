import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card } from "~/components/ui/card";
import { FilterTabs } from "~/components/ui/filter-tabs";
import { Pagination } from "~/components/ui/pagination";
import { DeliveryTable } from "~/components/webhooks/webhook-tables";
import { webhookDeliveryList } from "~/domain/schemas/webhooks";
import { WEBHOOK_DELIVERY_STATUSES, webhookDeliveryStyle } from "~/domain/webhooks";
import { getWebhook, listWebhookDeliveries } from "~/services/webhooks.server";
import { requireAdmin } from "~/utils/auth.server";
import { redirectPastLastPage } from "~/utils/list.server";

export const handle: PageHandle = { title: "Webhooks", subtitle: "An endpoint's delivery log" };
export const meta: MetaFunction = () => [{ title: "Delivery Log | Webhooks | Agency CRM" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const id = params.id ?? "";
  // An unknown id is the service's 404, shown inside the shell.
  const webhook = await getWebhook(user, id);
  const query = webhookDeliveryList.fromSearch(url.searchParams);
  const deliveries = await listWebhookDeliveries(user, id, query);
  redirectPastLastPage(url, deliveries);
  return { webhook, deliveries, status: query.status, timezone: user.timezone };
}

export default function WebhookDeliveryLog() {
  const { webhook, deliveries, status, timezone } = useLoaderData<typeof loader>();
  const tabs = [
    { value: "all", label: "All" },
    ...WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: webhookDeliveryStyle(value).label })),
  ];
  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <h2 className="font-mono text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">{webhook.url}</h2>
        {webhook.description ? <p className="text-sm text-slate-600">{webhook.description}</p> : null}
        <p className="text-sm text-slate-600">Listens to: {webhook.events.join(", ")}</p>
      </div>
      <FilterTabs label="Delivery status" current={status} tabs={tabs} />
      <Card className="overflow-hidden">
        <DeliveryTable deliveries={deliveries.rows} timezone={timezone} />
      </Card>
      <Pagination page={deliveries} label="Delivery pages" />
      <Link
        to="/admin/webhooks"
        className="inline-flex min-h-10 items-center text-sm font-medium text-brand-700 hover:underline"
      >
        Back to the endpoints
      </Link>
    </div>
  );
}
