import crypto from "node:crypto";
import { z } from "zod";
import { Agent, Application, LicensedState, Notification, User, sequelize } from "~db";
import { centsFromDollars, fullName } from "~/domain/format";
import {
  agentNotLicensedMessage,
  consentTextFor,
  isLicensedFor,
  type PublicApplicationInput,
} from "~/domain/schemas/public-application";
import { encrypt } from "~/utils/crypto.server";
import { logActivity } from "./activity.server";
import { encryptedHealth } from "./health-details.server";
import { adminNotifications } from "./notifications.server";
import { addBeneficiaries, addPhones } from "./lead-rows.server";
import { badRequest } from "./errors.server";
import { publicAgentWhere } from "./agents.server";
import { findPublicCarrier } from "./carriers.server";
import { PUBLIC_SUBMISSIONS, countAttempt, withAttempt } from "./rate-limits.server";
import type { RequestMeta } from "./sessions.server";
import { column, selectRows, sql, sqlPage } from "./sql/reads.server";
import { emitWebhookEvent } from "./webhooks.server";

// Leads (the Application model). This module starts with the public side: the agents a prospect
// may choose and the public application itself.

type PublicAgent = { id: string; name: string; licenseNumber: string };
/** An agent as the page's picker gets it: with the states (two-letter codes) they are licensed in. */
export type PublicAgentChoice = PublicAgent & { licensedStates: string[] };

const AGENT_NOT_ACCEPTING = "The selected agent is not accepting applications.";
const UNKNOWN_CARRIER = "Please select a carrier from the list.";

// Agents who may receive leads now (approved, setup finished), by first then last name (case
// aside) in SQL, which reads the same as sorting "first last"; the id keeps namesakes in a stable order.
const PUBLIC_AGENTS = {
  select: sql`g.id, u.first_name AS "firstName", u.last_name AS "lastName", g.license_number AS "licenseNumber"`,
  from: sql`agents g JOIN users u ON u.id = g.user_id`,
  where: sql`g.status = ${publicAgentWhere.status} AND g.setup_complete = ${publicAgentWhere.setupComplete}`,
  orderBy: sql`LOWER(u.first_name), LOWER(u.last_name), g.id`,
};

const PublicAgentRow = z
  .object({ id: column.text, firstName: column.text, lastName: column.text, licenseNumber: column.text })
  .transform((row): PublicAgent => ({ id: row.id, name: fullName(row), licenseNumber: row.licenseNumber }));

/**
 * The agent picker of the public form: the whole list, each agent with their licensed states, so
 * the page can tell which agents sell in the prospect's state without asking the server again.
 */
export async function listPublicAgents(): Promise<PublicAgentChoice[]> {
  const { select, from, where, orderBy } = PUBLIC_AGENTS;
  const agents = await selectRows(
    sql`SELECT ${select} FROM ${from} WHERE ${where} ORDER BY ${orderBy}`,
    PublicAgentRow,
  );
  const states = new Map<string, string[]>(agents.map((agent) => [agent.id, []]));
  if (agents.length > 0) {
    const rows = await selectRows(
      sql`SELECT agent_id AS "agentId", state FROM licensed_states WHERE agent_id IN ${agents.map((agent) => agent.id)}
       ORDER BY state`,
      z.object({ agentId: column.text, state: column.text }),
    );
    for (const row of rows) states.get(row.agentId)?.push(row.state);
  }
  return agents.map((agent) => ({ ...agent, licensedStates: states.get(agent.id) ?? [] }));
}

/** GET /api/public/agents: one page of the same list, paged in the database. */
export function listPublicAgentsPage(paging: { page: number; pageSize: number }) {
  return sqlPage(PUBLIC_AGENTS, paging, PublicAgentRow);
}

function rateLimitKeys(meta: RequestMeta) {
  return [meta.ip ? `ip:${meta.ip}` : null];
}

function lastFour(value: string | undefined | null) {
  return value ? value.slice(-4) : null;
}

/**
 * A submission a bot made (it filled the hidden honeypot field): it is counted against the
 * address like a real one and answered as if it succeeded, so the bot learns nothing, but
 * nothing is saved.
 */
export async function discardSpamSubmission(meta: RequestMeta) {
  await countAttempt(PUBLIC_SUBMISSIONS, rateLimitKeys(meta));
  return { id: crypto.randomUUID() };
}

/**
 * Saves a prospect's application as a new pending lead for the chosen agent. The input has been
 * through publicApplicationSchema; this re-checks what only the database knows (the agent takes
 * applications, the carrier exists). One transaction writes the lead, its phones and
 * beneficiaries, the "New lead" notifications of the agent and of every admin, and the activity
 * entry. No LeadRead row is written, so the lead is unread for the agent and for every admin.
 */
export async function createPublicApplication(input: PublicApplicationInput, meta: RequestMeta = {}) {
  // Counted before the work, as one step with the check; a refused application is given back.
  return withAttempt(PUBLIC_SUBMISSIONS, rateLimitKeys(meta), () => savePublicApplication(input, meta));
}

async function savePublicApplication(input: PublicApplicationInput, meta: RequestMeta) {
  const [agent, carrier, licensed] = await Promise.all([
    Agent.findOne({
      where: { id: input.agentId, ...publicAgentWhere },
      include: [{ model: User, as: "user", attributes: ["id", "firstName", "lastName"] }],
    }),
    // Only a carrier the form offers: never one a pending or paused agent typed in.
    findPublicCarrier(input.carrierId),
    LicensedState.count({ where: { agentId: input.agentId, state: input.state } }),
  ]);
  // Only an agent the form lists (approved, setup finished): never one in setup, paused or unknown.
  if (!agent || !agent.user) {
    throw badRequest(AGENT_NOT_ACCEPTING, { agentId: [AGENT_NOT_ACCEPTING] });
  }
  // An agent may sell only where they are licensed; the prospect's state decides (DC aside).
  if (!isLicensedFor(licensed > 0 ? [input.state] : [], input.state)) {
    const message = agentNotLicensedMessage(input.state);
    throw badRequest(message, { agentId: [message] });
  }
  if (!carrier) throw badRequest(UNKNOWN_CARRIER, { carrierId: [UNKNOWN_CARRIER] });

  const agentName = fullName(agent.user);
  const coverageAmountCents = centsFromDollars(input.coverageAmount);
  const monthlyPremiumCents = centsFromDollars(input.monthlyPremium);
  if (coverageAmountCents === null)
    throw badRequest("Coverage amount can have at most two decimals", {
      coverageAmount: ["Coverage amount can have at most two decimals"],
    });
  if (monthlyPremiumCents === null)
    throw badRequest("Monthly premium can have at most two decimals", {
      monthlyPremium: ["Monthly premium can have at most two decimals"],
    });

  // The evidence is the wording the prospect saw: the page sends it; anything that is not one of
  // our own wordings for this agent is replaced by the wording naming the agent.
  const shownTexts = [consentTextFor(agentName), consentTextFor(null)];
  const consentText = input.consent
    ? shownTexts.includes(input.consentText ?? "")
      ? input.consentText!
      : shownTexts[0]!
    : null;
  const now = new Date();

  const lead = await sequelize.transaction(async (transaction) => {
    const created = await Application.create(
      {
        agentId: agent.id,
        carrierId: carrier.id,
        status: "pending",
        source: "public_form",
        firstName: input.firstName,
        lastName: input.lastName,
        gender: input.gender,
        hasEmail: input.hasEmail,
        email: input.email,
        dateOfBirth: input.dateOfBirth,
        stateBornIn: input.stateBornIn,
        address: input.address,
        city: input.city,
        state: input.state,
        zipCode: input.zipCode,
        height: input.height,
        weight: Math.round(input.weight),
        maritalStatus: input.maritalStatus,
        ssnEncrypted: encrypt(input.ssn),
        ssnLast4: lastFour(input.ssn),
        smoker: input.smoker,
        ...encryptedHealth(input),
        coverageAmountCents,
        monthlyPremiumCents,
        productType: input.productType ?? null,
        policyTerm: input.policyTerm ?? null,
        riders: input.riders ?? null,
        policyNotes: input.policyNotes ?? null,
        paymentMethod: input.paymentMethod,
        bankName: input.bankName ?? null,
        routingNumberEncrypted: input.routingNumber ? encrypt(input.routingNumber) : null,
        routingNumberLast4: lastFour(input.routingNumber),
        accountNumberEncrypted: input.accountNumber ? encrypt(input.accountNumber) : null,
        accountNumberLast4: lastFour(input.accountNumber),
        cardNumberEncrypted: input.cardNumber ? encrypt(input.cardNumber) : null,
        cardNumberLast4: lastFour(input.cardNumber),
        cardExpiry: input.cardExpiry ?? null,
        // Kept encrypted only until the sale is recorded or the first draft date passes (DESIGN.md).
        cardCvvEncrypted: input.cardCvv ? encrypt(input.cardCvv) : null,
        firstDraftDate: input.firstDraftDate,
        futureDraftDate: input.futureDraftDate ?? null,
        draftOnSocialSecurityDay: input.draftOnSocialSecurityDay,
        paymentNotes: input.paymentNotes ?? null,
        consentGiven: input.consent,
        consentText,
        consentAt: input.consent ? now : null,
        consentIp: input.consent ? (meta.ip ?? null) : null,
      },
      { transaction },
    );
    await addPhones(created.id, input.phones, transaction);
    await addBeneficiaries(created.id, input.beneficiaries, transaction);
    // The chosen agent and every administrator hear of it (the spec's bell is the admin's; issue
    // 10 gives agents theirs too), in one insert.
    const prospect = fullName(input);
    const newLead = { applicationId: created.id, type: "new_lead" as const, title: "New lead" };
    await Notification.bulkCreate(
      [
        { ...newLead, userId: agent.user!.id, message: `${prospect} submitted an application.` },
        ...(await adminNotifications(
          { ...newLead, message: `${prospect} submitted an application for ${agentName}.` },
          transaction,
        )),
      ],
      { transaction },
    );
    // The name is the only personal detail the log keeps.
    await logActivity(
      {
        userId: null,
        action: "application_submitted",
        entityType: "application",
        entityId: created.id,
        summary: `${fullName(input)} submitted an application for ${agentName}`,
      },
      { transaction },
    );
    await emitWebhookEvent(
      "lead.created",
      { leadId: created.id, agentId: agent.id, carrierId: carrier.id, source: "public_form", state: input.state },
      transaction,
    );
    return created;
  });

  return { id: lead.id, agentName };
}
