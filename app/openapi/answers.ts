import type { SessionUser } from "~/services/sessions.server";
import { z } from "./kit";

// The answers' shapes that several areas share. Each says, with `satisfies`, the type the service
// answers, so a field added to or removed from the answer fails the typecheck until it is here too.

/** An instant as the API sends it: an ISO 8601 string. */
export const instant = z.string().datetime({ offset: true });

/** A day, YYYY-MM-DD. */
export const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A row's or an object's id. */
export const id = z.string().min(1);

export const User = z
  .object({
    id,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    role: z.enum(["admin", "agent"]),
    timezone: z.string(),
    mustChangePassword: z.boolean(),
    twoFactorEnabled: z.boolean(),
    agent: z
      .object({
        id,
        status: z.string(),
        setupComplete: z.boolean(),
        callsLeft: z.number().int(),
        licenseNumber: z.string(),
        companyName: z.string().nullable(),
      })
      .nullable(),
  })
  .openapi("User") satisfies z.ZodType<SessionUser>;

/** `{ message }`, the answer of an operation that only confirms. */
export const Message = z.object({ message: z.string() }).openapi("Message");

/** `{ success: true }`, the answer of an operation that only confirms. */
export const Success = z.object({ success: z.literal(true) }).openapi("Success");
