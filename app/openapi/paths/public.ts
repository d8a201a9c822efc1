import { pagingSchema } from "~/domain/list-query";
import { inquirySchema } from "~/domain/schemas/form-submissions";
import { publicApplicationSchema } from "~/domain/schemas/public-application";
import { id } from "../answers";
import { z, type Operation } from "../kit";

const tag = "Public";

export const publicPaths: Operation[] = [
  {
    method: "get",
    path: "/api/public/agents",
    tag,
    summary: "The agents a prospect may choose",
    access: "public",
    query: pagingSchema,
    answers: {
      description: "Approved agents with their setup complete, by name.",
      list: z.object({ id, name: z.string(), licenseNumber: z.string() }),
    },
  },
  {
    method: "get",
    path: "/api/public/carriers",
    tag,
    summary: "The carriers",
    access: "public",
    query: pagingSchema,
    answers: { description: "By name.", list: z.object({ id, name: z.string() }) },
  },
  {
    method: "post",
    path: "/api/public/applications",
    tag,
    summary: "Send an application to an agent",
    description: "No sign-in. A client that sends no `consent` is recorded as not having given it.",
    access: "public",
    body: publicApplicationSchema,
    answers: { status: 201, description: "Sent.", body: z.object({ id, message: z.string() }) },
    errors: [429],
  },
  {
    method: "post",
    path: "/api/form-submissions",
    tag,
    summary: "The landing page's inquiry",
    access: "public",
    body: inquirySchema,
    answers: { status: 201, description: "Received.", body: z.object({ id, message: z.string() }) },
    errors: [429],
  },
];
