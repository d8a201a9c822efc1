import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PolicyCard } from "~/components/retention/policy-card";
import type { PageHandle } from "~/components/shell/app-shell";
import { Card, StatCards } from "~/components/ui/card";
import { Pagination } from "~/components/ui/pagination";
import { formatDollars } from "~/domain/format";
import { retentionList } from "~/domain/schemas/payment-tracking";
import { ServiceError } from "~/services/errors.server";
import { listAgentRetention, retentionSummary, updatePaymentTracking } from "~/services/retention.server";
import { redirectPastLastPage } from "~/utils/list.server";
import { requireAgent } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { hrefWith } from "~/utils/list";
import { redirectWithToast } from "~/utils/toast.server";

export const handle: PageHandle = { title: "9-Month Payment Tracker", subtitle: "Retention of your sold policies" };
export const meta: MetaFunction = () => [{ title: "Retention | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent({ request, context });
  const url = new URL(request.url);
  const query = retentionList.fromSearch(url.searchParams);
  const [list, summary] = await Promise.all([listAgentRetention(user, query), retentionSummary(user)]);
  redirectPastLastPage(url, list);
  return { list, summary, status: query.status, timezone: user.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent({ request, context });
  const url = new URL(request.url);
  const back = hrefWith(url, {});
  return runIntent(request, {
    back,
    // The spec's error catalogue (part 2, section 8): the title, then the server's reason.
    failures: { payment: { title: "Update failed", description: "Failed to update payment status" } },
    intents: {
      payment: async (form) => {
        try {
          await updatePaymentTracking(user, String(form.get("id") ?? ""), { status: form.get("status") });
        } catch (error) {
          // Another agent's payment (or none) is a 404 from the page too, as from the API.
          if (error instanceof ServiceError && error.code === "not_found") {
            throw new Response(error.message, { status: 404 });
          }
          throw error;
        }
        return redirectWithToast(back, {
          title: "Payment Status Updated",
          description: "The payment status has been successfully updated",
        });
      },
    },
  });
}

export default function RetentionPage() {
  const { list, summary, status, timezone } = useLoaderData<typeof loader>();
  const dueOnly = status === "due";
  return (
    <div className="space-y-5">
      <StatCards
        items={[
          { label: "Active Accounts", value: summary.activeAccounts, caption: "Sold policies in force" },
          {
            label: "Monthly Revenue",
            value: formatDollars(summary.monthlyRevenue),
            caption: "Premiums of active accounts",
          },
          {
            label: "Payments Due",
            value: summary.paymentsDue,
            caption: (
              <span className="flex flex-wrap gap-1.5">
                {summary.overdue > 0 ? (
                  <span className="badge bg-red-800 text-white ring-red-900">{summary.overdue} overdue</span>
                ) : null}
                <span className="badge bg-red-100 text-red-800 ring-red-600/20">{summary.dueToday} due today</span>
                <span className="badge bg-amber-100 text-amber-900 ring-amber-600/20">
                  {summary.dueTomorrow} due tomorrow
                </span>
                {/* The card leads to the policies to chase: overdue, due today or tomorrow. */}
                <Link to={dueOnly ? "?" : "?status=due"} className="basis-full font-medium text-brand-700 underline">
                  {dueOnly ? "Show all policies" : "Show policies with payments due"}
                </Link>
              </span>
            ),
          },
        ]}
      />
      {list.total === 0 && dueOnly ? (
        <Card className="px-4 py-10 text-center">
          <h2 className="font-semibold text-slate-900">No payments due</h2>
          <p className="mt-1 text-sm text-slate-600">No active policy has a payment overdue or due by tomorrow.</p>
        </Card>
      ) : list.total === 0 ? (
        <Card className="px-4 py-10 text-center">
          <h2 className="font-semibold text-slate-900">No Active Policies</h2>
          <p className="mt-1 text-sm text-slate-600">
            A policy appears here with its nine monthly payments once you record a sale.
          </p>
        </Card>
      ) : (
        <section aria-labelledby="policies-heading" className="space-y-3">
          <h2 id="policies-heading" className="font-semibold text-slate-900">
            {dueOnly ? "Policies with payments due" : "Sold policies"}: {list.total}
          </h2>
          {list.rows.map((policy) => (
            <PolicyCard key={policy.id} policy={policy} timezone={timezone} />
          ))}
        </section>
      )}
      <Pagination page={list} label="Policy pages" />
    </div>
  );
}
