import { z } from "zod";
import { API_TOKEN_MAX_DAYS, API_TOKEN_MESSAGES as M, API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from "../api-tokens";
import { blank, requiredText } from "./fields";

// A new API token (issue 27 item 4): the page's form (expiry as a number of days, "" for never)
// and POST /api/tokens (expiresInDays, or an expiresAt date, or neither for never) parse with it.

const DAY_MS = 86_400_000;

const expiresInDays = z.preprocess(
  (value) => {
    const given = blank(value);
    return typeof given === "string" && /^\d+$/.test(given) ? Number(given) : given;
  },
  z
    .number({ invalid_type_error: M.expiresInDays })
    .int(M.expiresInDays)
    .min(1, M.expiresInDays)
    .max(API_TOKEN_MAX_DAYS, M.expiresInDays)
    .optional(),
);

// A date ("2027-03-01", read as its midnight UTC) or a moment ("2027-03-01T12:00:00Z"), after now
// and at most a year ahead; checked when read, so the same input is judged against the time sent.
const expiresAt = z.preprocess(
  blank,
  z
    .string({ invalid_type_error: M.expiresAt })
    .refine((text) => /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/.test(text), M.expiresAt)
    .transform((text) => new Date(text))
    .refine((date) => {
      const ms = date.getTime();
      return Number.isFinite(ms) && ms > Date.now() && ms <= Date.now() + API_TOKEN_MAX_DAYS * DAY_MS;
    }, M.expiresAt)
    .optional(),
);

export const apiTokenCreateSchema = z
  .object({
    name: requiredText("Name", API_TOKEN_NAME_MAX, { required: M.name, tooLong: M.nameTooLong }),
    scope: z.enum(API_TOKEN_SCOPES, { errorMap: () => ({ message: M.scope }) }),
    expiresInDays,
    expiresAt,
  })
  .superRefine((input, ctx) => {
    if (input.expiresInDays !== undefined && input.expiresAt !== undefined) {
      ctx.addIssue({ code: "custom", path: ["expiresAt"], message: M.expiryTwice });
    }
  });

export type ApiTokenCreateInput = z.output<typeof apiTokenCreateSchema>;
