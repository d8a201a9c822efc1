import { z } from "zod";
import { listQuery } from "~/domain/list-query";
import { MIN_RESET_PASSWORD } from "~/domain/password-rules";

// One schema per form (used by the page action and, for instant feedback, the browser) and one
// per /api body. The texts are the spec's catalogue, word for word (part 1, sections 5 and 8).

export const forgotPasswordSchema = z.object({
  email: z
    .string({ required_error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(254, "Email is too long")
    .email("Please enter a valid email address"),
});

/** Reset password (/reset-password): field messages are the descriptions of the spec's toasts. */
const RESET_MESSAGES = {
  tooShort: { title: "Password too short", description: "Password must be at least 8 characters long" },
  mismatch: { title: "Passwords don't match", description: "Please make sure both passwords are identical" },
} as const;

const token = z.string({ required_error: "This password reset link is no longer valid." }).max(200);

// The password is trimmed before use, as the spec's clients trim it before sending.
const resetPassword = z
  .string({ required_error: RESET_MESSAGES.tooShort.description })
  .trim()
  .min(MIN_RESET_PASSWORD, RESET_MESSAGES.tooShort.description)
  .max(200, "Password is too long");

export const resetPasswordSchema = z
  .object({
    token,
    password: resetPassword,
    confirmPassword: z.string().trim().max(200).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.confirmPassword ?? "") !== value.password) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: RESET_MESSAGES.mismatch.description });
    }
  });

export const resetPasswordApiSchema = z.object({ token, password: resetPassword });

/** Set new password (/set-new-password). */
const SET_PASSWORD_MESSAGES = {
  required: "Please enter a new password.",
  tooShort: "Password must be at least 8 characters long.",
  mismatch: "Passwords do not match.",
} as const;

const newPassword = z
  .string({ required_error: SET_PASSWORD_MESSAGES.required })
  .trim()
  .min(1, SET_PASSWORD_MESSAGES.required)
  .min(MIN_RESET_PASSWORD, SET_PASSWORD_MESSAGES.tooShort)
  .max(200, "Password is too long");

export const setNewPasswordSchema = z
  .object({
    token,
    password: newPassword,
    confirmPassword: z.string().trim().max(200).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.confirmPassword ?? "") !== value.password) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: SET_PASSWORD_MESSAGES.mismatch });
    }
  });

export const completePasswordResetApiSchema = z.object({ token, password: newPassword });

export const verifyResetTokenSchema = z.object({ token });

/** ?page= of the admin's open requests. */
export const resetRequestList = listQuery({ pageSize: 20 });
