import { resetRequestList } from "~/domain/schemas/password-reset";
import {
  approveResetRequest,
  denyResetRequest,
  listPendingResetRequests,
  listResetHistory,
} from "~/services/password-resets.server";
import type { SessionUser } from "~/services/sessions.server";
import type { IntentFailureToast, IntentHandler } from "./intent.server";
import { absoluteUrl } from "./public-url.server";
import { redirectWithToast } from "./toast.server";

// Password reset requests, as /admin/password-reset-requests and Agents Management's Password
// Resets tab both show them: one read, one pair of intents.

/** The pending requests (paged by ?page=) and the latest history, as ResetRequestsPanel shows them. */
export async function resetRequestsData(admin: SessionUser, search: URLSearchParams) {
  const paging = resetRequestList.fromSearch(search);
  const [pending, history] = await Promise.all([listPendingResetRequests(admin, paging), listResetHistory(admin)]);
  return { pending, history };
}

export const RESET_INTENT_FAILURES: Record<string, IntentFailureToast> = {
  approve: { title: "Error", description: "Failed to approve request" },
  deny: { title: "Error", description: "Failed to deny request" },
};

/** Approve (shows the one-time link to send) and Deny; `back` is the page's own URL. */
export function resetRequestIntents(admin: SessionUser, request: Request, back: string): Record<string, IntentHandler> {
  return {
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
  };
}
