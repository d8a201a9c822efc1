import { z } from "zod";

// Two-factor sign-in's forms and API bodies (decision 079): the page actions and the /api routes
// read the same schemas.

const CODE_REQUIRED = "Enter the code from your authenticator app";

const code = z.string({ required_error: CODE_REQUIRED }).trim().min(1, CODE_REQUIRED).max(32, "That code is too long");

/** A code from the app (or, at sign-in, a recovery code): enable, regenerate, turn off. */
export const twoFactorCodeSchema = z.object({ code });

/** The sign-in's second step on the page; the challenge rides in its cookie. */
export const twoFactorSignInSchema = z.object({ code, redirectTo: z.string().optional() });

/** POST /api/auth/verify-two-factor. */
export const verifyTwoFactorSchema = z.object({
  challenge: z.string({ required_error: "challenge is required" }).min(1, "challenge is required").max(200),
  code,
});
