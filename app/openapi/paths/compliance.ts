import {
  dncAddSchema,
  dncList,
  dncRemoveSchema,
  DNC_IMPORT_REASONS,
  DNC_REASONS,
  type DncEntryView,
} from "~/domain/dnc";
import { callingRuleSchema } from "~/domain/schemas/calling";
import type { CallingRuleView } from "~/services/calling-rules.server";
import { Message, id, instant, objectWith, weekdays } from "../answers";
import { z, type Operation } from "../kit";

const tag = "Do not call and calling rules";

const DncEntry = z
  .object({
    phone: z.string().describe("E.164."),
    reason: z.enum(DNC_REASONS),
    reasonLabel: z.string(),
    addedById: id.nullable(),
    addedByName: z.string().nullable(),
    sourceApplicationId: id.nullable(),
    importId: id.nullable(),
    createdAt: instant,
  })
  .openapi("DncEntry") satisfies z.ZodType<DncEntryView>;
const ListedEntry = DncEntry.extend({ alreadyListed: z.boolean() });
const CallingRule = z
  .object({
    state: z.string().describe("A state's code, or US for the federal default."),
    stateName: z.string(),
    start: z.string().regex(/^\d{2}:\d{2}$/),
    end: z.string().regex(/^\d{2}:\d{2}$/),
    maxCallsPer24h: z.number().int().nullable(),
    days: weekdays,
    source: z.string().nullable(),
    updatedAt: instant,
  })
  .openapi("CallingRule") satisfies z.ZodType<CallingRuleView>;

export const compliancePaths: Operation[] = [
  {
    method: "get",
    path: "/api/admin/dnc",
    tag,
    summary: "The do-not-call list, or the numbers a search finds",
    access: "admin",
    query: dncList.schema,
    answers: { description: "One page of entries, newest first.", list: DncEntry },
  },
  {
    method: "post",
    path: "/api/admin/dnc",
    tag,
    summary: "List a number",
    access: "admin",
    body: dncAddSchema,
    answers: [
      { status: 201, description: "Listed.", body: ListedEntry },
      { status: 200, description: "Already listed (`alreadyListed: true`), as it was.", body: ListedEntry },
    ],
  },
  {
    method: "delete",
    path: "/api/admin/dnc/{phone}",
    tag,
    summary: "Take a number off the list",
    description: "With a `reason`, in the body or as ?reason=. The removal is kept and audited (decision 069).",
    access: "admin",
    body: dncRemoveSchema,
    answers: { description: "The entry removed.", body: z.object({ removed: DncEntry }) },
  },
  {
    method: "post",
    path: "/api/admin/dnc/import",
    tag,
    summary: "Upload a file of numbers to list",
    access: "admin",
    upload: z.object({
      file: z.string().openapi({ format: "binary" }),
      reason: z.enum(DNC_IMPORT_REASONS).optional(),
    }),
    answers: { status: 202, description: "Queued.", body: z.object({ importId: id, statusUrl: z.string() }) },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/admin/dnc/import/{id}",
    tag,
    summary: "A do-not-call import's progress",
    access: "admin",
    answers: { description: "The import.", body: objectWith({ id, status: z.string() }) },
  },
  {
    method: "get",
    path: "/api/admin/calling-rules",
    tag,
    summary: "The federal default and every state's calling rule",
    access: "admin",
    answers: {
      description: "The federal default first, then the states by name (decision 071).",
      body: z.array(CallingRule),
    },
  },
  {
    method: "put",
    path: "/api/admin/calling-rules/{state}",
    tag,
    summary: "Set a state's (or the federal `US`) window and daily limit",
    access: "admin",
    body: callingRuleSchema,
    answers: { description: "The rule.", body: CallingRule },
  },
  {
    method: "delete",
    path: "/api/admin/calling-rules/{state}",
    tag,
    summary: "Remove a state's own rule",
    description: "The federal default cannot be removed (409).",
    access: "admin",
    answers: { description: "Removed.", body: Message },
    errors: [409],
  },
];
