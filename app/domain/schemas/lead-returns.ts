import { z } from "zod";
import { listQuery, type ListParams } from "~/domain/list-query";
import {
  LEAD_RETURN_FILTERS,
  LEAD_RETURN_MESSAGES,
  LEAD_RETURN_NOTES_MAX,
  LEAD_RETURN_REASONS,
  type LeadReturnFilter,
} from "../lead-returns";
import { optionalText } from "./fields";

// One schema per form: the Request Return dialog (the lead's page and My Leads) and POST
// /api/agent/applications/{id}/return; the Approve and Deny dialogs and their /api routes.

export const leadReturnRequestSchema = z
  .object({
    reason: z.preprocess(
      (value) => (value == null ? "" : value),
      z.enum(LEAD_RETURN_REASONS, { errorMap: () => ({ message: LEAD_RETURN_MESSAGES.reason }) }),
    ),
    notes: optionalText("Notes", LEAD_RETURN_NOTES_MAX, { notGiven: null }),
  })
  .superRefine((value, context) => {
    // "Other" says nothing by itself: the admin deciding needs the agent's words.
    if (value.reason === "other" && !value.notes) {
      context.addIssue({ code: "custom", path: ["notes"], message: LEAD_RETURN_MESSAGES.otherNeedsNotes });
    }
  });

export const leadReturnDecisionSchema = z.object({
  note: optionalText("Note", LEAD_RETURN_NOTES_MAX, { notGiven: null }),
});

/** ?status=&page=&pageSize= of /admin/lead-returns and GET /api/admin/lead-returns; pending by default. */
export const leadReturnList = listQuery({ statuses: LEAD_RETURN_FILTERS, pageSize: 20 });

export type LeadReturnListQuery = ListParams<LeadReturnFilter>;
