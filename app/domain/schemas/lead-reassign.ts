import { z } from "zod";
import { boundedList } from "./lists";
import { REASSIGN_MAX_LEADS, REASSIGN_MESSAGES } from "../lead-reassign";

// The reassign input, for the service (which every caller goes through) and the API's body.

const agentId = z.preprocess(
  (value) => (typeof value === "string" ? value.trim() : value),
  z
    .string({ required_error: REASSIGN_MESSAGES.agentRequired, invalid_type_error: REASSIGN_MESSAGES.agentRequired })
    .min(1, REASSIGN_MESSAGES.agentRequired)
    .max(64, REASSIGN_MESSAGES.agentNotFound),
);

// JSON sends a boolean; a form sends text ("true", "on").
const confirmUnlicensed = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "") return false;
    if (value === "true" || value === "on") return true;
    if (value === "false") return false;
    return value;
  },
  z.boolean({ invalid_type_error: REASSIGN_MESSAGES.confirmChoice }),
);

const leadIds = boundedList(
  REASSIGN_MAX_LEADS,
  z
    .array(z.string({ invalid_type_error: REASSIGN_MESSAGES.leadsRequired }).max(64), {
      required_error: REASSIGN_MESSAGES.leadsRequired,
      invalid_type_error: REASSIGN_MESSAGES.leadsRequired,
    })
    .min(1, REASSIGN_MESSAGES.leadsRequired)
    .max(REASSIGN_MAX_LEADS, REASSIGN_MESSAGES.tooManyLeads),
);

/** PUT /api/admin/applications/{id}/reassign: the lead is in the path. */
export const reassignOneSchema = z.object({ agentId, confirmUnlicensed });

/** reassignLeads' input and PUT /api/admin/applications/reassign's body. */
export const reassignLeadsSchema = z.object({ ids: leadIds, agentId, confirmUnlicensed });
