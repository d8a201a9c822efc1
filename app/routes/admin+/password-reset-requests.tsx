import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ResetRequestsPanel } from "~/components/password-resets/reset-requests";
import type { PageHandle } from "~/components/shell/app-shell";
import { resetRequestList } from "~/domain/schemas/password-reset";
import {
  approveResetRequest,
  denyResetRequest,
  listPendingResetRequests,
  listResetHistory,
} from "~/services/password-resets.server";
import { requireAdmin } from "~/utils/auth.server";
import { runIntent } from "~/utils/intent.server";
import { absoluteUrl } from "~/utils/public-url.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Password Resets | Agency CRM" }];

export const handle: PageHandle = { title: "Password Resets", subtitle: "Approve or deny password reset requests" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const paging = resetRequestList.fromSearch(new URL(request.url).searchParams);
  const [pending, history] = await Promise.all([listPendingResetRequests(admin, paging), listResetHistory(admin)]);
  return { pending, history, timezone: admin.timezone };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin({ request, context });
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return runIntent(request, {
    back,
    failures: {
      approve: { title: "Error", description: "Failed to approve request" },
      deny: { title: "Error", description: "Failed to deny request" },
    },
    intents: {
      approve: async (form) => {
        const { request: approved, resetPath } = await approveResetRequest(admin, String(form.get("id") ?? ""));
        return redirectWithToast(back, {
          title: "Request approved",
          description: `Send this one-time link to ${approved.userName} (${approved.email}). It works once and expires in 1 hour; it will not be shown again.`,
          copyValue: absoluteUrl(request, resetPath),
          // Long enough to copy it and paste it into a message.
          durationMs: 10 * 60_000,
        });
      },
      deny: async (form) => {
        const { request: denied } = await denyResetRequest(admin, String(form.get("id") ?? ""));
        return redirectWithToast(back, {
          title: "Request denied",
          description: `${denied.userName} (${denied.email}) can submit a new request.`,
        });
      },
    },
  });
}

export default function PasswordResetRequestsPage() {
  const { pending, history, timezone } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <p className="max-w-3xl text-sm text-slate-600">
        Users who forgot their password ask here. Approving shows a one-time link, valid for 1 hour, to send to the
        user; a request nobody reviews within 24 hours expires.
      </p>
      <ResetRequestsPanel pending={pending} history={history} timezone={timezone} />
    </div>
  );
}
