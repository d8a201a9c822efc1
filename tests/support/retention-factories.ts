import { PaymentTracking } from "~db";
import { paymentScheduleDueDates } from "~/domain/commission";
import { createLead } from "./factories";

/**
 * A sold policy of an agent for the retention tracker: a lead set to sale with the nine unpaid
 * payments a sale creates, the first due on `firstDue`, at the lead's monthly premium.
 */
export async function createSoldPolicy(
  agentId: string,
  options: { firstDue: string; premiumCents?: number; firstName?: string; lastName?: string; soldAt?: Date },
) {
  const premiumCents = options.premiumCents ?? 5_000;
  const lead = await createLead(agentId, {
    monthlyPremiumCents: premiumCents,
    firstName: options.firstName,
    lastName: options.lastName,
    status: "sale",
  });
  await lead.update({
    soldAt: options.soldAt ?? new Date(),
    calculatedCommissionCents: premiumCents * 9,
    soldProductName: "Final Expense",
    soldCompPercentage: 100,
  });
  const payments = await PaymentTracking.bulkCreate(
    paymentScheduleDueDates(options.firstDue).map((dueDate, index) => ({
      applicationId: lead.id,
      monthNumber: index + 1,
      dueDate,
      amountCents: premiumCents,
      status: "not_paid",
    })),
  );
  return {
    id: lead.id,
    name: `${lead.firstName} ${lead.lastName}`,
    payments: payments.sort((a, b) => a.monthNumber - b.monthNumber).map((p) => ({ id: p.id, dueDate: p.dueDate })),
  };
}
