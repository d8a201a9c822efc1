import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ResetRequestsIntro, ResetRequestsPanel } from "~/components/password-resets/reset-requests";
import type { PageHandle } from "~/components/shell/app-shell";
import { requireAdmin } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { RESET_INTENT_FAILURES, resetRequestIntents, resetRequestsData } from "~/utils/reset-request-intents.server";

export const meta: MetaFunction = () => [{ title: "Password Resets | Agency CRM" }];

export const handle: PageHandle = { title: "Password Resets", subtitle: "Approve or deny password reset requests" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  return { ...(await resetRequestsData(admin, new URL(request.url).searchParams)), timezone: admin.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return runIntent(request, {
    back,
    failures: RESET_INTENT_FAILURES,
    intents: resetRequestIntents(admin, request, back),
  });
}

export default function PasswordResetRequestsPage() {
  const { pending, history, timezone } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <ResetRequestsIntro />
      <ResetRequestsPanel pending={pending} history={history} timezone={timezone} />
    </div>
  );
}
