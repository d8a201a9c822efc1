import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from "sequelize";
import { timestamps, uuid } from "./columns";

/** A vendor or list the agency buys leads from (migration 028, docs/decisions/061). */
export class LeadSource extends Model<InferAttributes<LeadSource>, InferCreationAttributes<LeadSource>> {
  declare id: CreationOptional<string>;
  declare name: string;
  declare costPerLeadCents: number;
  declare returnWindowHours: CreationOptional<number>;
  declare duplicateWindowDays: CreationOptional<number>;
  declare defaultCarrierId: string | null;
  declare status: CreationOptional<"active" | "paused">;
  /** SHA-256 (hex) of the posting key, which is shown once and never stored. */
  declare postingKeyHash: string;
  declare postingKeyLast4: string;
  declare keyRotatedAt: Date | null;
  declare rateLimitPerMinute: CreationOptional<number>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** A post or file row that repeated a lead received in its source's duplicate window. */
export class LeadDuplicate extends Model<InferAttributes<LeadDuplicate>, InferCreationAttributes<LeadDuplicate>> {
  declare id: CreationOptional<string>;
  declare leadSourceId: string;
  declare duplicateOfId: string | null;
  declare externalId: string | null;
  declare firstName: string;
  declare lastName: string;
  declare phoneE164: string | null;
  declare emailNormalized: string | null;
  declare state: string | null;
  /** What matched: "phone" or "email". */
  declare matchedOn: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** An agent's request to return a bad lead for credit, and the admin's decision. */
export class LeadReturn extends Model<InferAttributes<LeadReturn>, InferCreationAttributes<LeadReturn>> {
  declare id: CreationOptional<string>;
  declare applicationId: string;
  declare agentId: string | null;
  declare reason: string;
  declare notes: string | null;
  declare status: CreationOptional<"pending" | "approved" | "denied">;
  declare decidedById: string | null;
  declare decisionNote: string | null;
  declare decidedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initLeadSupplyModels(sequelize: Sequelize) {
  LeadSource.init(
    {
      id: uuid(),
      name: { type: DataTypes.STRING(120), allowNull: false, unique: true },
      costPerLeadCents: { type: DataTypes.BIGINT, allowNull: false },
      returnWindowHours: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 72 },
      duplicateWindowDays: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 30 },
      defaultCarrierId: { type: DataTypes.UUID, allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "active" },
      postingKeyHash: { type: DataTypes.STRING(64), allowNull: false, unique: true },
      postingKeyLast4: { type: DataTypes.STRING(4), allowNull: false },
      keyRotatedAt: { type: DataTypes.DATE, allowNull: true },
      rateLimitPerMinute: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 120 },
      ...timestamps(),
    },
    { sequelize, tableName: "lead_sources", underscored: true },
  );
  LeadDuplicate.init(
    {
      id: uuid(),
      leadSourceId: { type: DataTypes.UUID, allowNull: false },
      duplicateOfId: { type: DataTypes.UUID, allowNull: true },
      externalId: { type: DataTypes.STRING(120), allowNull: true },
      firstName: { type: DataTypes.STRING(100), allowNull: false },
      lastName: { type: DataTypes.STRING(100), allowNull: false },
      phoneE164: { type: DataTypes.STRING(16), allowNull: true },
      emailNormalized: { type: DataTypes.STRING(255), allowNull: true },
      state: { type: DataTypes.STRING(2), allowNull: true },
      matchedOn: { type: DataTypes.STRING(16), allowNull: false },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "lead_duplicates",
      underscored: true,
      indexes: [
        { name: "lead_duplicates_source_external", unique: true, fields: ["lead_source_id", "external_id"] },
        { name: "lead_duplicates_source_created", fields: ["lead_source_id", "created_at"] },
        { name: "lead_duplicates_duplicate_of", fields: ["duplicate_of_id"] },
      ],
    },
  );
  LeadReturn.init(
    {
      id: uuid(),
      applicationId: { type: DataTypes.UUID, allowNull: false },
      agentId: { type: DataTypes.UUID, allowNull: true },
      reason: { type: DataTypes.STRING(32), allowNull: false },
      notes: { type: DataTypes.STRING(1000), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
      decidedById: { type: DataTypes.UUID, allowNull: true },
      decisionNote: { type: DataTypes.STRING(1000), allowNull: true },
      decidedAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "lead_returns",
      underscored: true,
      indexes: [
        { name: "lead_returns_status_created", fields: ["status", "created_at", "id"] },
        { name: "lead_returns_application", fields: ["application_id"] },
      ],
    },
  );
}
