import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CommissionCalculator, calculatorInputFromUrl } from "~/components/calculator/commission-calculator";
import type { PageHandle } from "~/components/shell/app-shell";
import { requireAdmin } from "~/utils/auth.server";

export const handle: PageHandle = { title: "Commission Calculator", subtitle: "Monthly premium x 9 x comp %" };
export const meta: MetaFunction = () => [{ title: "Commission Calculator | Agency CRM" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin({ request, context });
  return calculatorInputFromUrl(request.url);
}

export default function CommissionCalculatorPage() {
  const initial = useLoaderData<typeof loader>();
  // A new submission (without JavaScript, or back and forward) starts from what the URL says.
  return (
    <CommissionCalculator
      key={`${initial.sent}|${initial.monthlyPremium}|${initial.compPercentage}`}
      initial={initial}
    />
  );
}
