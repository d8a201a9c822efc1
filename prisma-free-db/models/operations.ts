import {
  DataTypes,
  Model,
  type CreationOptional,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  type NonAttribute,
  type Sequelize,
} from "sequelize";
import type { Agent, Bdm } from "./agent";
import type { Application } from "./application";
import type { User } from "./user";
import { timestamps, uuid } from "./columns";
import { redactLongNumbers } from "./activity-summary";

// Records of the agency's day-to-day operations: notifications, reset requests, inquiries,
// lead orders, the activity log and the rate-limit attempt counters.

type Opt<T> = CreationOptional<T | null>;

export class Notification extends Model<InferAttributes<Notification>, InferCreationAttributes<Notification>> {
  declare id: CreationOptional<string>;
  declare userId: ForeignKey<User["id"]>;
  declare applicationId: ForeignKey<Application["id"]> | null;
  declare type: string;
  declare title: string;
  declare message: string;
  declare isRead: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export type ResetRequestStatus = "pending" | "approved" | "denied" | "completed";

/**
 * A password reset: either a user's request awaiting an admin (kind "request"), or the
 * one-time token behind a temporary password an admin issued (kind "temporary").
 */
export class PasswordResetRequest extends Model<
  InferAttributes<PasswordResetRequest>,
  InferCreationAttributes<PasswordResetRequest>
> {
  declare id: CreationOptional<string>;
  declare userId: ForeignKey<User["id"]>;
  declare email: string;
  declare status: CreationOptional<ResetRequestStatus>;
  declare kind: CreationOptional<"request" | "temporary">;
  declare tokenHash: Opt<string>;
  declare expiresAt: Date;
  declare approvedAt: Opt<Date>;
  declare deniedAt: Opt<Date>;
  declare completedAt: Opt<Date>;
  declare decidedById: ForeignKey<User["id"]> | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare user?: NonAttribute<User>;
}

export class FormSubmission extends Model<InferAttributes<FormSubmission>, InferCreationAttributes<FormSubmission>> {
  declare id: CreationOptional<string>;
  declare fullName: string;
  declare companyName: Opt<string>;
  declare email: string;
  declare phone: string;
  declare service: string;
  declare message: Opt<string>;
  declare status: CreationOptional<string>;
  declare notes: Opt<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Order extends Model<InferAttributes<Order>, InferCreationAttributes<Order>> {
  declare id: CreationOptional<string>;
  declare agentId: ForeignKey<Agent["id"]> | null;
  declare agentName: string;
  declare callsOrdered: number;
  declare callsCompleted: CreationOptional<number>;
  declare companySource: string;
  declare platformSource: string;
  declare referrer: Opt<string>;
  declare totalPaymentCents: number;
  declare paymentGateway: CreationOptional<string>;
  declare bdmId: ForeignKey<Bdm["id"]> | null;
  declare status: CreationOptional<string>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare bdm?: NonAttribute<Bdm | null>;
}

export class ActivityLog extends Model<InferAttributes<ActivityLog>, InferCreationAttributes<ActivityLog>> {
  declare id: CreationOptional<string>;
  declare userId: ForeignKey<User["id"]> | null;
  declare action: string;
  declare entityType: Opt<string>;
  declare entityId: Opt<string>;
  declare leadAgentId: Opt<string>;
  declare summary: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare user?: NonAttribute<User | null>;
}

export class Attempt extends Model<InferAttributes<Attempt>, InferCreationAttributes<Attempt>> {
  declare id: CreationOptional<string>;
  declare kind: string;
  declare key: string;
  // True while the work the attempt guards is still running (see app/services/rate-limits.server.ts).
  declare inFlight: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initOperationModels(sequelize: Sequelize) {
  Notification.init(
    {
      id: uuid(),
      userId: { type: DataTypes.UUID, allowNull: false },
      applicationId: { type: DataTypes.UUID, allowNull: true },
      type: { type: DataTypes.STRING(32), allowNull: false },
      title: { type: DataTypes.STRING(200), allowNull: false },
      message: { type: DataTypes.TEXT, allowNull: false },
      isRead: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "notifications",
      underscored: true,
      indexes: [
        { fields: ["user_id", "is_read", "created_at"] },
        { fields: ["user_id", "created_at"] },
        { fields: ["application_id"] },
      ],
    },
  );
  PasswordResetRequest.init(
    {
      id: uuid(),
      userId: { type: DataTypes.UUID, allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
      kind: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "request" },
      tokenHash: { type: DataTypes.STRING(64), allowNull: true, unique: true },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      approvedAt: { type: DataTypes.DATE, allowNull: true },
      deniedAt: { type: DataTypes.DATE, allowNull: true },
      completedAt: { type: DataTypes.DATE, allowNull: true },
      decidedById: { type: DataTypes.UUID, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "password_reset_requests",
      underscored: true,
      indexes: [{ fields: ["status", "created_at"] }, { fields: ["user_id"] }],
    },
  );
  FormSubmission.init(
    {
      id: uuid(),
      fullName: { type: DataTypes.STRING(200), allowNull: false },
      companyName: { type: DataTypes.STRING(200), allowNull: true },
      email: { type: DataTypes.STRING(254), allowNull: false },
      phone: { type: DataTypes.STRING(32), allowNull: false },
      service: { type: DataTypes.STRING(32), allowNull: false },
      message: { type: DataTypes.TEXT, allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "new" },
      notes: { type: DataTypes.TEXT, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "form_submissions",
      underscored: true,
      indexes: [{ fields: ["status", "created_at"] }, { fields: ["created_at"] }],
    },
  );
  Order.init(
    {
      id: uuid(),
      agentId: { type: DataTypes.UUID, allowNull: true },
      agentName: { type: DataTypes.STRING(200), allowNull: false },
      callsOrdered: { type: DataTypes.INTEGER, allowNull: false },
      callsCompleted: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      companySource: { type: DataTypes.STRING(64), allowNull: false },
      platformSource: { type: DataTypes.STRING(120), allowNull: false },
      referrer: { type: DataTypes.STRING(200), allowNull: true },
      totalPaymentCents: { type: DataTypes.BIGINT, allowNull: false },
      paymentGateway: { type: DataTypes.STRING(32), allowNull: false, defaultValue: "Zelle" },
      bdmId: { type: DataTypes.UUID, allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "Active" },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "orders",
      underscored: true,
      indexes: [{ fields: ["created_at"] }, { fields: ["bdm_id", "created_at"] }],
    },
  );
  ActivityLog.init(
    {
      id: uuid(),
      userId: { type: DataTypes.UUID, allowNull: true },
      action: { type: DataTypes.STRING(64), allowNull: false },
      entityType: { type: DataTypes.STRING(32), allowNull: true },
      entityId: { type: DataTypes.UUID, allowNull: true },
      // For an entry about a lead: the lead's agent when it was written (an agent's list version).
      leadAgentId: { type: DataTypes.UUID, allowNull: true },
      summary: { type: DataTypes.STRING(500), allowNull: false },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "activity_logs",
      underscored: true,
      // Migration 018: the trail's lists by time, user, action and lead, each ending in (created_at, id).
      indexes: [
        { fields: ["created_at", "id"] },
        { fields: ["user_id", "created_at", "id"] },
        { fields: ["action", "created_at", "id"] },
        { fields: ["entity_type", "entity_id", "created_at", "id"] },
        // Migration 027: the latest entry about an agent's leads (their list version, decision 060).
        { name: "activity_logs_lead_agent", fields: ["lead_agent_id", "created_at"] },
      ],
      // Every way an entry is written passes here, so none can keep a long number (decision 034).
      hooks: {
        beforeSave: (entry) => {
          entry.summary = redactLongNumbers(entry.summary);
        },
        beforeBulkCreate: (entries) => {
          for (const entry of entries) entry.summary = redactLongNumbers(entry.summary);
        },
      },
    },
  );
  Attempt.init(
    {
      id: uuid(),
      kind: { type: DataTypes.STRING(32), allowNull: false },
      key: { type: DataTypes.STRING(300), allowNull: false },
      inFlight: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      ...timestamps(),
    },
    { sequelize, tableName: "attempts", underscored: true, indexes: [{ fields: ["kind", "key", "created_at"] }] },
  );
}
