import { z } from "zod";
import { parseIsoDate, zonedDateTime } from "../periods";
import { AGENT_LEAD_STATUSES, LEAD_STATUSES, type LeadStatus } from "../statuses";

// The status change of one lead (a disposition): the page's status and disposition dialogs and
// PUT /api/agent/applications/{id}/status parse with this one schema.

const NOTES_MAX = 2000;

/** @internal Exported for tests. */
export const LEAD_STATUS_MESSAGES = {
  status: statusChoiceMessage(AGENT_LEAD_STATUSES),
  productRequired: "Please select a product for the sale.",
  callbackRequired: "Please choose a callback date and time.",
  callbackShape:
    "Please enter the callback date and time as an ISO date-time with its time zone, e.g. 2026-12-01T15:00:00Z.",
  notesTooLong: `Notes are too long (at most ${NOTES_MAX.toLocaleString("en-US")} characters).`,
  productShape: "Please select one of your products.",
  socialSecurityDayShape: "Draft on Social Security day must be true or false.",
} as const;

/** Form posts send "" for an empty optional field and JSON clients may send null; both mean none. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** A ticked box posts "on"; JSON sends a boolean. Absent (an unticked box) is false. */
const tickedOrFalse = (v: unknown) => {
  const value = blankToUndefined(v);
  if (value === undefined) return false;
  if (typeof value !== "string") return value;
  return { on: true, true: true, yes: true, false: false, off: false, no: false }[value.trim().toLowerCase()] ?? value;
};

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):(\d{2}))$/i;

/**
 * An ISO date-time with its offset ("2026-12-01T15:00:00Z", "2026-12-01T10:00-05:00"), as the
 * instant it names, or null when it is not one (impossible dates such as Feb 30 included). The
 * page turns the user's wall-clock time in their time zone into such a string; the lead stores
 * the instant (UTC).
 */
function parseCallbackDate(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, day, hour, minute, second, zone, offsetHours, offsetMinutes] = match;
  const date = parseIsoDate(day!);
  if (!date || date.year < 2000 || date.year > 2100) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return null;
  if (zone!.toUpperCase() !== "Z" && (Number(offsetHours) > 14 || Number(offsetMinutes) > 59)) return null;
  const instant = new Date(text.trim());
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * The message for a status outside `statuses`, listing them.
 * @internal Exported for tests.
 */
export function statusChoiceMessage(statuses: readonly string[]) {
  return `Please select a status (${statuses.join(", ")}).`;
}

/**
 * A status change to one of `statuses`: an agent's six (leadStatusSchema) or, for an admin, every
 * status of part 1 section 4 (adminLeadStatusSchema). An agent's sale needs a product (part 2);
 * an admin's may come without one, its commission to be decided (decision 043). A callback or
 * rescheduled lead may come without a date: the spec ranks it low.
 */
function statusChangeSchema<S extends LeadStatus>(
  statuses: readonly [S, ...S[]],
  { saleNeedsProduct }: { saleNeedsProduct: boolean },
) {
  return z
    .object({
      status: z.preprocess(
        (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
        z.enum(statuses, { errorMap: () => ({ message: statusChoiceMessage(statuses) }) }),
      ),
      notes: z.preprocess(
        blankToUndefined,
        z
          .string({ invalid_type_error: LEAD_STATUS_MESSAGES.notesTooLong })
          .trim()
          .max(NOTES_MAX, LEAD_STATUS_MESSAGES.notesTooLong)
          .optional()
          .transform((v) => v ?? null),
      ),
      productId: z.preprocess(
        blankToUndefined,
        z
          .string({ invalid_type_error: LEAD_STATUS_MESSAGES.productShape })
          .trim()
          .max(64, LEAD_STATUS_MESSAGES.productShape)
          .optional()
          .transform((v) => v ?? null),
      ),
      // A sale's nine months on the client's Social Security days instead of the first draft's day
      // of the month (decision 078); absent is the same day each month.
      draftOnSocialSecurityDay: z.preprocess(
        tickedOrFalse,
        z.boolean({ invalid_type_error: LEAD_STATUS_MESSAGES.socialSecurityDayShape }),
      ),
      // A Date is taken too, so input this schema already parsed parses again to the same value.
      callbackDate: z.preprocess(
        (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : blankToUndefined(v)),
        z
          .string({ invalid_type_error: LEAD_STATUS_MESSAGES.callbackShape })
          .max(64, LEAD_STATUS_MESSAGES.callbackShape)
          .optional()
          .transform((v, ctx) => {
            if (v === undefined) return null;
            const instant = parseCallbackDate(v);
            if (!instant) {
              ctx.addIssue({ code: z.ZodIssueCode.custom, message: LEAD_STATUS_MESSAGES.callbackShape });
              return z.NEVER;
            }
            return instant;
          }),
      ),
    })
    .superRefine((value, ctx) => {
      if (saleNeedsProduct && value.status === "sale" && !value.productId) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["productId"],
          message: LEAD_STATUS_MESSAGES.productRequired,
        });
      }
    });
}

/**
 * A change that must name its callback date: a Reschedule (its whole point is the new date).
 * A status change to callback or rescheduled may leave it out.
 */
export function requireCallbackDate(value: { callbackDate?: Date | null }, ctx: z.RefinementCtx) {
  if (!value.callbackDate) {
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      path: ["callbackDate"],
      message: LEAD_STATUS_MESSAGES.callbackRequired,
    });
  }
}

export const leadStatusSchema = statusChangeSchema(AGENT_LEAD_STATUSES, { saleNeedsProduct: true });

/** An admin's status change (the All Leads dialog, PUT /api/admin/applications/{id}/status). */
export const adminLeadStatusSchema = statusChangeSchema(LEAD_STATUSES, { saleNeedsProduct: false });

/**
 * The pages' status and disposition forms: the callback's date and time come from a
 * datetime-local box, read in the user's own time zone, and become the instant the API takes.
 */
export function leadStatusFormSchema(timeZone: string, schema: z.ZodTypeAny = leadStatusSchema) {
  return z.preprocess((raw) => {
    if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
    const input = { ...(raw as Record<string, unknown>) };
    // A box's value that is no real date and time counts as none chosen.
    if (typeof input.callbackDate === "string") input.callbackDate = zonedDateTime(input.callbackDate, timeZone) ?? "";
    return input;
  }, schema);
}
