import { PaymentTracking, PolicyStatusChange } from "~db";
import { paymentScheduleDueDates } from "~/domain/commission";
import { addDaysIso, todayIn } from "~/domain/periods";
import { uniqueName } from "./application-factories";
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
  const soldAt = options.soldAt ?? new Date();
  // As a sale leaves it (decision 074): the policy submitted from the sale.
  await lead.update({
    soldAt,
    calculatedCommissionCents: premiumCents * 9,
    soldProductName: "Final Expense",
    soldCompPercentage: 100,
    policyStatus: "submitted",
    policyStatusAt: soldAt,
  });
  await PolicyStatusChange.create({ applicationId: lead.id, toStatus: "submitted", createdAt: soldAt });
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

/**
 * Two sold policies of an agent whose first months fall due today ($85.50 a month) and tomorrow
 * ($40.00 a month, sold a day earlier so it lists second) in `timeZone`: the due-soon cards and
 * flags of the agent's tracker and the admin's Retention Management.
 */
export async function createPoliciesDueTodayAndTomorrow(agentId: string, timeZone: string) {
  const today = todayIn(timeZone);
  const dueToday = await createSoldPolicy(agentId, {
    firstDue: today,
    premiumCents: 8_550,
    lastName: uniqueName("Today"),
  });
  const dueTomorrow = await createSoldPolicy(agentId, {
    firstDue: addDaysIso(today, 1),
    premiumCents: 4_000,
    lastName: uniqueName("Tomorrow"),
    soldAt: new Date(Date.now() - 86_400_000),
  });
  return { dueToday, dueTomorrow };
}
