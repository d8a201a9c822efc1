import type { SubmissionResult } from "@conform-to/react";
import { ServiceError } from "~/services/errors.server";
import { resetPasswordWithToken } from "~/services/password-resets.server";

/** Typed passwords are never sent back in a page. */
export const PASSWORD_FIELDS = ["password", "confirmPassword"];

type ValidSubmission = {
  value: { token: string; password: string };
  reply: (options: { formErrors: string[]; hideFields: string[] }) => SubmissionResult<string[]>;
};

/**
 * Sets the new password of a valid form (reset link or temporary-password token). A refused
 * token comes back as the form's failure under the page's own title, or null on success.
 */
export async function saveNewPassword(submission: ValidSubmission, failureTitle: string) {
  try {
    await resetPasswordWithToken(submission.value.token, submission.value.password);
    return null;
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return {
      status: error.status,
      result: submission.reply({ formErrors: [error.message], hideFields: PASSWORD_FIELDS }),
      failure: { title: failureTitle, description: error.message || "Failed to reset password" },
    };
  }
}
