import { z } from "zod";
import { CALL_OUTCOME_VALUES, WEEKDAYS } from "~/domain/calling";
import { STATES_WITH_DC } from "~/domain/states";

// The calling rules' form and API body, and the call log's bodies (issue 25 items 3-5).

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (label: string) =>
  z
    .string({ required_error: `${label} is required`, invalid_type_error: `${label} must be a time like 08:00` })
    .trim()
    .regex(TIME, `${label} must be a time like 08:00`);

/** A state's two-letter code (DC included), or US for the federal default. */
export const callingRuleStateSchema = z
  .string({ required_error: "State is required" })
  .trim()
  .toUpperCase()
  .refine((code) => code === "US" || STATES_WITH_DC.some((s) => s.code === code), "Choose a state");

const ruleFields = z.object({
  start: time("Start"),
  end: time("End"),
  // A form sends nothing for no limit; the API null or a number.
  maxCallsPer24h: z.preprocess(
    (value) => (value === "" || value === undefined ? null : typeof value === "string" ? Number(value) : value),
    z
      .number({ invalid_type_error: "Calls per 24 hours must be a whole number" })
      .int("Calls per 24 hours must be a whole number")
      .min(1, "Calls per 24 hours must be at least 1 (leave it empty for no limit)")
      .max(50, "Calls per 24 hours must be at most 50")
      .nullable(),
  ),
  source: z.string().trim().max(300, "Source must be at most 300 characters").optional().default(""),
});

/**
 * The days calls are allowed: a form's checked boxes (one value, several, or none), the API's
 * array of "mon" ... "sun". Kept in week order, each once.
 */
const days = z.preprocess(
  (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
  z
    .array(z.unknown(), { invalid_type_error: "Days must be a list of days" })
    .min(1, "Choose at least one day")
    // Checked on the whole list, so the message is at `days` (not at the item), the form's field.
    .refine(
      (chosen) => chosen.every((day) => (WEEKDAYS as readonly unknown[]).includes(day)),
      "Days must be among mon, tue, wed, thu, fri, sat and sun",
    )
    .transform((chosen) => WEEKDAYS.filter((day) => chosen.includes(day))),
);

function endAfterStart(rule: { start: string; end: string }, ctx: z.RefinementCtx) {
  if (TIME.test(rule.start) && TIME.test(rule.end) && rule.end <= rule.start) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["end"], message: "End must be after start" });
  }
}

/** PUT /api/admin/calling-rules/{state}: left out, `days` is every day (a client from before days existed). */
export const callingRuleSchema = ruleFields
  .extend({ days: z.preprocess((value) => value ?? [...WEEKDAYS], days) })
  .strict()
  .superRefine(endAfterStart);

/** The page's add and edit form: the same fields, the state, and a box per day (none checked is refused). */
export const callingRuleFormSchema = ruleFields
  .extend({ state: callingRuleStateSchema, days })
  .superRefine(endAfterStart);

/** POST /api/applications/{id}/calls and Call Now's form: which number, and an admin's override. */
export const placeCallSchema = z
  .object({
    phone: z.string().trim().max(40, "Phone must be at most 40 characters").optional(),
    overrideReason: z.string().trim().max(500, "Reason must be at most 500 characters").optional(),
  })
  .strict();

/** POST /api/applications/{id}/calls/{callId}/outcome. */
export const callOutcomeSchema = z
  .object({
    outcome: z.enum(CALL_OUTCOME_VALUES, {
      errorMap: () => ({ message: "Choose an outcome: no_answer, voicemail, contacted, wrong_number or do_not_call" }),
    }),
  })
  .strict();

/** GET .../call-check?phone=: which of the lead's numbers (its primary when left out). */
export const callCheckQuery = z.object({
  phone: z.string().trim().max(40, "Phone must be at most 40 characters").optional(),
});

/** The call page's override form: the administrator's reason, required. */
export const callOverrideSchema = z.object({
  phone: z.string().trim().max(40).optional(),
  overrideReason: z
    .string({ required_error: "Say why the call must be made" })
    .trim()
    .min(1, "Say why the call must be made")
    .max(500, "Reason must be at most 500 characters"),
});
