import { z } from "zod";
import { isoDayProblem } from "../period-range";
import { POLICY_STATUSES, type PolicyStatus } from "../statuses";

// A policy's status change (issue 26 item 1): the Policy dialog of the lead's page, My Leads and
// All Leads, and PUT /api/applications/{id}/policy parse with this one schema. Which move is
// allowed, and what a status needs, is the service's rule (app/domain/policy.ts).

const NOTES_MAX = 2000;
/** Carriers' policy numbers: letters, digits and dashes, as printed on the policy. */
const POLICY_NUMBER = /^[A-Za-z0-9][A-Za-z0-9-]{2,39}$/;

/** The messages a policy change is refused with (the tests compare against them). */
export const POLICY_MESSAGES = {
  status: "Please select a policy status.",
  policyNumber: "Please enter the policy number as the carrier prints it: 3 to 40 letters, digits or dashes.",
  policyNumberRequired: "Please enter the policy number the carrier issued.",
  issueDateRequired: "Please enter the date the carrier issued the policy.",
  issueDateFuture: "The issue date cannot be in the future.",
  issueBeforeSale: "The issue date cannot be before the sale.",
  notesTooLong: `Notes are too long (at most ${NOTES_MAX.toLocaleString("en-US")} characters).`,
} as const;

/** Form posts send "" for an empty optional field and JSON clients may send null; both mean none. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

const day = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: `Please enter the ${label} as YYYY-MM-DD.` })
      .trim()
      .superRefine((value, ctx) => {
        const problem = isoDayProblem(value);
        if (problem)
          ctx.addIssue({ code: "custom", message: `${label[0]!.toUpperCase()}${label.slice(1)}: ${problem}` });
      })
      .optional(),
  );

export const policyUpdateSchema = z.object({
  status: z.enum(POLICY_STATUSES as unknown as [PolicyStatus, ...PolicyStatus[]], {
    errorMap: () => ({ message: POLICY_MESSAGES.status }),
  }),
  policyNumber: z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: POLICY_MESSAGES.policyNumber })
      .trim()
      .regex(POLICY_NUMBER, POLICY_MESSAGES.policyNumber)
      .optional(),
  ),
  issueDate: day("issue date"),
  effectiveDate: day("effective date"),
  notes: z.preprocess(
    blankToUndefined,
    z
      .string({ invalid_type_error: POLICY_MESSAGES.notesTooLong })
      .trim()
      .max(NOTES_MAX, POLICY_MESSAGES.notesTooLong)
      .optional(),
  ),
});
