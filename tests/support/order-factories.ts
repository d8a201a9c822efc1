import crypto from "node:crypto";
import { Bdm, Order } from "~db";

/** A BDM of the test's own, so a list filtered by it holds only the test's orders. */
export async function createBdm(overrides: Partial<{ firstName: string; lastName: string }> = {}) {
  const tag = crypto.randomBytes(3).toString("hex");
  return Bdm.create({
    firstName: overrides.firstName ?? "Bea",
    lastName: overrides.lastName ?? `Manager${tag}`,
    email: `bdm.${tag}@example.test`,
  });
}

/** An order written straight through the model, for list, stats, edit and delete tests. */
export async function createOrderRow(
  overrides: Partial<{
    agentId: string | null;
    agentName: string;
    callsOrdered: number;
    callsCompleted: number;
    companySource: string;
    platformSource: string;
    referrer: string | null;
    totalPaymentCents: number;
    paymentGateway: string;
    bdmId: string | null;
    status: string;
    createdAt: Date;
  }> = {},
) {
  const at = overrides.createdAt ?? new Date();
  return Order.create({
    agentId: overrides.agentId ?? null,
    agentName: overrides.agentName ?? `Walk-in ${crypto.randomBytes(3).toString("hex")}`,
    callsOrdered: overrides.callsOrdered ?? 50,
    callsCompleted: overrides.callsCompleted ?? 0,
    companySource: overrides.companySource ?? "Direct",
    platformSource: overrides.platformSource ?? "Facebook Ads",
    referrer: overrides.referrer ?? null,
    totalPaymentCents: overrides.totalPaymentCents ?? 900_000,
    paymentGateway: overrides.paymentGateway ?? "Zelle",
    bdmId: overrides.bdmId ?? null,
    status: overrides.status ?? "Active",
    createdAt: at,
    updatedAt: at,
  });
}
