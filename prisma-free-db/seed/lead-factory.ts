import crypto from "node:crypto";
import type { CreationAttributes, Model, ModelStatic, Transaction } from "sequelize";
import { Application, Phone } from "../index";

// The one lead factory: what a lead is made of when it is not made by the public form or an agent,
// for the demo seed, the tests and the leads benchmark. By default a pending, unassigned lead with
// one primary mobile phone; every attribute can be given. It draws no random numbers of its own,
// so a seeded caller (the demo, the benchmark) makes the same data whatever the defaults are.

export type LeadAttributes = CreationAttributes<Application>;
export type LeadPhoneAttributes = Omit<CreationAttributes<Phone>, "applicationId">;

/** The phone a lead gets when none is given. */
const DEFAULT_LEAD_PHONE: LeadPhoneAttributes = {
  phoneNumber: "8135550000",
  phoneType: "mobile",
  isPrimary: true,
};

/**
 * A lead's attributes: the defaults, then `overrides` (an override left undefined keeps the
 * default). A lead with an email says it has one.
 */
export function leadAttributes(overrides: Partial<LeadAttributes> = {}): LeadAttributes {
  const given = Object.fromEntries(Object.entries(overrides).filter(([, value]) => value !== undefined));
  return {
    agentId: null,
    firstName: "Lena",
    lastName: "Lead",
    status: "pending",
    email: null,
    hasEmail: Boolean(overrides.email),
    coverageAmountCents: 1_000_000,
    monthlyPremiumCents: 5_000,
    ...given,
  };
}

/**
 * Creates a lead and its phones through the models (`phones` defaults to DEFAULT_LEAD_PHONE;
 * `[]` for none), inside `transaction` when one is given.
 */
export async function createLeadRecord(
  overrides: Partial<LeadAttributes> = {},
  options: { phones?: LeadPhoneAttributes[]; transaction?: Transaction } = {},
) {
  const { transaction } = options;
  const lead = await Application.create(leadAttributes(overrides), { transaction });
  for (const phone of options.phones ?? [DEFAULT_LEAD_PHONE]) {
    await Phone.create({ ...phone, applicationId: lead.id }, { transaction });
  }
  return lead;
}

/**
 * A model's attributes as its table's row, for a bulk load that inserts rows without building a
 * model instance for each (the benchmark's 100,000 leads): column names for attribute names, the
 * model's plain defaults for what is not given, an id and both timestamps.
 */
function tableRow<M extends Model>(model: ModelStatic<M>, attributes: CreationAttributes<M>) {
  const given = attributes as Record<string, unknown>;
  const now = new Date();
  const row: Record<string, unknown> = {};
  for (const [name, attribute] of Object.entries(model.getAttributes())) {
    const plainDefault = ["string", "number", "boolean"].includes(typeof attribute.defaultValue);
    const value =
      given[name] !== undefined
        ? given[name]
        : name === "id"
          ? crypto.randomUUID()
          : name === "createdAt"
            ? now
            : name === "updatedAt"
              ? (given.createdAt ?? now)
              : plainDefault
                ? attribute.defaultValue
                : undefined;
    if (value !== undefined) row[attribute.field ?? name] = value;
  }
  return row;
}

/** A lead as a row of the applications table (leadAttributes for its attributes). */
export function leadRow(attributes: LeadAttributes) {
  return tableRow(Application, attributes);
}

/** A lead's phone as a row of the phones table. */
export function leadPhoneRow(applicationId: string, phone: LeadPhoneAttributes = DEFAULT_LEAD_PHONE) {
  return tableRow(Phone, { ...phone, applicationId });
}
