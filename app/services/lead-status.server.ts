import type { CreationAttributes, Transaction } from "sequelize";
import { LicensedState, PaymentTracking, Product, StatusChange, sequelize, type Application } from "~db";
import { PAYMENT_MONTHS, paymentScheduleDueDates, saleSnapshot } from "~/domain/commission";
import { centsAsDollars, fullName } from "~/domain/format";
import { todayIn } from "~/domain/periods";
import { adminLeadStatusSchema, leadStatusSchema } from "~/domain/schemas/lead-status";
import { CALLBACK_STATUSES, leadStatusStyle, type LeadStatus } from "~/domain/statuses";
import { socialSecurityScheduleDueDates } from "~/domain/social-security-days";
import { stateName } from "~/domain/states";
import { logActivity } from "./activity.server";
import { badRequest, conflict, validInput } from "./errors.server";
import { LeadPaymentColumns } from "./lead-reads.server";
import { findAccessibleLead } from "./leads.server";
import { startPolicy } from "./policy.server";
import { isUuid } from "./permissions.server";
import type { SessionUser } from "./sessions.server";
import { selectRows, sql } from "./sql/reads.server";
import { emitWebhookEvent } from "./webhooks.server";

// A lead's status changes (dispositions) and sales: the status dialogs of My Leads and the
// application page, and PUT /api/agent/applications/{id}/status. What happens to a sale's
// commission and schedule when its lead later changes status: docs/decisions/019.

/** @internal */
export const LEAD_STATUS_ERRORS = {
  alreadySold: "This lead is already sold: its sale, commission and payment schedule stay as they are.",
  soldBefore:
    "A sale was already recorded for this lead and its commission was cancelled; a lead is sold only once, so its commission and payment schedule stay as they are.",
  noAgent: "Assign this lead to an agent before recording a sale.",
  noCarrier: "This lead has no carrier, so no product can be sold on it. Add the carrier to the application first.",
  notOwnProduct: "Please select one of your products for this lead's carrier.",
  noPremium: "Add the monthly premium to the application before recording a sale.",
  noBirthDate:
    "Add the client's date of birth to the application first: their Social Security day is worked out from it.",
} as const;

function notLicensedMessage(actor: SessionUser, stateCode: string) {
  const who = actor.role === "agent" ? "You are" : "The lead's agent is";
  return `${who} not licensed in ${stateName(stateCode)}, this lead's state, so the sale cannot be recorded.`;
}

/** One month of a sale's schedule, money in dollars (the spec's Payment tracking entry). */
type PaymentScheduleItemView = {
  id: string;
  monthNumber: number;
  dueDate: string;
  amount: number;
  status: string;
  notes: string | null;
};

/** What a status change answers: the lead's status and sale fields after it, money in dollars. */
export type LeadStatusView = {
  id: string;
  status: string;
  previousStatus: string;
  callbackDate: string | null;
  productId: string | null;
  soldProductName: string | null;
  soldCompPercentage: number | null;
  calculatedCommission: number | null;
  soldAt: string | null;
  commissionCancelledAt: string | null;
  /** The schedule's months are the client's Social Security days (decision 078). */
  draftOnSocialSecurityDay: boolean;
  paymentTracking: PaymentScheduleItemView[];
  statusChange: { id: string; fromStatus: string | null; toStatus: string; notes: string | null; createdAt: string };
};

/** A month of the schedule as the answer sends it. */
const ScheduleRow = LeadPaymentColumns.transform((month): PaymentScheduleItemView => ({
  id: month.id,
  monthNumber: month.monthNumber,
  dueDate: month.dueDate,
  amount: centsAsDollars(month.amountCents),
  status: month.status,
  notes: month.notes,
}));

const isoOrNull = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * The product fields of a sale: the snapshot of one of the lead's agent's own products for the
 * lead's carrier and the first-year commission on the lead's premium; refused (400 at the field)
 * when the lead has no carrier or the product is not such a one.
 */
async function soldProduct(lead: Application, productId: string, premiumCents: number, transaction: Transaction) {
  if (!lead.carrierId) throw badRequest(LEAD_STATUS_ERRORS.noCarrier, { productId: [LEAD_STATUS_ERRORS.noCarrier] });
  const product = isUuid(productId)
    ? await Product.findOne({
        where: { id: productId, agentId: lead.agentId!, carrierId: lead.carrierId, archivedAt: null },
        attributes: ["id", "carrierId", "name", "compPercentage"],
        raw: true,
        transaction,
      })
    : null;
  if (!product) throw badRequest(LEAD_STATUS_ERRORS.notOwnProduct, { productId: [LEAD_STATUS_ERRORS.notOwnProduct] });
  return saleSnapshot(
    {
      id: product.id,
      carrierId: product.carrierId,
      name: product.name,
      compPercentage: Number(product.compPercentage),
    },
    premiumCents,
  );
}

/** The lead's premium, which the schedule's months and the commission are worked out on. */
function salePremiumCents(lead: Application) {
  const premiumCents = lead.monthlyPremiumCents;
  if (!premiumCents || premiumCents <= 0) {
    throw badRequest(LEAD_STATUS_ERRORS.noPremium, { monthlyPremium: [LEAD_STATUS_ERRORS.noPremium] });
  }
  return premiumCents;
}

/**
 * The sale fields of a lead sold now, and its nine payments: refused (400 at the field, nothing
 * written) when the agent is not licensed in the lead's state, the lead has no premium, or the
 * product is not one of the lead's agent's own for the lead's carrier. Without a product (an
 * admin's sale, decision 043) the sale and its schedule are recorded and the commission is to be
 * decided (null, shown as TBD) until a product is chosen (chooseSaleProduct).
 */
async function recordSale(
  actor: SessionUser,
  lead: Application,
  { productId, draftOnSocialSecurityDay }: { productId: string | null; draftOnSocialSecurityDay: boolean },
  now: Date,
  transaction: Transaction,
) {
  if (lead.status === "sale") throw conflict(LEAD_STATUS_ERRORS.alreadySold);
  const existing = await PaymentTracking.count({ where: { applicationId: lead.id }, transaction });
  if (lead.soldAt || existing > 0) throw conflict(LEAD_STATUS_ERRORS.soldBefore);
  if (!lead.agentId) throw badRequest(LEAD_STATUS_ERRORS.noAgent, { status: [LEAD_STATUS_ERRORS.noAgent] });

  if (lead.state) {
    const licensed = await LicensedState.findOne({
      where: { agentId: lead.agentId, state: lead.state.toUpperCase() },
      attributes: ["id"],
      raw: true,
      transaction,
    });
    if (!licensed) {
      const message = notLicensedMessage(actor, lead.state.toUpperCase());
      throw badRequest(message, { status: [message] });
    }
  }
  const premiumCents = salePremiumCents(lead);
  const dateOfBirth = lead.dateOfBirth ? String(lead.dateOfBirth).slice(0, 10) : null;
  if (draftOnSocialSecurityDay && !dateOfBirth) {
    throw badRequest(LEAD_STATUS_ERRORS.noBirthDate, { draftOnSocialSecurityDay: [LEAD_STATUS_ERRORS.noBirthDate] });
  }
  const snapshot = productId
    ? await soldProduct(lead, productId, premiumCents, transaction)
    : { productId: null, soldProductName: null, soldCompPercentage: null, calculatedCommissionCents: null };
  // Month 1 is due on the first draft date, else on the day of the sale in the seller's time zone;
  // on Social Security days, the first of them from that day on (decision 078).
  const firstDue = lead.firstDraftDate ? String(lead.firstDraftDate).slice(0, 10) : todayIn(actor.timezone, now);
  const dueDates =
    draftOnSocialSecurityDay && dateOfBirth
      ? socialSecurityScheduleDueDates(firstDue, dateOfBirth, PAYMENT_MONTHS)
      : paymentScheduleDueDates(firstDue);
  await PaymentTracking.bulkCreate(
    dueDates.map((dueDate, index) => ({
      applicationId: lead.id,
      monthNumber: index + 1,
      dueDate,
      amountCents: premiumCents,
      status: "not_paid",
    })),
    { transaction },
  );
  // The policy starts as submitted to the carrier (decision 074).
  const policy = await startPolicy(actor, lead.id, now, transaction);
  // The card's CVV may not be kept once the payment is authorised (PCI DSS 3.3.1.2): it is erased
  // by the same update that records the sale, so no committed state has a sale with a CVV.
  return {
    ...snapshot,
    ...policy,
    draftOnSocialSecurityDay,
    soldAt: now,
    commissionCancelledAt: null,
    cardCvvEncrypted: null,
  };
}

/** A sale recorded without a product, whose commission is still to be decided. */
function awaitsProduct(lead: Application) {
  return lead.status === "sale" && !!lead.soldAt && !lead.productId && !lead.commissionCancelledAt;
}

/**
 * The product chosen for a sale recorded without one (decision 043): its snapshot and commission
 * on the lead's premium. The sale's date and schedule stay as they were recorded.
 */
async function chooseSaleProduct(lead: Application, productId: string, transaction: Transaction) {
  return soldProduct(lead, productId, salePremiumCents(lead), transaction);
}

/**
 * Sets a lead's status (PUT /api/agent/applications/{id}/status, the status and disposition
 * dialogs). Reached through findAccessibleLead: an agent only their own lead, anything else a 404
 * before anything changes. Every change writes a status_changes row (who, from, to, the trimmed
 * notes). Callback and rescheduled store the callback date (UTC). A sale stores the product's
 * snapshot and the first-year commission and creates the nine-month schedule; a lead is sold once
 * (a second sale is a 409). Moving a sold lead to another status keeps its sale, commission and
 * schedule and marks the commission cancelled (decision 019). A sale erases the card's CVV. All of
 * it in one transaction, the lead's row locked (FOR UPDATE on Postgres; SQLite's transactions take
 * turns).
 */
export async function changeLeadStatus(actor: SessionUser, id: string, input: unknown): Promise<LeadStatusView> {
  // An admin may set any status of part 1 section 4; an agent their six.
  const change = validInput(actor.role === "admin" ? adminLeadStatusSchema : leadStatusSchema, input);
  const toStatus: LeadStatus = change.status;
  const now = new Date();

  return sequelize.transaction(async (transaction) => {
    const lead = await findAccessibleLead(actor, id, { transaction, lock: transaction.LOCK.UPDATE });
    const fromStatus = lead.status;
    const update: Partial<CreationAttributes<Application>> = { status: toStatus };

    const choosingProduct = toStatus === "sale" && awaitsProduct(lead) && !!change.productId;
    if (choosingProduct) {
      Object.assign(update, await chooseSaleProduct(lead, change.productId!, transaction));
    } else if (toStatus === "sale") {
      Object.assign(update, await recordSale(actor, lead, change, now, transaction));
    } else if (lead.soldAt && !lead.commissionCancelledAt) {
      // Leaving a sale: the sale, its commission amount and its schedule are kept; the commission
      // is cancelled, one way, as the commissions page's Mark as Cancelled does.
      update.commissionCancelledAt = now;
    }
    if ((CALLBACK_STATUSES as readonly string[]).includes(toStatus)) update.callbackDate = change.callbackDate;

    await lead.update(update, { transaction });
    const statusChange = await StatusChange.create(
      { applicationId: lead.id, userId: actor.id, fromStatus, toStatus, notes: change.notes },
      { transaction },
    );
    await logActivity(
      {
        userId: actor.id,
        action: toStatus === "sale" ? "lead_sold" : "lead_status_changed",
        entityType: "application",
        entityId: lead.id,
        summary: choosingProduct
          ? `${fullName(actor)} chose the product ${lead.soldProductName} for the sale of ${fullName(lead)}`
          : `${fullName(actor)} changed the status of ${fullName(lead)} from ${leadStatusStyle(fromStatus).label} to ${leadStatusStyle(toStatus).label}`,
      },
      { transaction },
    );
    // Told to webhook endpoints in this transaction: a change rolled back tells no one (decision 083).
    if (fromStatus !== toStatus) {
      await emitWebhookEvent(
        "lead.status_changed",
        { leadId: lead.id, agentId: lead.agentId, fromStatus, toStatus },
        transaction,
      );
    }
    if (toStatus === "sale" && !choosingProduct) {
      await emitWebhookEvent(
        "sale.recorded",
        {
          leadId: lead.id,
          agentId: lead.agentId,
          carrierId: lead.carrierId,
          productId: lead.productId,
          productName: lead.soldProductName ?? null,
          monthlyPremiumCents: lead.monthlyPremiumCents,
          soldAt: now.toISOString(),
        },
        transaction,
      );
    }
    const schedule = await selectRows(
      sql`SELECT t.id, t.month_number AS "monthNumber", t.due_date AS "dueDate", t.amount_cents AS "amountCents",
         t.status, t.notes
       FROM payment_trackings t WHERE t.application_id = ${lead.id} ORDER BY t.month_number`,
      ScheduleRow,
      { transaction },
    );

    return {
      id: lead.id,
      status: lead.status,
      previousStatus: fromStatus,
      callbackDate: isoOrNull(lead.callbackDate),
      productId: lead.productId,
      soldProductName: lead.soldProductName ?? null,
      soldCompPercentage: lead.soldCompPercentage ?? null,
      calculatedCommission: centsAsDollars(lead.calculatedCommissionCents),
      soldAt: isoOrNull(lead.soldAt),
      commissionCancelledAt: isoOrNull(lead.commissionCancelledAt),
      draftOnSocialSecurityDay: lead.draftOnSocialSecurityDay,
      paymentTracking: schedule,
      statusChange: {
        id: statusChange.id,
        fromStatus: statusChange.fromStatus ?? null,
        toStatus: statusChange.toStatus,
        notes: statusChange.notes ?? null,
        createdAt: statusChange.createdAt.toISOString(),
      },
    };
  });
}

/** One of the products a sale of a lead may be recorded with. */
export type SaleProduct = { id: string; name: string; compPercentage: number };

/**
 * The products a sale of this lead may name (the status forms' product choice): the lead's
 * agent's own products for the lead's carrier, not archived, by name. Reached through
 * findAccessibleLead, so another agent's lead is a 404.
 */
export async function saleProductsForLead(actor: SessionUser, id: string): Promise<SaleProduct[]> {
  const lead = await findAccessibleLead(actor, id, { attributes: ["id", "agentId", "carrierId"], raw: true });
  if (!lead.agentId || !lead.carrierId) return [];
  const products = await Product.findAll({
    where: { agentId: lead.agentId, carrierId: lead.carrierId, archivedAt: null },
    attributes: ["id", "name", "compPercentage"],
    order: [
      ["name", "ASC"],
      ["id", "ASC"],
    ],
    raw: true,
  });
  return products.map((p) => ({ id: p.id, name: p.name, compPercentage: Number(p.compPercentage) }));
}
