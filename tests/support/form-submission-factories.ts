import crypto from "node:crypto";
import { FormSubmission } from "~db";

/** A saved inquiry written straight through the model, for admin list/edit/delete tests. */
export async function createFormSubmissionRow(
  overrides: Partial<{
    fullName: string;
    status: string;
    createdAt: Date;
    notes: string | null;
    companyName: string | null;
  }> = {},
) {
  const at = overrides.createdAt ?? new Date();
  return FormSubmission.create({
    fullName: overrides.fullName ?? `Prospect ${crypto.randomBytes(3).toString("hex")}`,
    companyName: overrides.companyName === undefined ? "Test Agency" : overrides.companyName,
    email: `prospect.${crypto.randomBytes(4).toString("hex")}@example.test`,
    phone: "8135550142",
    service: "CRM Only",
    message: "Testing",
    status: overrides.status ?? "new",
    notes: overrides.notes ?? null,
    createdAt: at,
    updatedAt: at,
  });
}

/** A distinct client address per test, so per-address limits never leak between tests. */
export function uniqueIp() {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}
