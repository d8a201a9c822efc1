import type { Transaction } from "sequelize";
import { Beneficiary, Phone } from "~db";

// A lead's phones and beneficiaries as the application forms give them (the public application,
// and an edit that replaces them), each list written in one statement.

type PhoneInput = { phoneNumber: string; phoneType: string };
type BeneficiaryInput = {
  name: string;
  relationship: string;
  otherRelationship: string | null;
  dateOfBirth?: string | null;
  age?: number | null;
  phone?: string | null;
  percentage?: number | null;
};

/** The phones in the order given; the first one added is the primary (part 2, section 5). */
export async function addPhones(applicationId: string, phones: PhoneInput[], transaction: Transaction) {
  if (phones.length === 0) return;
  await Phone.bulkCreate(
    phones.map((phone, index) => ({
      applicationId,
      phoneNumber: phone.phoneNumber,
      phoneType: phone.phoneType,
      isPrimary: index === 0,
    })),
    { transaction },
  );
}

/** A beneficiary's columns as they are stored (and compared when an edit may change them). */
export const beneficiaryColumns = (b: BeneficiaryInput) => ({
  name: b.name,
  relationship: b.relationship,
  otherRelationship: b.otherRelationship,
  dateOfBirth: b.dateOfBirth ?? null,
  age: b.age ?? null,
  phone: b.phone ?? null,
  percentage: b.percentage ?? null,
});

export async function addBeneficiaries(
  applicationId: string,
  beneficiaries: BeneficiaryInput[],
  transaction: Transaction,
) {
  if (beneficiaries.length === 0) return;
  await Beneficiary.bulkCreate(
    beneficiaries.map((b) => ({ applicationId, ...beneficiaryColumns(b) })),
    { transaction },
  );
}
