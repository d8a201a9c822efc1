import { loginSchema, registrationSchema, timezoneSchema } from "~/domain/schemas/auth";
import {
  completePasswordResetApiSchema,
  forgotPasswordSchema,
  resetPasswordApiSchema,
  verifyResetTokenSchema,
} from "~/domain/schemas/password-reset";
import { Message, Success, User } from "../answers";
import { z, type Operation } from "../kit";

const tag = "Authentication";

export const authPaths: Operation[] = [
  {
    method: "post",
    path: "/api/auth/login",
    tag,
    summary: "Sign in with email and password",
    description:
      "Sets the session cookie and answers the user. A user with two-factor sign-in gets `requireTwoFactor: true` and a `challenge` to complete at POST /api/auth/verify-two-factor; a user who must change their password gets `requirePasswordReset: true` and a `resetToken` for POST /api/auth/complete-password-reset instead.",
    access: "public",
    body: loginSchema,
    answers: {
      description: "Signed in, asked for a second factor, or told to set a new password first.",
      body: z.union([
        z.object({ user: User, requirePasswordReset: z.literal(false) }),
        z.object({ requirePasswordReset: z.literal(true), resetToken: z.string() }),
        z.object({ requireTwoFactor: z.literal(true), challenge: z.string() }),
      ]),
    },
    errors: [401, 403, 429],
  },
  {
    method: "post",
    path: "/api/auth/logout",
    tag,
    summary: "Sign out",
    description: "Ends the session, if any, and clears the cookie.",
    access: "public",
    answers: { description: "Signed out.", body: Success },
  },
  {
    method: "get",
    path: "/api/auth/me",
    tag,
    summary: "The signed-in user",
    access: "user",
    answers: { description: "The user.", body: z.object({ user: User }) },
  },
  {
    method: "post",
    path: "/api/auth/register",
    tag,
    summary: "Ask for an agent account",
    description:
      "The same answer whether or not the email has an account (decision 080): a taken email makes nothing and its owner and the admins are told by notification. A license number another agent has is a 409 at its field.",
    access: "public",
    body: registrationSchema,
    answers: {
      status: 201,
      description: "The request, awaiting an admin's approval.",
      body: z.object({ message: z.string() }).passthrough(),
    },
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/api/auth/request-password-reset",
    tag,
    summary: "Ask for a password reset",
    description: "The same answer whether or not the email has an account.",
    access: "public",
    body: forgotPasswordSchema,
    answers: { description: "Asked.", body: z.object({ message: z.string() }).passthrough() },
    errors: [429],
  },
  {
    method: "post",
    path: "/api/auth/reset-password",
    tag,
    summary: "Set a new password through an approved reset link",
    access: "public",
    body: resetPasswordApiSchema,
    answers: { description: "The password is changed.", body: Message },
  },
  {
    method: "post",
    path: "/api/auth/complete-password-reset",
    tag,
    summary: "Set a new password with the token sign-in gave",
    description: "Every session of the user ends; they sign in again afterwards.",
    access: "public",
    body: completePasswordResetApiSchema,
    answers: { description: "The password is changed.", body: Message },
  },
  {
    method: "post",
    path: "/api/auth/verify-reset-token",
    tag,
    summary: "Whether a reset token is still good",
    access: "public",
    body: verifyResetTokenSchema,
    answers: { description: "Its state.", body: z.object({ valid: z.boolean(), email: z.string().nullable() }) },
  },
  {
    method: "put",
    path: "/api/auth/timezone",
    tag,
    summary: "Set the user's time zone",
    access: "user",
    body: timezoneSchema,
    answers: { description: "The updated user.", body: z.object({ user: User }) },
  },
];
