import type { SubmissionResult } from "@conform-to/react";
import { ServiceError } from "~/services/errors.server";
import { resetPasswordWithToken } from "~/services/password-resets.server";

/**
 * A password the service took or refused is never sent back in a page. A form to fix (too short,
 * not matching) keeps what was typed, as every form here does: without JavaScript the answer is
 * that page, sent with no-store, to the browser that typed it.
 */
export const PASSWORD_FIELDS = ["password", "confirmPassword"];

type ValidSubmission = {
  value: { token: string; password: string };
  reply: (options: { formErrors: string[]; hideFields: string[] }) => SubmissionResult<string[]>;
};

/**
 * Sets the new password of a valid form (reset link or temporary-password token). A refused
 * token (used up or expired since the page loaded) comes back as the page's failure toast, with
 * the service's reason unless the page has fixed words; null on success.
 */
export async function saveNewPassword(submission: ValidSubmission, failure: { title: string; description?: string }) {
  try {
    await resetPasswordWithToken(submission.value.token, submission.value.password);
    return null;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return {
      status: error.status,
      result: submission.reply({ formErrors: [error.message], hideFields: PASSWORD_FIELDS }),
      toast: {
        type: "error" as const,
        title: failure.title,
        description: failure.description ?? (error.message || "Failed to reset password"),
      },
    };
  }
}
