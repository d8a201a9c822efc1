import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { CallbackTable } from "~/components/callbacks/callback-table";
import { LazyDispositionDialog, LazyRescheduleDialog, useLeadFormsOnIntent } from "~/components/leads/lazy-lead-forms";
import type { PageHandle } from "~/components/shell/app-shell";
import { StatCards } from "~/components/ui/card";
import { CALLBACK_CATEGORIES, type CallbackCategory } from "~/domain/callbacks";
import { agentCallbackBoard, getCallbackLead } from "~/services/callbacks.server";
import { getLeadDetail } from "~/services/lead-reads.server";
import { saleProductsForLead } from "~/services/lead-status.server";
import { requireAgent } from "~/utils/auth.server";
import { CALLBACK_INTENT_FAILURES, callbackDispositionIntent, rescheduleIntent } from "~/utils/callback-intents.server";
import { runIntent } from "~/utils/intent.server";
import { hrefWith, pageCount } from "~/utils/list";

export const handle: PageHandle = { title: "Callbacks", subtitle: "Calls you promised, by when they are due" };
export const meta: MetaFunction = () => [{ title: "Callbacks | Agency CRM" }];

/** Rows per table; each table pages on its own (?overduePage=&todayPage=&upcomingPage=). */
const PAGE_SIZE = 20;
const DIALOGS = ["reschedule", "disposition"] as const;
const pageParam = (category: CallbackCategory) => `${category}Page`;

/** A table's page from the URL; anything unreadable is the first. */
function pageFrom(search: URLSearchParams, category: CallbackCategory) {
  const page = Number(search.get(pageParam(category)));
  return Number.isSafeInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent({ request, context });
  const url = new URL(request.url);
  const pages = Object.fromEntries(CALLBACK_CATEGORIES.map((c) => [c, pageFrom(url.searchParams, c)])) as Record<
    CallbackCategory,
    number
  >;
  const board = await agentCallbackBoard(user, pages, PAGE_SIZE);
  // A table past its last page (a callback moved away meanwhile) shows its last page instead.
  for (const category of CALLBACK_CATEGORIES) {
    const table = board[category];
    if (table.rows.length === 0 && table.page > 1 && table.total > 0) {
      throw redirect(hrefWith(url, { [pageParam(category)]: pageCount(table) }));
    }
  }

  const dialog = DIALOGS.find((name) => name === url.searchParams.get("dialog")) ?? null;
  const id = url.searchParams.get("id") ?? "";
  // A lead that is missing or another agent's throws the service's 404 (the layout's boundary).
  const [rescheduling, lead, products] = await Promise.all([
    dialog === "reschedule" ? getCallbackLead(user, id) : null,
    dialog === "disposition" ? getLeadDetail(user, id) : null,
    dialog === "disposition" ? saleProductsForLead(user, id) : [],
  ]);
  return { board, dialog, rescheduling, lead, products, timezone: user.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent({ request, context });
  const closed = hrefWith(new URL(request.url), { dialog: null, id: null });
  return runIntent(request, {
    back: closed,
    failures: CALLBACK_INTENT_FAILURES,
    intents: {
      reschedule: rescheduleIntent(user, closed),
      disposition: callbackDispositionIntent(user, closed),
    },
  });
}

export default function CallbacksPage() {
  const { board, dialog, rescheduling, lead, products, timezone } = useLoaderData<typeof loader>();
  const location = useLocation();
  useLeadFormsOnIntent();
  const here = location.pathname + location.search;
  const closeTo = hrefWith(here, { dialog: null, id: null });
  const table = { here, timezone };
  return (
    <div className="space-y-5">
      <StatCards
        items={[
          { label: "Total", value: board.counts.total, caption: "Callback and rescheduled" },
          { label: "Due Today", value: board.counts.dueToday },
          { label: "Overdue", value: board.counts.overdue },
          { label: "Upcoming", value: board.counts.upcoming, caption: "Later, or no date set" },
        ]}
      />
      <CallbackTable
        title="Overdue"
        subtitle="Immediate Action Required"
        callbacks={board.overdue}
        pageParam={pageParam("overdue")}
        highlighted
        {...table}
      />
      <CallbackTable title="Due Today" callbacks={board.today} pageParam={pageParam("today")} {...table} />
      <CallbackTable
        title="Upcoming Callbacks"
        callbacks={board.upcoming}
        pageParam={pageParam("upcoming")}
        {...table}
      />
      {dialog === "reschedule" && rescheduling ? (
        <LazyRescheduleDialog key={rescheduling.id} lead={rescheduling} timezone={timezone} closeTo={closeTo} />
      ) : null}
      {dialog === "disposition" && lead ? (
        <LazyDispositionDialog
          key={lead.id}
          lead={lead}
          products={products}
          timezone={timezone}
          closeTo={closeTo}
          afterEdit={false}
        />
      ) : null}
    </div>
  );
}
