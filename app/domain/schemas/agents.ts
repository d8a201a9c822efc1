import { z } from "zod";
import { listQuery, type ListParams } from "~/domain/list-query";
import { AGENT_TABS, type AgentTab } from "../agent-options";
import { optionalText } from "./fields";

// The admin's agent forms. The Agent Approval page (conform, in the browser and in its action)
// and the /api/admin/agents/... routes parse with these same schemas.

export const ADD_CALLS_MIN = 1;
export const ADD_CALLS_MAX = 1000;
/** Calls ordered at approval: 0 is allowed (a CRM-only agent buys no calls); the cap stops typos. */
const CALLS_ORDERED_MAX = 100_000;

const CALLS_ORDERED_REQUIRED = "Calls ordered is required.";
const CALLS_ORDERED_RANGE = `Calls ordered must be a whole number from 0 to ${CALLS_ORDERED_MAX}.`;
const CALLS_TO_ADD_REQUIRED = "Calls to add is required.";
export const CALLS_TO_ADD_RANGE = `Calls to add must be a whole number from ${ADD_CALLS_MIN} to ${ADD_CALLS_MAX}.`;
const BDM_REQUIRED = "Choose a BDM.";
const AGENT_STATUS_CHOICE = "Status must be paused or approved.";

/**
 * A whole number that may arrive as a JSON number or as form text ("12"). Text that is not a
 * number becomes NaN, which fails with the range message instead of slipping through as 0.
 */
function wholeNumber({ required, range, min, max }: { required: string; range: string; min: number; max: number }) {
  return z.preprocess(
    (value) => {
      if (value === null || value === undefined) return undefined;
      if (typeof value === "string") return value.trim() === "" ? undefined : Number(value.trim());
      return value;
    },
    z.number({ required_error: required, invalid_type_error: range }).int(range).min(min, range).max(max, range),
  );
}

const optionalPhone = z.preprocess(
  (value) => ((typeof value === "string" && value.trim() === "") || value === null ? undefined : value),
  z
    .string()
    .trim()
    .max(32, "Phone is too long")
    .refine((v) => v.replace(/\D/g, "").length >= 10, "Please enter a valid phone number (at least 10 digits)")
    .optional(),
);

const optionalEmail = z.preprocess(
  (value) => ((typeof value === "string" && value.trim() === "") || value === null ? undefined : value),
  z.string().trim().max(254, "Email is too long").email("Please enter a valid email address").optional(),
);

const callsOrdered = wholeNumber({
  required: CALLS_ORDERED_REQUIRED,
  range: CALLS_ORDERED_RANGE,
  min: 0,
  max: CALLS_ORDERED_MAX,
});

/** The Approve dialog: Calls Ordered is required, the rest keeps what the agent registered with. */
export const approveAgentSchema = z.object({
  callsOrdered,
  phone: optionalPhone,
  companyName: optionalText("Company name", 200, { tooLong: "Company name is too long" }),
  assignedBdm: optionalText("BDM", 64, { tooLong: "Choose one of the listed BDMs." }),
});

/**
 * POST or PATCH /api/admin/agents/{id}/approve: the spec shows a variant with this body and an
 * earlier one with none, so every field is optional and an empty body simply approves.
 */
export const approveAgentApiSchema = z.object({
  callsOrdered: callsOrdered.optional(),
  phone: optionalPhone,
  email: optionalEmail,
  companyName: optionalText("Company name", 200, { tooLong: "Company name is too long" }),
  assignedBdm: optionalText("BDM", 64, { tooLong: "Choose one of the listed BDMs." }),
});

export type ApproveAgentInput = z.infer<typeof approveAgentApiSchema>;

export const addCallsSchema = z.object({
  callsToAdd: wholeNumber({
    required: CALLS_TO_ADD_REQUIRED,
    range: CALLS_TO_ADD_RANGE,
    min: ADD_CALLS_MIN,
    max: ADD_CALLS_MAX,
  }),
});

export const assignBdmSchema = z.object({
  bdmId: z
    .string({ required_error: BDM_REQUIRED, invalid_type_error: BDM_REQUIRED })
    .trim()
    .min(1, BDM_REQUIRED)
    .max(64, BDM_REQUIRED),
});

const SETTABLE_AGENT_STATUSES = ["paused", "approved"] as const;
export type SettableAgentStatus = (typeof SETTABLE_AGENT_STATUSES)[number];

export const agentStatusSchema = z.object({
  status: z.enum(SETTABLE_AGENT_STATUSES, { errorMap: () => ({ message: AGENT_STATUS_CHOICE }) }),
});

/** ?tab=&search=&page=&pageSize= of the agents list: the tab (the page's name since its first links) is the status filter. */
export const agentList = listQuery({ statuses: AGENT_TABS, statusParam: "tab", pageSize: 20 });
export type AgentListQuery = ListParams<AgentTab>;

/**
 * Agents Management's list (?status=&search=&page=): All, then the spec's sub-tabs Pending
 * Approval, Approved, Paused and Rejected. Its top-level tab is ?tab=agents|resets.
 */
export const agentManagementList = listQuery({ statuses: AGENT_TABS, pageSize: 20 });
