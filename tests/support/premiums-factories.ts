import { Application, Carrier, PaymentTracking } from "~db";
import { changeLeadStatus } from "~/services/lead-status.server";
import { createLead, giveCarrier, signedInAgent } from "./factories";

// Sales and callbacks for the admin's Premiums Management and Callbacks tests (issue 13 items 2
// and 4), written through the real services so each row is what the portal would have stored.

/** A signed-in approved agent with Aetna's `product` at `comp` %, licensed in FL. */
export async function premiumSeller(firstName: string, comp = 100, product = "Final Expense") {
  const me = await signedInAgent({ firstName, lastName: "Seller" });
  const { product: sold } = await giveCarrier(me.agent.id, "Aetna", product, comp);
  return { ...me, product: sold };
}

export type PremiumSeller = Awaited<ReturnType<typeof premiumSeller>>;

/** A sale recorded through the status service (nine months not paid), dated `soldAt`. */
export async function recordPremiumSale(
  seller: PremiumSeller,
  options: { premiumCents: number; soldAt: Date; firstName?: string; lastName?: string },
) {
  const lead = await createLead(seller.agent.id, {
    monthlyPremiumCents: options.premiumCents,
    firstName: options.firstName ?? "Pat",
    lastName: options.lastName ?? "Buyer",
  });
  const aetna = (await Carrier.findOne({ where: { name: "Aetna" }, attributes: ["id"], raw: true }))!;
  await lead.update({ carrierId: aetna.id, state: "FL" });
  await changeLeadStatus(seller.actor, lead.id, { status: "sale", productId: seller.product.id });
  await Application.update({ soldAt: options.soldAt }, { where: { id: lead.id } });
  return lead;
}

/** Sets a sale's months' statuses straight in the table, as the retention tracker would. */
export async function setPaymentStatuses(applicationId: string, statuses: string[]) {
  for (const [index, status] of statuses.entries()) {
    await PaymentTracking.update({ status }, { where: { applicationId, monthNumber: index + 1 } });
  }
}

/** A lead of the agent waiting for a callback at `callbackDate` (null: no date set). */
export async function createCallback(
  agentId: string,
  options: { callbackDate: Date | null; firstName?: string; lastName?: string; status?: string },
) {
  const lead = await createLead(agentId, {
    firstName: options.firstName ?? "Cal",
    lastName: options.lastName ?? "Back",
    status: options.status ?? "callback",
  });
  await lead.update({ callbackDate: options.callbackDate });
  return lead;
}
