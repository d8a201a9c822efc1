import { z } from "zod";
import { listQuery } from "~/domain/list-query";
import { centsFromDollars } from "../format";
import {
  DEFAULT_DUPLICATE_WINDOW_DAYS,
  DEFAULT_RETURN_WINDOW_HOURS,
  LEAD_SOURCE_MESSAGES as M,
  LEAD_SOURCE_NAME_MAX,
  LEAD_SOURCE_STATUSES,
  MAX_COST_PER_LEAD_CENTS,
  MAX_DUPLICATE_WINDOW_DAYS,
  MAX_RETURN_WINDOW_HOURS,
} from "../lead-sources";
import { blank, requiredText } from "./fields";

// One schema per operation (issue 24 item 1): the Add and Edit dialogs (page actions) and POST /
// PATCH /api/admin/lead-sources parse with these. A form sends text ("72", "160.00", "" for left
// empty); JSON may send numbers or the same text; both read the same.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const name = requiredText("Name", LEAD_SOURCE_NAME_MAX, { required: M.name, tooLong: M.nameTooLong });

/**
 * Dollars as typed ("160", "$1,250.5") or sent (160.5 or "160.50"), read to integer cents without
 * floating point: at least 0, at most two decimals.
 */
const costPerLead = z.preprocess(
  blank,
  // Read by hand: a union's own type error would say only "Invalid input" for `true` or `{}`.
  z.unknown().transform((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: "custom", message: M.costPerLead });
      return 0;
    }
    const cents = typeof value === "string" || typeof value === "number" ? centsFromDollars(value) : null;
    if (cents === null) ctx.addIssue({ code: "custom", message: M.costPerLeadShape });
    else if (cents < 0) ctx.addIssue({ code: "custom", message: M.costPerLeadMin });
    else if (cents > MAX_COST_PER_LEAD_CENTS) ctx.addIssue({ code: "custom", message: M.costPerLeadMax });
    return cents ?? 0;
  }),
);

/**
 * A whole number from `min` to `max`, typed ("72") or sent (72); one message for every way it is
 * wrong, naming the range. Left empty: `fallback` when there is one (a new source's default),
 * else the same message.
 */
function wholeNumber(min: number, max: number, message: string, fallback?: number) {
  return z.preprocess(
    (value) => {
      const given = blank(value);
      if (given === undefined) return fallback;
      return typeof given === "string" && /^-?\d+(\.\d+)?$/.test(given) ? Number(given) : given;
    },
    z.number({ required_error: message, invalid_type_error: message }).int(message).min(min, message).max(max, message),
  );
}

/** A carrier's id, or none ("" from the form's "No default carrier"). Whether it exists is the service's check. */
const defaultCarrierId = z.preprocess(
  blank,
  z
    .string({ invalid_type_error: M.defaultCarrier })
    .regex(UUID, M.defaultCarrier)
    .optional()
    .transform((value) => value ?? null),
);

const status = z.preprocess(
  (value) => (value == null ? "" : value),
  z.enum(LEAD_SOURCE_STATUSES, { errorMap: () => ({ message: M.status }) }),
);

/** Add Source and POST /api/admin/lead-sources: the windows left out take their defaults (72 hours, 30 days). */
export const leadSourceCreateSchema = z.object({
  name,
  costPerLead,
  returnWindowHours: wholeNumber(1, MAX_RETURN_WINDOW_HOURS, M.returnWindow, DEFAULT_RETURN_WINDOW_HOURS),
  duplicateWindowDays: wholeNumber(0, MAX_DUPLICATE_WINDOW_DAYS, M.duplicateWindow, DEFAULT_DUPLICATE_WINDOW_DAYS),
  defaultCarrierId,
});
export type LeadSourceCreateInput = z.output<typeof leadSourceCreateSchema>;

/** The fields of an existing source: nothing has a default, an emptied window is a mistake to fix. */
const editFields = {
  name,
  costPerLead,
  returnWindowHours: wholeNumber(1, MAX_RETURN_WINDOW_HOURS, M.returnWindow),
  duplicateWindowDays: wholeNumber(0, MAX_DUPLICATE_WINDOW_DAYS, M.duplicateWindow),
  defaultCarrierId,
};

/** Edit Source: the dialog posts every field but the status (Pause and Activate are the row's). */
export const leadSourceEditSchema = z.object(editFields);

/**
 * PATCH /api/admin/lead-sources/{id}: any of the fields and `status` (active or paused); what is
 * left out stays as it is. `defaultCarrierId: null` clears the carrier.
 */
export const leadSourcePatchSchema = z
  .object({ ...editFields, status })
  .partial()
  .strict("Unknown field: send name, costPerLead, returnWindowHours, duplicateWindowDays, defaultCarrierId or status");
export type LeadSourceUpdateInput = z.output<typeof leadSourcePatchSchema>;

/** The row's Pause / Activate button. */
export const leadSourceStatusSchema = z.object({ status });

/** ?page=&pageSize= for the page (20 a page) and GET /api/admin/lead-sources (100 by default). */
export const leadSourceList = listQuery({ statuses: ["all"] as const, pageSize: 20 });
