import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/components/shell/app-shell";
import { ResetRequestsPanel } from "~/components/password-resets/reset-requests";
import { resetDecisionSchema } from "~/domain/schemas/password-reset";
import { ServiceError } from "~/services/errors.server";
import { approveResetRequest, denyResetRequest, listResetRequests } from "~/services/password-resets.server";
import { requireAdmin, safeRedirect } from "~/utils/auth.server";
import { absoluteUrl } from "~/utils/public-url.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Password Resets | Agency CRM" }];

export const handle: PageHandle = { title: "Password Resets", subtitle: "Approve or deny password reset requests" };

const PAGE = "/admin/password-reset-requests";

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const lists = await listResetRequests(admin);
  return { ...lists, timezone: admin.timezone };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const submission = parseWithZod(await request.formData(), { schema: resetDecisionSchema });
  if (submission.status !== "success") {
    return redirectWithToast(PAGE, { type: "error", title: "Error", description: "Choose a request to approve or deny." });
  }
  const { intent, id } = submission.value;
  const back = safeRedirect(submission.value.redirectTo, PAGE);
  try {
    if (intent === "approve") {
      const { request: approved, resetPath } = await approveResetRequest(admin, id);
      return redirectWithToast(back, {
        title: "Request approved",
        description: `Send this one-time link to ${approved.userName} (${approved.email}). It works once and expires in 1 hour; it will not be shown again.`,
        copyValue: absoluteUrl(request, resetPath),
        // Long enough to copy it and paste it into a message.
        durationMs: 10 * 60_000,
      });
    }
    const { request: denied } = await denyResetRequest(admin, id);
    return redirectWithToast(back, { title: "Request denied", description: `${denied.userName} (${denied.email}) can submit a new request.` });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const fallback = intent === "approve" ? "Failed to approve request" : "Failed to deny request";
    return redirectWithToast(back, { type: "error", title: "Error", description: `${fallback}. ${error.message}` });
  }
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
