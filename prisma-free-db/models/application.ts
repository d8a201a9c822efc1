import {
  DataTypes,
  Op,
  Model,
  type CreationOptional,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from "sequelize";
import type { Agent } from "./agent";
import type { Carrier, Product } from "./carrier";
import type { User } from "./user";
import { timestamps, uuid } from "./columns";
import { phoneE164 } from "../phone-e164";

type Opt<T> = CreationOptional<T | null>;

/** A lead: an insurance application assigned to an agent. Sensitive numbers and health details are stored encrypted. */
export class Application extends Model<InferAttributes<Application>, InferCreationAttributes<Application>> {
  declare id: CreationOptional<string>;
  declare agentId: ForeignKey<Agent["id"]> | null;
  declare carrierId: ForeignKey<Carrier["id"]> | null;
  declare productId: ForeignKey<Product["id"]> | null;
  declare status: CreationOptional<string>;
  declare firstName: string;
  declare lastName: string;
  declare hasEmail: CreationOptional<boolean>;
  declare email: Opt<string>;
  declare gender: Opt<string>;
  declare dateOfBirth: Opt<string>;
  declare stateBornIn: Opt<string>;
  declare address: Opt<string>;
  declare city: Opt<string>;
  declare state: Opt<string>;
  declare zipCode: Opt<string>;
  declare height: Opt<string>;
  declare weight: Opt<number>;
  declare maritalStatus: Opt<string>;
  declare ssnEncrypted: Opt<string>;
  declare ssnLast4: Opt<string>;
  declare smoker: Opt<boolean>;
  // Health details, encrypted like the SSN (migration 037, decision 070).
  declare doctorNameEncrypted: Opt<string>;
  declare doctorPhoneEncrypted: Opt<string>;
  declare medicationsEncrypted: Opt<string>;
  declare medicalHistoryEncrypted: Opt<string>;
  declare coverageAmountCents: Opt<number>;
  declare monthlyPremiumCents: Opt<number>;
  declare productType: Opt<string>;
  declare policyTerm: Opt<string>;
  declare riders: Opt<string>;
  declare policyNotes: Opt<string>;
  declare paymentMethod: Opt<string>;
  declare bankName: Opt<string>;
  declare routingNumberEncrypted: Opt<string>;
  declare routingNumberLast4: Opt<string>;
  declare accountNumberEncrypted: Opt<string>;
  declare accountNumberLast4: Opt<string>;
  declare cardNumberEncrypted: Opt<string>;
  declare cardNumberLast4: Opt<string>;
  declare cardExpiry: Opt<string>;
  declare cardCvvEncrypted: Opt<string>;
  declare firstDraftDate: Opt<string>;
  declare futureDraftDate: Opt<string>;
  declare paymentNotes: Opt<string>;
  declare notes: Opt<string>;
  declare calculatedCommissionCents: Opt<number>;
  /** The product's name and comp % when it was sold: later edits or archiving never change a sale. */
  declare soldProductName: Opt<string>;
  declare soldCompPercentage: Opt<number>;
  declare commissionCancelledAt: Opt<Date>;
  declare soldAt: Opt<Date>;
  declare callbackDate: Opt<Date>;
  declare source: CreationOptional<string>;
  declare consentGiven: CreationOptional<boolean>;
  declare consentText: Opt<string>;
  declare consentAt: Opt<Date>;
  declare consentIp: Opt<string>;
  declare leadSourceId: Opt<string>;
  declare externalId: Opt<string>;
  declare phoneE164: Opt<string>;
  declare emailNormalized: Opt<string>;
  declare consentPageUrl: Opt<string>;
  declare consentCertificateUrl: Opt<string>;
  declare billable: CreationOptional<boolean>;
  declare orderId: Opt<string>;
  declare returnedAt: Opt<Date>;
  // Migration 042: the policy after the sale (decision 074); null until the lead is sold.
  declare policyStatus: Opt<string>;
  declare policyNumber: Opt<string>;
  declare policyIssueDate: Opt<string>;
  declare policyEffectiveDate: Opt<string>;
  declare policyStatusAt: Opt<Date>;
  /** Migration 045: the draft dates are the client's Social Security days (decision 078). */
  declare draftOnSocialSecurityDay: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare agent?: NonAttribute<Agent | null>;
  declare carrier?: NonAttribute<Carrier | null>;
  declare product?: NonAttribute<Product | null>;
  declare phones?: NonAttribute<Phone[]>;
  declare beneficiaries?: NonAttribute<Beneficiary[]>;
  declare paymentTracking?: NonAttribute<PaymentTracking[]>;
  declare statusChanges?: NonAttribute<StatusChange[]>;
}

export class Phone extends Model<InferAttributes<Phone>, InferCreationAttributes<Phone>> {
  declare id: CreationOptional<string>;
  declare applicationId: ForeignKey<Application["id"]>;
  declare phoneNumber: string;
  /** The number in E.164, set with phoneNumber (null when it is not a possible number): decision 069. */
  declare phoneE164: CreationOptional<string | null>;
  declare phoneType: CreationOptional<string>;
  declare isPrimary: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Beneficiary extends Model<InferAttributes<Beneficiary>, InferCreationAttributes<Beneficiary>> {
  declare id: CreationOptional<string>;
  declare applicationId: ForeignKey<Application["id"]>;
  declare name: string;
  declare relationship: string;
  declare otherRelationship: Opt<string>;
  declare dateOfBirth: Opt<string>;
  declare age: Opt<number>;
  declare phone: Opt<string>;
  declare percentage: Opt<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class PaymentTracking extends Model<InferAttributes<PaymentTracking>, InferCreationAttributes<PaymentTracking>> {
  declare id: CreationOptional<string>;
  declare applicationId: ForeignKey<Application["id"]>;
  declare monthNumber: number;
  declare dueDate: string;
  declare amountCents: number;
  declare status: CreationOptional<string>;
  declare notes: Opt<string>;
  /** When its retention_reminder was sent (migration 008); set once, so a payment is reminded of once. */
  declare remindedAt: Opt<Date>;
  /** When the policy's status cancelled this month (migration 042); reinstating restores these. */
  declare policyCancelledAt: Opt<Date>;
  /** When housekeeping found it unpaid 3 days after its due date and told the agent (migration 044, decision 076). */
  declare missedNotifiedAt: Opt<Date>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare application?: NonAttribute<Application>;
}

/** The audit trail of a lead's status; its notes are the lead's "existing notes". */
export class StatusChange extends Model<InferAttributes<StatusChange>, InferCreationAttributes<StatusChange>> {
  declare id: CreationOptional<string>;
  declare applicationId: ForeignKey<Application["id"]>;
  declare userId: ForeignKey<User["id"]> | null;
  declare fromStatus: Opt<string>;
  declare toStatus: string;
  declare notes: Opt<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare user?: NonAttribute<User | null>;
}

/** The history of a sold lead's policy (migration 042, decision 074): who moved it, when, to what. */
export class PolicyStatusChange extends Model<
  InferAttributes<PolicyStatusChange>,
  InferCreationAttributes<PolicyStatusChange>
> {
  declare id: CreationOptional<string>;
  declare applicationId: ForeignKey<Application["id"]>;
  declare userId: ForeignKey<User["id"]> | null;
  declare fromStatus: Opt<string>;
  declare toStatus: string;
  declare policyNumber: Opt<string>;
  declare issueDate: Opt<string>;
  declare effectiveDate: Opt<string>;
  declare notes: Opt<string>;
  declare createdAt: CreationOptional<Date>;
}

export class LeadRead extends Model<InferAttributes<LeadRead>, InferCreationAttributes<LeadRead>> {
  declare id: CreationOptional<string>;
  declare userId: ForeignKey<User["id"]>;
  declare applicationId: ForeignKey<Application["id"]>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

// Factories, not shared objects: Sequelize writes field names into each definition it is given.
const str = (n: number) => ({ type: DataTypes.STRING(n), allowNull: true });
const text = () => ({ type: DataTypes.TEXT, allowNull: true });
const date = () => ({ type: DataTypes.DATEONLY, allowNull: true });
const at = () => ({ type: DataTypes.DATE, allowNull: true });
/** pg returns DECIMAL as a string; the getter gives a number on both databases. */
const numeric = (type: DataTypes.DataType, name: string) => ({
  type,
  allowNull: true,
  get(this: Model) {
    const value = this.getDataValue(name);
    return value === null || value === undefined ? null : Number(value);
  },
});

export function initApplicationModels(sequelize: Sequelize) {
  Application.init(
    {
      id: uuid(),
      agentId: { type: DataTypes.UUID, allowNull: true },
      carrierId: { type: DataTypes.UUID, allowNull: true },
      productId: { type: DataTypes.UUID, allowNull: true },
      status: { type: DataTypes.STRING(24), allowNull: false, defaultValue: "pending" },
      firstName: { type: DataTypes.STRING(100), allowNull: false },
      lastName: { type: DataTypes.STRING(100), allowNull: false },
      hasEmail: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      email: str(254),
      gender: str(16),
      dateOfBirth: date(),
      stateBornIn: str(64),
      address: str(255),
      city: str(120),
      state: str(2),
      zipCode: str(10),
      height: str(32),
      weight: { type: DataTypes.INTEGER, allowNull: true },
      maritalStatus: str(16),
      ssnEncrypted: text(),
      ssnLast4: str(4),
      smoker: { type: DataTypes.BOOLEAN, allowNull: true },
      doctorNameEncrypted: text(),
      doctorPhoneEncrypted: text(),
      medicationsEncrypted: text(),
      medicalHistoryEncrypted: text(),
      coverageAmountCents: { type: DataTypes.BIGINT, allowNull: true },
      monthlyPremiumCents: { type: DataTypes.BIGINT, allowNull: true },
      productType: str(120),
      policyTerm: str(120),
      riders: text(),
      policyNotes: text(),
      paymentMethod: str(16),
      bankName: str(200),
      routingNumberEncrypted: text(),
      routingNumberLast4: str(4),
      accountNumberEncrypted: text(),
      accountNumberLast4: str(4),
      cardNumberEncrypted: text(),
      cardNumberLast4: str(4),
      cardExpiry: str(5),
      cardCvvEncrypted: text(),
      firstDraftDate: date(),
      futureDraftDate: date(),
      paymentNotes: text(),
      notes: text(),
      calculatedCommissionCents: { type: DataTypes.BIGINT, allowNull: true },
      soldProductName: str(120),
      soldCompPercentage: numeric(DataTypes.DECIMAL(6, 2), "soldCompPercentage"),
      commissionCancelledAt: at(),
      soldAt: at(),
      callbackDate: at(),
      source: { type: DataTypes.STRING(32), allowNull: false, defaultValue: "public_form" },
      consentGiven: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      consentText: text(),
      consentAt: at(),
      consentIp: str(64),
      // Migration 028 (lead supply, decision 061).
      leadSourceId: { type: DataTypes.UUID, allowNull: true },
      externalId: str(120),
      phoneE164: str(16),
      emailNormalized: str(255),
      consentPageUrl: str(2048),
      consentCertificateUrl: str(2048),
      billable: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      orderId: { type: DataTypes.UUID, allowNull: true },
      returnedAt: at(),
      policyStatus: str(24),
      policyNumber: str(40),
      policyIssueDate: date(),
      policyEffectiveDate: date(),
      policyStatusAt: at(),
      draftOnSocialSecurityDay: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "applications",
      underscored: true,
      indexes: [
        // Migrations 006 and 053: My Leads' pages, totals and searches, and the unread merge, from the
        // index alone; returned_at tells the agent's working leads (decision 092).
        {
          name: "applications_agent_list",
          fields: ["agent_id", "created_at", "id", "first_name", "last_name", "email", "returned_at"],
        },
        { name: "applications_agent_status_list", fields: ["agent_id", "status", "created_at", "id", "returned_at"] },
        { name: "applications_agent_id_id", fields: ["agent_id", "id"] },
        // Migration 027: an agent's latest lead change (their list version, decision 060).
        { name: "applications_agent_updated", fields: ["agent_id", "updated_at"] },
        // Migration 010: an agent's scheduled callbacks by callback date (the Callbacks page, decision 025).
        {
          name: "applications_agent_callbacks",
          fields: ["agent_id", "callback_date", "id"],
          where: { status: ["callback", "rescheduled"] },
        },
        // Migration 009: an agent's sales by sale date (the commissions page, decision 027).
        { name: "applications_agent_sold", fields: ["agent_id", "sold_at", "id"] },
        // Migration 012: an agent's leads by carrier, newest first (the report, decision 028).
        { name: "applications_agent_carrier_list", fields: ["agent_id", "carrier_id", "created_at", "id"] },
        // Migration 020: every agent's sales by sale date, and every agent's scheduled callbacks by
        // callback date (Premiums Management and the admin's Callbacks, decision 036).
        { name: "applications_sold_list", fields: ["sold_at", "id"] },
        {
          name: "applications_callbacks_by_date",
          fields: ["callback_date", "id"],
          where: { status: ["callback", "rescheduled"] },
        },
        // Migration 025: All Leads' pages, every lead or by status, newest first, from the index alone.
        { name: "applications_status_created_id", fields: ["status", "created_at", "id"] },
        { name: "applications_created_id", fields: ["created_at", "id"] },
        // Migration 022: the agency's leads of a carrier within a range (the admin's reports, decision 038).
        { name: "applications_carrier_created", fields: ["carrier_id", "created_at"] },
        // Migration 028: one lead per source and external id; duplicates by phone or email within a
        // window; a source's leads by day (decision 061).
        { name: "applications_source_external", unique: true, fields: ["lead_source_id", "external_id"] },
        { name: "applications_phone_e164_created", fields: ["phone_e164", "created_at"] },
        { name: "applications_email_normalized_created", fields: ["email_normalized", "created_at"] },
        // The Lead Sources report's counts, read from the index alone (migration 031, decision 065).
        {
          name: "applications_source_report",
          fields: ["lead_source_id", "created_at", "status", "billable", "returned_at", "sold_at"],
        },
        // Migration 029: an agent's returned leads, the few the agent's figures take away (decision 064).
        {
          name: "applications_agent_returned",
          fields: ["agent_id", "status", "created_at"],
          where: { returned_at: { [Op.ne]: null } },
        },
        // Migration 042: policies by status and issue date (at-risk, persistency); a number per carrier.
        { name: "applications_policy_status_issue", fields: ["policy_status", "policy_issue_date"] },
        { name: "applications_carrier_policy_number", fields: ["carrier_id", "policy_number"] },
        // Migration 044: the policies in lapse pending, by agent (the at-risk queue, decision 076).
        {
          name: "applications_lapse_pending",
          fields: ["agent_id", "id"],
          where: { policy_status: "lapse_pending" },
        },
        { fields: ["callback_date"] },
        { fields: ["sold_at"] },
        { fields: ["last_name", "first_name"] },
        { fields: ["email"] },
      ],
    },
  );
  Phone.init(
    {
      id: uuid(),
      applicationId: { type: DataTypes.UUID, allowNull: false },
      phoneNumber: {
        type: DataTypes.STRING(32),
        allowNull: false,
        // Every write of a number (create, bulkCreate, update) keeps its E.164 beside it.
        set(this: Phone, value: string) {
          this.setDataValue("phoneNumber", value);
          this.setDataValue("phoneE164", phoneE164(value));
        },
      },
      phoneE164: { type: DataTypes.STRING(16), allowNull: true },
      phoneType: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "mobile" },
      isPrimary: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "phones",
      underscored: true,
      indexes: [
        { fields: ["application_id"] },
        { name: "phones_application_e164", fields: ["application_id", "phone_e164"] },
      ],
    },
  );
  Beneficiary.init(
    {
      id: uuid(),
      applicationId: { type: DataTypes.UUID, allowNull: false },
      name: { type: DataTypes.STRING(200), allowNull: false },
      relationship: { type: DataTypes.STRING(32), allowNull: false },
      otherRelationship: str(120),
      dateOfBirth: date(),
      age: { type: DataTypes.INTEGER, allowNull: true },
      phone: str(32),
      percentage: numeric(DataTypes.DECIMAL(5, 2), "percentage"),
      ...timestamps(),
    },
    { sequelize, tableName: "beneficiaries", underscored: true, indexes: [{ fields: ["application_id"] }] },
  );
  PaymentTracking.init(
    {
      id: uuid(),
      applicationId: { type: DataTypes.UUID, allowNull: false },
      monthNumber: { type: DataTypes.INTEGER, allowNull: false },
      dueDate: { type: DataTypes.DATEONLY, allowNull: false },
      amountCents: { type: DataTypes.BIGINT, allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "not_paid" },
      notes: text(),
      remindedAt: at(),
      policyCancelledAt: at(),
      missedNotifiedAt: at(),
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "payment_trackings",
      underscored: true,
      indexes: [
        { unique: true, fields: ["application_id", "month_number"] },
        { fields: ["status", "due_date"] },
        { name: "payment_trackings_application_status", fields: ["application_id", "status"] },
        // Migration 044: the unpaid months housekeeping has not found missed yet, and every unpaid
        // month by due date with its lead (the at-risk queue, decision 076).
        {
          name: "payment_trackings_missed_unnotified",
          fields: ["due_date"],
          where: { status: "not_paid", missed_notified_at: null },
        },
        { name: "payment_trackings_unpaid_due", fields: ["due_date", "application_id"], where: { status: "not_paid" } },
      ],
    },
  );
  StatusChange.init(
    {
      id: uuid(),
      applicationId: { type: DataTypes.UUID, allowNull: false },
      userId: { type: DataTypes.UUID, allowNull: true },
      fromStatus: str(24),
      toStatus: { type: DataTypes.STRING(24), allowNull: false },
      notes: text(),
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "status_changes",
      underscored: true,
      indexes: [{ fields: ["application_id", "created_at"] }],
    },
  );
  PolicyStatusChange.init(
    {
      id: uuid(),
      applicationId: { type: DataTypes.UUID, allowNull: false },
      userId: { type: DataTypes.UUID, allowNull: true },
      fromStatus: str(24),
      toStatus: { type: DataTypes.STRING(24), allowNull: false },
      policyNumber: str(40),
      issueDate: date(),
      effectiveDate: date(),
      notes: text(),
      createdAt: { type: DataTypes.DATE, allowNull: false },
    },
    {
      sequelize,
      tableName: "policy_status_changes",
      underscored: true,
      updatedAt: false,
      indexes: [{ name: "policy_status_changes_lead_created", fields: ["application_id", "created_at"] }],
    },
  );
  LeadRead.init(
    {
      id: uuid(),
      userId: { type: DataTypes.UUID, allowNull: false },
      applicationId: { type: DataTypes.UUID, allowNull: false },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "lead_reads",
      underscored: true,
      indexes: [{ unique: true, fields: ["user_id", "application_id"] }, { fields: ["application_id"] }],
    },
  );
}
