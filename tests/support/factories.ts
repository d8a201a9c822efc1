import crypto from "node:crypto";
import { Agent, AgentCarrier, Carrier, LicensedState, Product, User } from "~db";
import { createLeadRecord, type LeadAttributes, type LeadPhoneAttributes } from "~db/seed/lead-factory";
import { hashPassword } from "~/utils/crypto.server";
import { createSession, getSessionUser, type SessionUser } from "~/services/sessions.server";
import { sessionCookie } from "~/utils/session.server";

// Builders for test data written through the real models. Emails are unique per call so test
// files can share one database without stepping on each other.

export const TEST_PASSWORD = "password123";

export function uniqueEmail(prefix = "user") {
  return `${prefix}.${crypto.randomBytes(5).toString("hex")}@example.test`;
}

export async function createAdmin(overrides: Partial<{ email: string; password: string; timezone: string }> = {}) {
  const user = await User.create({
    email: overrides.email ?? uniqueEmail("admin"),
    passwordHash: await hashPassword(overrides.password ?? TEST_PASSWORD),
    firstName: "Ada",
    lastName: "Admin",
    role: "admin",
    timezone: overrides.timezone ?? "America/New_York",
  });
  return user;
}

export async function createAgent(
  overrides: Partial<{
    email: string;
    password: string;
    status: "pending" | "approved" | "paused" | "rejected";
    setupComplete: boolean;
    firstName: string;
    lastName: string;
    callsLeft: number;
    /** Two-letter codes; none unless given (the public form takes an agent only where licensed). */
    licensedStates: string[];
  }> = {},
) {
  const user = await User.create({
    email: overrides.email ?? uniqueEmail("agent"),
    passwordHash: await hashPassword(overrides.password ?? TEST_PASSWORD),
    firstName: overrides.firstName ?? "Andy",
    lastName: overrides.lastName ?? "Agent",
    phone: "5555550123",
    role: "agent",
  });
  const agent = await Agent.create({
    userId: user.id,
    licenseNumber: "LIC-TEST",
    status: overrides.status ?? "approved",
    setupComplete: overrides.setupComplete ?? true,
    callsLeft: overrides.callsLeft ?? 0,
  });
  if (overrides.licensedStates?.length) {
    await LicensedState.bulkCreate(overrides.licensedStates.map((state) => ({ agentId: agent.id, state })));
  }
  return { user, agent };
}

/** Gives an agent a carrier with one product at the given commission rate. */
export async function giveCarrier(
  agentId: string,
  carrierName = "Aetna",
  productName = "Final Expense",
  compPercentage = 100,
) {
  const carrier = (await Carrier.findOne({ where: { name: carrierName } }))!;
  await AgentCarrier.findOrCreate({
    where: { agentId, carrierId: carrier.id },
    defaults: { agentId, carrierId: carrier.id },
  });
  const product = await Product.create({ agentId, carrierId: carrier.id, name: productName, compPercentage });
  await LicensedState.findOrCreate({ where: { agentId, state: "FL" }, defaults: { agentId, state: "FL" } });
  return { carrier, product };
}

/** A lead of the agent (null: unassigned), with one primary phone unless `phones` says otherwise: the one lead factory's. */
export async function createLead(
  agentId: string | null,
  overrides: Partial<LeadAttributes> = {},
  options: { phones?: LeadPhoneAttributes[] } = {},
) {
  return createLeadRecord({ ...overrides, agentId }, options);
}

/** A signed-in session for a user: the SessionUser services take, and the cookie routes read. */
export async function signInAs(user: Pick<User, "id">): Promise<{ actor: SessionUser; cookie: string; token: string }> {
  const token = await createSession(user.id);
  const actor = (await getSessionUser(token))!;
  const cookie = (await sessionCookie.serialize(token)).split(";")[0]!;
  return { actor, cookie, token };
}

/** A new agent, signed in: their user and agent rows, the SessionUser and the cookie. */
export async function signedInAgent(overrides: Parameters<typeof createAgent>[0] = {}) {
  const { user, agent } = await createAgent(overrides);
  return { user, agent, ...(await signInAs(user)) };
}

/** A new administrator, signed in. */
export async function signedInAdmin() {
  const admin = await createAdmin();
  return { admin, ...(await signInAs(admin)) };
}
