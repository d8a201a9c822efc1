import { z } from "zod";
import { pagingSchema } from "~/domain/list-query";
import { CALLBACK_CATEGORIES } from "../callbacks";
import { leadStatusFormSchema, leadStatusSchema, requireCallbackDate } from "./lead-status";

// The Callbacks page's Reschedule form and GET /api/agent/callbacks' query.

export const RESCHEDULE_MESSAGES = {
  past: "Please choose a callback date and time that has not passed yet.",
} as const;

/** A reschedule is a status change to rescheduled with a new date: the status form's rules. */
function asReschedule(raw: unknown) {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return raw;
  return { ...(raw as Record<string, unknown>), status: "rescheduled", productId: undefined };
}

/** callbackDate (an ISO instant with its offset, required) and optional notes. */
export const rescheduleSchema = z.preprocess(asReschedule, leadStatusSchema.superRefine(requireCallbackDate));

/** The page's form: the new date and time as a datetime-local value, read in the agent's time zone. */
export const rescheduleFormSchema = (timeZone: string) =>
  z.preprocess(asReschedule, leadStatusFormSchema(timeZone).superRefine(requireCallbackDate));

const CALLBACK_LIST_FILTERS = ["all", ...CALLBACK_CATEGORIES] as const;
export type CallbackListFilter = (typeof CALLBACK_LIST_FILTERS)[number];

/** ?category=all|overdue|today|upcoming&page=&pageSize= (default 100, at most 500). */
export const callbackListQuery = pagingSchema.extend({
  category: z
    .enum(CALLBACK_LIST_FILTERS, {
      errorMap: () => ({ message: `Category must be one of: ${CALLBACK_LIST_FILTERS.join(", ")}` }),
    })
    .default("all"),
});
