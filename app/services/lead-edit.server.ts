import type { CreationAttributes, Transaction } from "sequelize";
import { z } from "zod";
import { AgentCarrier, Beneficiary, Phone, sequelize, type Application } from "~db";
import { centsFromDollars, fullName } from "~/domain/format";
import { BANK_METHODS, CARD_METHODS } from "~/domain/application-options";
import { socialSecurityDayOnOrAfter } from "~/domain/social-security-days";
import { leadEditSchema, leadReplaceSchema, type LeadEdit } from "~/domain/schemas/lead-edit";
import { decrypt, encrypt } from "~/utils/crypto.server";
import { logActivity } from "./activity.server";
import { findPublicCarrier, listPublicCarriers, type CarrierOption } from "./carriers.server";
import { badRequest, validInput } from "./errors.server";
import { HEALTH_COLUMNS } from "./health-details.server";
import { getLeadDetail, type LeadDetail } from "./lead-reads.server";
import { addBeneficiaries, addPhones, beneficiaryColumns } from "./lead-rows.server";
import { findAccessibleLead } from "./leads.server";
import type { SessionUser } from "./sessions.server";
import { column, selectRows, sql } from "./sql/reads.server";

// Editing a lead's application: the Edit Application dialog of My Leads, the application page's
// edit mode, PUT /api/agent/applications/{id} and PATCH /api/applications/{id}. One service for
// all of them, reached through findAccessibleLead (an agent only their own lead, an admin any).

/** @internal */
export const LEAD_EDIT_ERRORS = {
  unknownCarrier: "Please select a carrier from the list.",
  soldCarrier: "This lead is sold: its carrier stays the one its sale was recorded with.",
  soldPremium:
    "This lead is sold: its monthly premium, commission and payment schedule were fixed when the sale was recorded.",
  cvvAfterSale: "A CVV is not kept once the sale is recorded.",
  soldDraftDay: "This lead is sold: its payment schedule was laid out on its draft day when the sale was recorded.",
  noBirthDate:
    "The client's Social Security day is worked out from the date of birth: enter it, or draft on the dates as chosen.",
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

/** The sensitive numbers and health details and the columns that keep them: encrypted, and the last four for lists. */
const SENSITIVE_COLUMNS = {
  ssn: ["ssnEncrypted", "ssnLast4"],
  routingNumber: ["routingNumberEncrypted", "routingNumberLast4"],
  accountNumber: ["accountNumberEncrypted", "accountNumberLast4"],
  cardNumber: ["cardNumberEncrypted", "cardNumberLast4"],
  cardCvv: ["cardCvvEncrypted", null],
  // Health details (decision 070): no part is shown, so no last four. The schema reads their mask
  // posted back as absent, so a form that was shown the mask keeps what is stored.
  doctorName: [HEALTH_COLUMNS.doctorName, null],
  doctorPhone: [HEALTH_COLUMNS.doctorPhone, null],
  medications: [HEALTH_COLUMNS.medications, null],
  medicalHistory: [HEALTH_COLUMNS.medicalHistory, null],
} as const;

type Update = Partial<CreationAttributes<Application>>;

/**
 * The carriers an application may name: the public list (the preset catalogue and approved agents'
 * carriers), the lead's agent's own carriers, and the lead's current carrier, by name.
 */
export async function leadCarrierChoices(lead: Pick<Application, "agentId" | "carrierId">): Promise<CarrierOption[]> {
  const [publicCarriers, own] = await Promise.all([
    listPublicCarriers(),
    selectRows(
      sql`SELECT c.id, c.name FROM carriers c
          WHERE c.id = ${lead.carrierId ?? null}
            OR c.id IN (SELECT g.carrier_id FROM agent_carriers g WHERE g.agent_id = ${lead.agentId ?? null})`,
      z.object({ id: column.text, name: column.text }),
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
  // method says which, the other kind is not kept. A paper check (decision 045) keeps neither.
  const method = update.paymentMethod !== undefined ? update.paymentMethod : lead.paymentMethod;
  const paper = method === "check";
  if (method && (paper || CARD_METHODS.includes(method))) {
    Object.assign(update, {
      bankName: null,
      routingNumberEncrypted: null,
      routingNumberLast4: null,
      accountNumberEncrypted: null,
      accountNumberLast4: null,
    });
  }
  if (method && (paper || BANK_METHODS.includes(method))) {
    Object.assign(update, {
      cardNumberEncrypted: null,
      cardNumberLast4: null,
      cardExpiry: null,
      cardCvvEncrypted: null,
    });
  }

  socialSecurityDraftDays(lead, edit, update, problems);

  if (Object.keys(problems).length) throw badRequest(Object.values(problems)[0]![0]!, problems);
  return update;
}

/**
 * Draft dates on the client's Social Security day (decision 078): while the lead is not sold and
 * the choice stands (made now or before), the first and future draft dates are moved to the first
 * day Social Security pays the client on or after each, from the date of birth as it will be. A
 * sold lead's schedule is laid out already: its choice no longer changes, nor its dates move.
 */
function socialSecurityDraftDays(
  lead: Application,
  edit: LeadEdit,
  update: Update,
  problems: Record<string, string[]>,
) {
  const sold = Boolean(lead.soldAt);
  const chosen = edit.draftOnSocialSecurityDay === undefined ? undefined : (edit.draftOnSocialSecurityDay ?? false);
  if (chosen !== undefined && chosen !== Boolean(lead.draftOnSocialSecurityDay)) {
    if (sold) problems.draftOnSocialSecurityDay = [LEAD_EDIT_ERRORS.soldDraftDay];
    else update.draftOnSocialSecurityDay = chosen;
  }
  if (sold || !(chosen ?? lead.draftOnSocialSecurityDay)) return;
  const stored = <K extends "dateOfBirth" | "firstDraftDate" | "futureDraftDate">(field: K) => {
    const value = update[field] !== undefined ? update[field] : lead[field];
    return value ? String(value).slice(0, 10) : null;
  };
  const dateOfBirth = stored("dateOfBirth");
  if (!dateOfBirth) {
    problems.draftOnSocialSecurityDay = [LEAD_EDIT_ERRORS.noBirthDate];
    return;
  }
  for (const field of ["firstDraftDate", "futureDraftDate"] as const) {
    const date = stored(field);
    if (date) update[field] = socialSecurityDayOnOrAfter(dateOfBirth, date);
  }
}

/** A lead's phones or beneficiaries as an edit gives them, to tell whether the edit changes them. */
type RowLists = { phones?: unknown[]; beneficiaries?: unknown[] };

/** The phones (primary first) and beneficiaries stored for the lead, in the edit's shape. */
async function storedRows(leadId: string, edit: LeadEdit, transaction: Transaction): Promise<RowLists> {
  const [phones, beneficiaries] = await Promise.all([
    edit.phones
      ? Phone.findAll({
          where: { applicationId: leadId },
          attributes: ["phoneNumber", "phoneType"],
          order: [
            ["isPrimary", "DESC"],
            ["createdAt", "ASC"],
            ["id", "ASC"],
          ],
          raw: true,
          transaction,
        })
      : undefined,
    edit.beneficiaries
      ? Beneficiary.findAll({
          where: { applicationId: leadId },
          attributes: ["name", "relationship", "otherRelationship", "dateOfBirth", "age", "phone", "percentage"],
          order: [
            ["createdAt", "ASC"],
            ["id", "ASC"],
          ],
          transaction,
        }).then((rows) => rows.map((row) => row.get({ plain: true })))
      : undefined,
  ]);
  return { phones, beneficiaries };
}

/**
 * One comparable text of a value: pg answers BIGINT as a string and DECIMAL as a string where
 * the edit has numbers, and an absent row field is the same as null.
 */
function comparable(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return `[${value.map(comparable).join(",")}]`;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${key}:${comparable((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  }
  return String(value);
}

/** A sealed column's plain value, to compare: each encryption of the same number differs. */
const plain = (sealed: unknown) => (typeof sealed === "string" ? decrypt(sealed) : null);

/**
 * What an edit really changes: the update's columns whose value differs from the stored one
 * (sealed numbers compared unsealed), and the phones or beneficiaries when their list differs.
 * The edit form sends every field, so only this tells "Lead edited" what changed.
 */
function changesOf(lead: Application, update: Update, edit: LeadEdit, stored: RowLists) {
  const columns: Update = {};
  for (const [column, value] of Object.entries(update)) {
    const before = lead.get(column as keyof Application);
    const same = column.endsWith("Encrypted")
      ? plain(before) === plain(value)
      : comparable(before) === comparable(value);
    if (!same) (columns as Record<string, unknown>)[column] = value;
  }
  // The last four and hasEmail follow their sealed number and the email, and are only written with them.
  for (const [encrypted, last4] of Object.values(SENSITIVE_COLUMNS)) {
    if (last4 && !(encrypted in columns)) delete (columns as Record<string, unknown>)[last4];
  }
  if (!("email" in columns)) delete columns.hasEmail;
  const rows = {
    phones: edit.phones !== undefined && comparable(edit.phones) !== comparable(stored.phones),
    beneficiaries:
      edit.beneficiaries !== undefined &&
      comparable(edit.beneficiaries.map(beneficiaryColumns)) !== comparable(stored.beneficiaries),
  };
  const fields = [
    ...Object.keys(columns).flatMap((column) => LEAD_COLUMN_LABELS[column] ?? []),
    ...(rows.phones ? [LEAD_COLUMN_LABELS.phones!] : []),
    ...(rows.beneficiaries ? [LEAD_COLUMN_LABELS.beneficiaries!] : []),
  ];
  return { columns, rows, fields };
}

/** The words the activity log names a changed column with (the edit form's labels). */
const LEAD_COLUMN_LABELS: Record<string, string> = {
  firstName: "first name",
  lastName: "last name",
  email: "email",
  gender: "gender",
  dateOfBirth: "date of birth",
  stateBornIn: "state born in",
  address: "address",
  city: "city",
  state: "state",
  zipCode: "ZIP code",
  height: "height",
  weight: "weight",
  maritalStatus: "marital status",
  smoker: "smoker",
  doctorNameEncrypted: "doctor name",
  doctorPhoneEncrypted: "doctor phone",
  medicationsEncrypted: "medications",
  medicalHistoryEncrypted: "medical history",
  carrierId: "carrier",
  coverageAmountCents: "coverage amount",
  monthlyPremiumCents: "monthly premium",
  productType: "product type",
  policyTerm: "policy term",
  riders: "riders",
  policyNotes: "policy notes",
  paymentMethod: "payment method",
  bankName: "bank name",
  cardExpiry: "card expiry",
  firstDraftDate: "first draft date",
  futureDraftDate: "future draft date",
  draftOnSocialSecurityDay: "draft day",
  paymentNotes: "payment notes",
  notes: "notes",
  ssnEncrypted: "SSN",
  routingNumberEncrypted: "routing number",
  accountNumberEncrypted: "account number",
  cardNumberEncrypted: "card number",
  cardCvvEncrypted: "CVV",
  phones: "phones",
  beneficiaries: "beneficiaries",
};

/** Replaces the lead's phones (the first is the primary) or beneficiaries, when the edit changes them. */
async function replaceRows(
  leadId: string,
  edit: LeadEdit,
  rows: { phones: boolean; beneficiaries: boolean },
  transaction: Transaction,
) {
  if (edit.phones && rows.phones) {
    await Phone.destroy({ where: { applicationId: leadId }, transaction });
    await addPhones(leadId, edit.phones, transaction);
  }
  if (edit.beneficiaries && rows.beneficiaries) {
    await Beneficiary.destroy({ where: { applicationId: leadId }, transaction });
    await addBeneficiaries(leadId, edit.beneficiaries, transaction);
  }
}

/**
 * Saves an edit of a lead's application and answers the lead as GET /api/applications/{id} does
 * (sensitive numbers masked). `replace` (PUT) asks for the whole application, so the names must
 * be given. One transaction with the lead's row locked; the activity log records who changed
 * which fields of which lead (only those whose value differs), never the values.
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
    const changes = changesOf(lead, update, edit, await storedRows(lead.id, edit, transaction));
    // Saving the form unchanged writes nothing and logs nothing.
    if (changes.fields.length === 0) return;
    await lead.update(changes.columns, { transaction });
    await replaceRows(lead.id, edit, changes.rows, transaction);
    await logActivity(
      {
        userId: actor.id,
        action: "lead_updated",
        entityType: "application",
        entityId: lead.id,
        summary: `${fullName(actor)} edited the application of ${fullName(lead)} (${changes.fields.join(", ")})`,
      },
      { transaction },
    );
  });
  return getLeadDetail(actor, id);
}
