import type { CreationAttributes, Transaction } from "sequelize";
import { AgentCarrier, Beneficiary, Phone, sequelize, type Application } from "~db";
import { centsFromDollars } from "~/domain/format";
import { BANK_METHODS, CARD_METHODS } from "~/domain/application-options";
import { leadEditSchema, leadReplaceSchema, type LeadEdit } from "~/domain/schemas/lead-edit";
import { encrypt } from "~/utils/crypto.server";
import { logActivity } from "./activity.server";
import { findPublicCarrier, listPublicCarriers, type CarrierOption } from "./carriers.server";
import { badRequest, validInput } from "./errors.server";
import { getLeadDetail, type LeadDetail } from "./lead-reads.server";
import { addBeneficiaries, addPhones } from "./lead-rows.server";
import { findAccessibleLead } from "./leads.server";
import type { SessionUser } from "./sessions.server";
import { selectRows } from "./sql.server";

// Editing a lead's application: the Edit Application dialog of My Leads, the application page's
// edit mode, PUT /api/agent/applications/{id} and PATCH /api/applications/{id}. One service for
// all of them, reached through findAccessibleLead (an agent only their own lead, an admin any).

export const LEAD_EDIT_ERRORS = {
  unknownCarrier: "Please select a carrier from the list.",
  soldCarrier: "This lead is sold: its carrier stays the one its sale was recorded with.",
  soldPremium:
    "This lead is sold: its monthly premium, commission and payment schedule were fixed when the sale was recorded.",
  cvvAfterSale: "A CVV is not kept once the sale is recorded.",
} as const;

/** The plain columns an edit sets as given (blank clears them). */
const PLAIN_FIELDS = [
  "firstName",
  "lastName",
  "gender",
  "dateOfBirth",
  "stateBornIn",
  "address",
  "city",
  "state",
  "zipCode",
  "height",
  "weight",
  "maritalStatus",
  "smoker",
  "doctorName",
  "doctorPhone",
  "medications",
  "medicalHistory",
  "carrierId",
  "productType",
  "policyTerm",
  "riders",
  "policyNotes",
  "paymentMethod",
  "bankName",
  "cardExpiry",
  "firstDraftDate",
  "futureDraftDate",
  "paymentNotes",
  "notes",
] as const satisfies readonly (keyof LeadEdit & keyof Application)[];

/** The sensitive numbers and the columns that keep them: encrypted, and the last four for lists. */
const SENSITIVE_COLUMNS = {
  ssn: ["ssnEncrypted", "ssnLast4"],
  routingNumber: ["routingNumberEncrypted", "routingNumberLast4"],
  accountNumber: ["accountNumberEncrypted", "accountNumberLast4"],
  cardNumber: ["cardNumberEncrypted", "cardNumberLast4"],
  cardCvv: ["cardCvvEncrypted", null],
} as const;

type Update = Partial<CreationAttributes<Application>>;

/**
 * The carriers an application may name: the public list (the preset catalogue and approved agents'
 * carriers), the lead's agent's own carriers, and the lead's current carrier, by name.
 */
export async function leadCarrierChoices(lead: Pick<Application, "agentId" | "carrierId">): Promise<CarrierOption[]> {
  const [publicCarriers, own] = await Promise.all([
    listPublicCarriers(),
    selectRows<CarrierOption>(
      `SELECT c.id, c.name FROM carriers c
       WHERE c.id = :carrierId OR c.id IN (SELECT g.carrier_id FROM agent_carriers g WHERE g.agent_id = :agentId)`,
      { carrierId: lead.carrierId ?? null, agentId: lead.agentId ?? null },
    ),
  ]);
  const byId = new Map(publicCarriers.map((c) => [c.id, c]));
  for (const carrier of own) byId.set(carrier.id, { id: carrier.id, name: carrier.name });
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, "en-US", { sensitivity: "base" }));
}

/** Whether an edit may give the lead this carrier: one of leadCarrierChoices. */
async function isCarrierChoice(lead: Application, carrierId: string, transaction: Transaction) {
  const carried = lead.agentId
    ? await AgentCarrier.findOne({
        where: { agentId: lead.agentId, carrierId },
        attributes: ["id"],
        raw: true,
        transaction,
      })
    : null;
  return Boolean(carried) || (await findPublicCarrier(carrierId)) !== null;
}

/** The columns an edit changes, with every rule that needs the stored lead checked first. */
async function columnsToUpdate(lead: Application, edit: LeadEdit, transaction: Transaction): Promise<Update> {
  const update: Update = {};
  const problems: Record<string, string[]> = {};
  const sold = Boolean(lead.soldAt);

  for (const field of PLAIN_FIELDS) {
    if (edit[field] !== undefined) (update as Record<string, unknown>)[field] = edit[field];
  }
  if (edit.email !== undefined) {
    update.email = edit.email;
    update.hasEmail = edit.email !== null;
  }
  if (edit.coverageAmount !== undefined) {
    update.coverageAmountCents = edit.coverageAmount === null ? null : edit.coverageAmount * 100;
  }
  if (edit.monthlyPremium !== undefined) {
    const cents = edit.monthlyPremium === null ? null : centsFromDollars(edit.monthlyPremium);
    if (sold && cents !== Number(lead.monthlyPremiumCents)) problems.monthlyPremium = [LEAD_EDIT_ERRORS.soldPremium];
    else update.monthlyPremiumCents = cents;
  }
  if (edit.carrierId !== undefined && edit.carrierId !== lead.carrierId) {
    if (sold) problems.carrierId = [LEAD_EDIT_ERRORS.soldCarrier];
    else if (edit.carrierId !== null && !(await isCarrierChoice(lead, edit.carrierId, transaction))) {
      problems.carrierId = [LEAD_EDIT_ERRORS.unknownCarrier];
    }
  }

  for (const [field, [encrypted, last4]] of Object.entries(SENSITIVE_COLUMNS)) {
    const value = edit[field as keyof typeof SENSITIVE_COLUMNS];
    // A client that sends back the masked last four it was given changes nothing.
    if (value === undefined || (last4 && value === lead[last4])) continue;
    if (field === "cardCvv" && value !== null && sold) {
      problems.cardCvv = [LEAD_EDIT_ERRORS.cvvAfterSale];
      continue;
    }
    (update as Record<string, unknown>)[encrypted] = value === null ? null : encrypt(value);
    if (last4) (update as Record<string, unknown>)[last4] = value === null ? null : value.slice(-4);
  }

  // Bank details go with checking and savings, card details with debit and credit: once the
  // method says which, the other kind is not kept.
  const method = update.paymentMethod !== undefined ? update.paymentMethod : lead.paymentMethod;
  if (method && CARD_METHODS.includes(method)) {
    Object.assign(update, {
      bankName: null,
      routingNumberEncrypted: null,
      routingNumberLast4: null,
      accountNumberEncrypted: null,
      accountNumberLast4: null,
    });
  }
  if (method && BANK_METHODS.includes(method)) {
    Object.assign(update, {
      cardNumberEncrypted: null,
      cardNumberLast4: null,
      cardExpiry: null,
      cardCvvEncrypted: null,
    });
  }

  if (Object.keys(problems).length) throw badRequest(Object.values(problems)[0]![0]!, problems);
  return update;
}

/** Replaces the lead's phones (the first is the primary) or beneficiaries, when the edit gives them. */
async function replaceRows(leadId: string, edit: LeadEdit, transaction: Transaction) {
  if (edit.phones) {
    await Phone.destroy({ where: { applicationId: leadId }, transaction });
    await addPhones(leadId, edit.phones, transaction);
  }
  if (edit.beneficiaries) {
    await Beneficiary.destroy({ where: { applicationId: leadId }, transaction });
    await addBeneficiaries(leadId, edit.beneficiaries, transaction);
  }
}

/**
 * Saves an edit of a lead's application and answers the lead as GET /api/applications/{id} does
 * (sensitive numbers masked). `replace` (PUT) asks for the whole application, so the names must
 * be given. One transaction with the lead's row locked; the activity log records who changed
 * which fields of which lead, never the values.
 */
export async function updateLead(
  actor: SessionUser,
  id: string,
  input: unknown,
  { replace = false }: { replace?: boolean } = {},
): Promise<LeadDetail> {
  const edit = validInput(replace ? leadReplaceSchema : leadEditSchema, input);
  await sequelize.transaction(async (transaction) => {
    const lead = await findAccessibleLead(actor, id, { transaction, lock: transaction.LOCK.UPDATE });
    const update = await columnsToUpdate(lead, edit, transaction);
    await lead.update(update, { transaction });
    await replaceRows(lead.id, edit, transaction);
    const changed = Object.keys(edit)
      .filter((key) => edit[key as keyof LeadEdit] !== undefined)
      .sort();
    await logActivity(
      {
        userId: actor.id,
        action: "lead_updated",
        entityType: "application",
        entityId: lead.id,
        summary: `${actor.firstName} ${actor.lastName} edited the application of ${lead.firstName} ${lead.lastName} (${changed.join(", ") || "no fields"})`,
      },
      { transaction },
    );
  });
  return getLeadDetail(actor, id);
}
