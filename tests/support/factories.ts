import crypto from "node:crypto";
import { Agent, AgentCarrier, Carrier, LicensedState, Product, TwoFactorCredential, User } from "~db";
import { createLeadRecord, type LeadAttributes, type LeadPhoneAttributes } from "~db/seed/lead-factory";
import { encrypt, hashPassword } from "~/utils/crypto.server";
import { createSession, getSessionUser, type SessionUser } from "~/services/sessions.server";
import { sessionCookie } from "~/utils/session.server";

// Builders for test data written through the real models. Emails are unique per call so test
// files can share one database without stepping on each other.

export const TEST_PASSWORD = "password123";

export function uniqueEmail(prefix = "user") {
  return `${prefix}.${crypto.randomBytes(5).toString("hex")}@example.test`;
}

/** Every enrolled test admin's TOTP secret (base32), as an authenticator app would hold it. */
export const TEST_TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DP";

function base32Bytes(secret: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of secret.replace(/=+$/, "")) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
}

/**
 * The 6-digit code an authenticator app shows for the secret (RFC 6238: SHA-1, 30-second steps),
 * `stepsAhead` steps from now: 1 gives a code that is still accepted but not yet used, for a second
 * sign-in inside one step (a code is never accepted twice).
 */
export function totpCode(secret = TEST_TOTP_SECRET, stepsAhead = 0) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + stepsAhead));
  const hash = crypto.createHmac("sha1", base32Bytes(secret)).update(counter).digest();
  const offset = hash[hash.length - 1]! & 0xf;
  return String((hash.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * An administrator, enrolled in two-factor sign-in with TEST_TOTP_SECRET unless `twoFactor: false`
 * (administrators must be: an un-enrolled one is sent to enrolment by every admin page and route).
 */
export async function createAdmin(
  overrides: Partial<{ email: string; password: string; timezone: string; twoFactor: boolean }> = {},
) {
  const enrolled = overrides.twoFactor ?? true;
  const user = await User.create({
    email: overrides.email ?? uniqueEmail("admin"),
    passwordHash: await hashPassword(overrides.password ?? TEST_PASSWORD),
    firstName: "Ada",
    lastName: "Admin",
    role: "admin",
    timezone: overrides.timezone ?? "America/New_York",
    twoFactorEnabledAt: enrolled ? new Date() : null,
  });
  if (enrolled) await TwoFactorCredential.create({ userId: user.id, secretEncrypted: encrypt(TEST_TOTP_SECRET) });
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
