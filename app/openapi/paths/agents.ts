import { addCallsSchema, agentStatusSchema, approveAgentApiSchema, assignBdmSchema } from "~/domain/schemas/agents";
import { profileUpdateSchema } from "~/domain/schemas/profile";
import { carrierUpdateSchema, setupSchema } from "~/domain/schemas/setup";
import { pagingSchema } from "~/domain/list-query";
import { AGENT_STATUSES } from "~/domain/statuses";
import type { AgentView, BdmView } from "~/services/agents.server";
import type { AgentSetupView, ProductView } from "~/services/carriers.server";
import { id, instant, objectWith } from "../answers";
import { z, type Operation } from "../kit";

const tag = "Agents";
const account = "Agent account";

/** An agent as the admin's list and actions answer it. */
const AgentBody = z
  .object({
    id,
    user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), phone: z.string().nullable() }),
    companyName: z.string().nullable(),
    licenseNumber: z.string(),
    status: z.enum(AGENT_STATUSES),
    callQuota: z.number().int(),
    callsLeft: z.number().int(),
    callsOrdered: z.number().int(),
    callsSold: z.number().int(),
    assignedBdm: z.object({ id, firstName: z.string(), lastName: z.string() }).nullable(),
    setupComplete: z.boolean(),
    createdAt: instant,
    approvedAt: instant.nullable(),
    licensedStates: z.array(z.string()).describe("State names."),
    conversion: z.number().describe("callsSold / callsOrdered x 100, one decimal."),
    hasTemporaryPassword: z.boolean(),
  })
  .openapi("Agent") satisfies z.ZodType<AgentView>;
const agentAnswer = (description: string) => ({
  description,
  body: z.object({ message: z.string(), agent: AgentBody }),
});

const Product = z
  .object({ id, name: z.string(), compPercentage: z.number() })
  .openapi("Product") satisfies z.ZodType<ProductView>;

/** The agent's setup: carriers with products, licensed states. */
const Setup = z
  .object({
    setupComplete: z.boolean(),
    carriers: z.array(
      z.object({ id, name: z.string(), products: z.array(Product.extend({ commissionRate: z.number() })) }),
    ),
    licensedStates: z.array(z.string()).describe("State names."),
    licensedStateCodes: z.array(z.string()),
  })
  .openapi("AgentSetup") satisfies z.ZodType<AgentSetupView>;

export const agentPaths: Operation[] = [
  {
    method: "get",
    path: "/api/admin/agents",
    tag,
    summary: "Every agent, grouped by status",
    access: "admin",
    answers: {
      description: "The groups pending, approved, rejected and paused.",
      body: z.object({
        pending: z.array(AgentBody),
        approved: z.array(AgentBody),
        rejected: z.array(AgentBody),
        paused: z.array(AgentBody),
      }),
    },
  },
  {
    method: "get",
    path: "/api/admin/bdms",
    tag,
    summary: "The business development managers",
    access: "admin",
    answers: {
      description: "Every BDM, by name.",
      body: z.array(
        z.object({ id, firstName: z.string(), lastName: z.string(), email: z.string() }),
      ) satisfies z.ZodType<BdmView[]>,
    },
  },
  ...(["post", "patch"] as const).map((method): Operation => ({
    method,
    path: "/api/admin/agents/{id}/approve",
    tag,
    summary: "Approve an agent",
    description: "POST and PATCH both approve (the spec shows both). The body is optional.",
    access: "admin",
    body: approveAgentApiSchema,
    answers: agentAnswer("The approved agent."),
    errors: [409],
  })),
  {
    method: "patch",
    path: "/api/admin/agents/{id}/reject",
    tag,
    summary: "Reject an agent",
    access: "admin",
    answers: agentAnswer("The rejected agent."),
    errors: [409],
  },
  {
    method: "put",
    path: "/api/admin/agents/{id}/status",
    tag,
    summary: "Pause or activate an agent",
    access: "admin",
    body: agentStatusSchema,
    answers: agentAnswer("The agent."),
    errors: [409],
  },
  {
    method: "put",
    path: "/api/admin/agents/{id}/add-calls",
    tag,
    summary: "Add calls to an agent's balance",
    access: "admin",
    body: addCallsSchema,
    answers: agentAnswer("The agent with the new balance."),
  },
  {
    method: "post",
    path: "/api/admin/agents/{id}/assign-bdm",
    tag,
    summary: "Assign a BDM to an agent",
    access: "admin",
    body: assignBdmSchema,
    answers: agentAnswer("The agent."),
  },
  {
    method: "put",
    path: "/api/admin/agents/{id}/generate-temp-password",
    tag,
    summary: "Give an agent a temporary password",
    description: "Answered once; the agent must replace it at the next sign-in.",
    access: "admin",
    answers: { description: "The password.", body: z.object({ temporaryPassword: z.string() }) },
    errors: [409],
  },
  {
    method: "get",
    path: "/api/admin/agents/{id}/profile",
    tag,
    summary: "An agent's profile",
    description: "Basic information, licensed states, carriers and products with comp %, activity summary.",
    access: "admin",
    answers: { description: "The profile.", body: objectWith({}) },
  },
  {
    method: "get",
    path: "/api/agent/profile",
    tag: account,
    summary: "The agent's own profile",
    access: "agent",
    answers: { description: "The profile.", body: objectWith({}) },
  },
  {
    method: "put",
    path: "/api/agent/profile",
    tag: account,
    summary: "Update the agent's own profile",
    description: "Either `{ firstName, lastName, phone, ... }` or `{ basicInfo: { ... }, ... }`.",
    access: "agent",
    body: profileUpdateSchema,
    answers: { description: "The profile.", body: objectWith({ success: z.literal(true), message: z.string() }) },
  },
  {
    method: "get",
    path: "/api/agent/setup",
    tag: account,
    summary: "The agent's setup",
    access: "agent",
    answers: { description: "The setup.", body: Setup },
  },
  {
    method: "post",
    path: "/api/agent/setup",
    tag: account,
    summary: "Complete (or skip, with `skip: true`) the agent's setup",
    access: "agent",
    body: setupSchema,
    answers: { description: "The setup.", body: objectWith({ success: z.literal(true), message: z.string() }) },
  },
  {
    method: "put",
    path: "/api/agent/carriers",
    tag: account,
    summary: "Replace the agent's carriers, products and licensed states",
    access: "agent",
    body: carrierUpdateSchema,
    answers: { description: "The setup.", body: objectWith({ success: z.literal(true), message: z.string() }) },
  },
  {
    method: "get",
    path: "/api/agent/products/{carrierId}",
    tag: account,
    summary: "The agent's products for one carrier",
    access: "agent",
    answers: { description: "The products ([] for a carrier the agent does not carry).", body: z.array(Product) },
  },
  {
    method: "get",
    path: "/api/products/all",
    tag: account,
    summary: "Every product of the agent (an admin: every agent's)",
    access: "user",
    query: pagingSchema,
    answers: {
      description: "One page of products, each with its carrier (and, for an admin, its agent).",
      list: objectWith({ id, name: z.string(), compPercentage: z.number(), carrier: objectWith({ name: z.string() }) }),
    },
  },
  {
    method: "get",
    path: "/api/agent/stats",
    tag: account,
    summary: "The agent's totals and the last 12 months",
    access: "agent",
    answers: { description: "The figures.", body: objectWith({}) },
  },
  {
    method: "get",
    path: "/api/carriers",
    tag: account,
    summary: "Every carrier, for the report filters",
    access: "admin",
    answers: { description: "By name.", body: z.array(z.object({ id, name: z.string() })) },
  },
];
