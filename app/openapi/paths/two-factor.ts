import { twoFactorCodeSchema, verifyTwoFactorSchema } from "~/domain/schemas/two-factor";
import { Success, User } from "../answers";
import { z, type Operation } from "../kit";

// Two-factor sign-in (issue 27 item 1): app/routes/api+/auth.verify-two-factor.ts,
// auth.two-factor.*.ts and admin.agents.$id.reset-two-factor.ts.

const tag = "Two-factor sign-in";

const RecoveryCodes = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .length(10)
      .describe("Ten single-use codes, answered this once; only their hashes are kept."),
  })
  .openapi("RecoveryCodes");

export const twoFactorPaths: Operation[] = [
  {
    method: "post",
    path: "/api/auth/verify-two-factor",
    tag,
    summary: "Complete a sign-in with a code",
    description:
      "The second step after POST /api/auth/login answered `requireTwoFactor`: the `challenge` it gave and a code from the authenticator app, or a recovery code. Sets the session cookie, as login does. A code is never accepted twice; codes are rate limited like passwords.",
    access: "public",
    body: verifyTwoFactorSchema,
    answers: {
      description: "Signed in, or told to set a new password first.",
      body: z.union([
        z.object({ user: User, requirePasswordReset: z.literal(false) }),
        z.object({ requirePasswordReset: z.literal(true), resetToken: z.string() }),
      ]),
    },
    errors: [401, 429],
  },
  {
    method: "post",
    path: "/api/auth/two-factor/setup",
    tag,
    summary: "Start enrolling: a new TOTP secret",
    description:
      "Waits for a code from the secret at POST /api/auth/two-factor/enable. 409 when two-factor sign-in is on.",
    access: "user",
    answers: {
      description: "The secret (base32) and its otpauth:// URL for an authenticator app.",
      body: z.object({ secret: z.string(), otpauthUrl: z.string().startsWith("otpauth://") }),
    },
    errors: [409],
  },
  {
    method: "post",
    path: "/api/auth/two-factor/enable",
    tag,
    summary: "Turn two-factor sign-in on with a code from the new secret",
    access: "user",
    body: twoFactorCodeSchema,
    answers: { description: "On; the recovery codes.", body: RecoveryCodes },
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/api/auth/two-factor/recovery-codes",
    tag,
    summary: "Ten new recovery codes",
    description: "With a current code from the app; the old recovery codes stop working.",
    access: "user",
    body: twoFactorCodeSchema,
    answers: { description: "The new codes.", body: RecoveryCodes },
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/api/auth/two-factor/disable",
    tag,
    summary: "Turn two-factor sign-in off (agents only)",
    description: "With a current code from the app; administrators must keep it (403).",
    access: "user",
    body: twoFactorCodeSchema,
    answers: { description: "Off.", body: Success },
    errors: [403, 409, 429],
  },
  {
    method: "post",
    path: "/api/admin/agents/{id}/reset-two-factor",
    tag,
    summary: "Reset an agent's second factor",
    description: "For a lost phone: the agent signs in with the password and may enrol again. Audited.",
    access: "admin",
    answers: { description: "Reset.", body: Success },
    errors: [409],
  },
];
