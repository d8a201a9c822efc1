import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLocation } from "@remix-run/react";
import { DeleteOrderDialog } from "~/components/orders/delete-order-dialog";
import { LazyOrderFormDialog, useOrderDialogsOnIntent } from "~/components/orders/lazy-order-dialogs";
import { OrderFilters } from "~/components/orders/order-filters";
import { OrderTable } from "~/components/orders/order-table";
import type { PageHandle } from "~/components/shell/app-shell";
import { ButtonLink } from "~/components/ui/button";
import { Card, StatCards } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { formatMoney, periodCaption } from "~/domain/format";
import { ORDER_TOASTS } from "~/domain/orders";
import { periodFromSearch } from "~/domain/period-range";
import { bdmFromSearch, orderCreateSchema, orderEditSchema } from "~/domain/schemas/orders";
import { listBdms } from "~/services/agents.server";
import {
  createOrder,
  deleteOrder,
  getOrder,
  orderAgentChoices,
  orderSheet,
  updateOrder,
} from "~/services/orders.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAdmin } from "~/utils/auth.server";
import { formIntent, runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { redirectWithToast } from "~/utils/toast.server";
import { dialogOpen, useRefreshedLoaderData } from "~/utils/polling";

export const handle: PageHandle = { title: "Order Management", subtitle: "Orders of calls by agents" };
export const meta: MetaFunction = () => [{ title: "Order Management | Agency CRM" }];

const DIALOGS = ["add", "edit", "delete"] as const;
const PAGE_SIZE = 20;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const url = new URL(request.url);
  // Period (default today, on the admin's calendar) and BDM, both in the URL.
  const selection = periodFromSearch(url.searchParams, "today");
  const filters = {
    period: selection.period,
    startDate: selection.startDate,
    endDate: selection.endDate,
    bdm: bdmFromSearch(url.searchParams),
  };
  const page = Math.max(1, Math.min(100_000, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const dialog = DIALOGS.find((name) => name === url.searchParams.get("dialog")) ?? null;
  const [{ list, stats }, bdms, agents] = await Promise.all([
    orderSheet(user, { ...filters, page, pageSize: PAGE_SIZE }),
    listBdms(user),
    dialog === "add" || dialog === "edit" ? orderAgentChoices(user) : Promise.resolve([]),
  ]);
  // After deleting the last order of the last page, show the page that now is the last.
  redirectPastLastPage(url, list);
  // ?dialog=edit|delete&id=: an unknown id is the service's 404, shown inside the shell.
  const id = url.searchParams.get("id") ?? "";
  const selected =
    dialog === "edit" || dialog === "delete"
      ? (list.rows.find((row) => row.id === id) ?? (await getOrder(user, id)))
      : null;
  return { list, stats, bdms, agents, selection, bdm: filters.bdm, dialog, selected, timezone: user.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAdmin({ request, context });
  const back = hrefWith(new URL(request.url), { dialog: null, id: null });
  return runIntent(request, {
    back,
    failures: {
      create: { title: ORDER_TOASTS.createFailed },
      update: { title: ORDER_TOASTS.updateFailed },
      delete: { title: ORDER_TOASTS.deleteFailed },
    },
    intents: {
      create: formIntent(orderCreateSchema, async (input) => {
        await createOrder(user, input);
        return redirectWithToast(back, { title: ORDER_TOASTS.created });
      }),
      update: formIntent(orderEditSchema, async (change, form) => {
        await updateOrder(user, String(form.get("id") ?? ""), change);
        return redirectWithToast(back, { title: ORDER_TOASTS.updated });
      }),
      delete: async (form) => {
        await deleteOrder(user, String(form.get("id") ?? ""));
        return redirectWithToast(back, { title: ORDER_TOASTS.deleted });
      },
    },
  });
}

export default function AdminOrders() {
  const { list, stats, bdms, agents, selection, bdm, dialog, selected, timezone } = useRefreshedLoaderData<
    typeof loader
  >(60_000, { pauseWhile: dialogOpen });
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, id: null });
  const caption = periodCaption(selection);
  useOrderDialogsOnIntent();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <OrderFilters bdms={bdms} bdm={bdm} selection={selection} here={here} />
        <ButtonLink to={hrefWith(here, { dialog: "add", id: null })} preventScrollReset>
          Add New Order
        </ButtonLink>
      </div>
      <StatCards
        items={[
          { label: "Total Orders", value: stats.totalOrders.toLocaleString("en-US"), caption },
          { label: "Total Calls Ordered", value: stats.totalCallsOrdered.toLocaleString("en-US"), caption },
          { label: "Total Calls Completed", value: stats.totalCallsCompleted.toLocaleString("en-US"), caption },
          { label: "Total Revenue", value: formatMoney(stats.totalRevenueCents), caption },
          {
            label: "Avg Cost per Call",
            value: formatMoney(stats.averageCostPerCallCents ?? 0),
            caption: "Revenue / calls ordered",
          },
        ]}
      />
      <Card className="overflow-hidden">
        <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">Orders</h2>
        <OrderTable orders={list.rows} here={here} timezone={timezone} />
      </Card>
      <Pagination page={list} label="Order pages" />

      {dialog === "add" ? <LazyOrderFormDialog choices={{ agents, bdms }} closeTo={closeTo} /> : null}
      {selected && dialog === "edit" ? (
        <LazyOrderFormDialog key={selected.id} order={selected} choices={{ agents, bdms }} closeTo={closeTo} />
      ) : null}
      {selected && dialog === "delete" ? <DeleteOrderDialog order={selected} closeTo={closeTo} /> : null}
    </div>
  );
}
