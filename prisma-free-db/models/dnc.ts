import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from "sequelize";
import { timestamps, uuid } from "./columns";

/** Why a number is on the do-not-call list. */
export type DncReason = "customer_request" | "internal" | "national_registry" | "state_registry";

/** Where a file of numbers stands: queued, running, completed or failed. */
export type DncImportStatus = "queued" | "running" | "completed" | "failed";

/** A number on the agency's do-not-call list, in E.164 (migration 035, decision 069). */
export class DncNumber extends Model<InferAttributes<DncNumber>, InferCreationAttributes<DncNumber>> {
  declare phoneE164: string;
  declare reason: DncReason;
  declare addedById: string | null;
  /** The lead whose "Asked not to be called" added it. */
  declare sourceApplicationId: CreationOptional<string | null>;
  /** The uploaded file that added it. */
  declare importId: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

/** An entry taken off the list: its add as it was, and who removed it, when and why. */
export class DncRemoval extends Model<InferAttributes<DncRemoval>, InferCreationAttributes<DncRemoval>> {
  declare id: CreationOptional<string>;
  declare phoneE164: string;
  declare reason: DncReason;
  declare addedById: string | null;
  declare addedAt: Date;
  declare sourceApplicationId: string | null;
  declare importId: string | null;
  declare removedById: string | null;
  declare removedAt: Date;
  declare removalReason: string;
}

/** An uploaded file of numbers and how far its job got. */
export class DncImport extends Model<InferAttributes<DncImport>, InferCreationAttributes<DncImport>> {
  declare id: CreationOptional<string>;
  declare createdById: string | null;
  declare fileName: string;
  declare reason: DncReason;
  declare status: DncImportStatus;
  declare total: CreationOptional<number>;
  declare processed: CreationOptional<number>;
  declare added: CreationOptional<number>;
  declare alreadyListed: CreationOptional<number>;
  declare invalid: CreationOptional<number>;
  declare error: CreationOptional<string | null>;
  declare startedAt: CreationOptional<Date | null>;
  declare finishedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** Up to 10,000 of a file's values (one per line), waiting for its job; deleted once processed. */
export class DncImportChunk extends Model<InferAttributes<DncImportChunk>, InferCreationAttributes<DncImportChunk>> {
  declare importId: string;
  declare seq: number;
  declare phones: string;
  declare count: number;
}

export function initDncModels(sequelize: Sequelize) {
  const count = () => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
  const reason = () => ({ type: DataTypes.STRING(24), allowNull: false });
  const optionalId = () => ({ type: DataTypes.UUID, allowNull: true });
  DncImport.init(
    {
      id: uuid(),
      createdById: optionalId(),
      fileName: { type: DataTypes.STRING(255), allowNull: false },
      reason: reason(),
      status: { type: DataTypes.STRING(16), allowNull: false },
      total: count(),
      processed: count(),
      added: count(),
      alreadyListed: count(),
      invalid: count(),
      error: { type: DataTypes.STRING(500), allowNull: true },
      startedAt: { type: DataTypes.DATE, allowNull: true },
      finishedAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "dnc_imports",
      underscored: true,
      indexes: [{ name: "dnc_imports_created", fields: ["created_at", "id"] }],
    },
  );
  DncImportChunk.init(
    {
      importId: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      seq: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
      phones: { type: DataTypes.TEXT, allowNull: false },
      count: { type: DataTypes.INTEGER, allowNull: false },
    },
    { sequelize, tableName: "dnc_import_chunks", underscored: true, timestamps: false },
  );
  DncNumber.init(
    {
      phoneE164: { type: DataTypes.STRING(16), primaryKey: true, allowNull: false },
      reason: reason(),
      addedById: optionalId(),
      sourceApplicationId: optionalId(),
      importId: optionalId(),
      createdAt: { type: DataTypes.DATE, allowNull: false },
    },
    {
      sequelize,
      tableName: "dnc_numbers",
      underscored: true,
      updatedAt: false,
      indexes: [
        { name: "dnc_numbers_created", fields: ["created_at", "phone_e164"] },
        // Migration 041: a lead's insert and delete look up the rows that reference it.
        { name: "dnc_numbers_source_application", fields: ["source_application_id"] },
      ],
    },
  );
  DncRemoval.init(
    {
      id: uuid(),
      phoneE164: { type: DataTypes.STRING(16), allowNull: false },
      reason: reason(),
      addedById: optionalId(),
      addedAt: { type: DataTypes.DATE, allowNull: false },
      sourceApplicationId: optionalId(),
      importId: optionalId(),
      removedById: optionalId(),
      removedAt: { type: DataTypes.DATE, allowNull: false },
      removalReason: { type: DataTypes.STRING(500), allowNull: false },
    },
    {
      sequelize,
      tableName: "dnc_removals",
      underscored: true,
      timestamps: false,
      indexes: [
        { name: "dnc_removals_phone_removed", fields: ["phone_e164", "removed_at"] },
        { name: "dnc_removals_source_application", fields: ["source_application_id"] },
      ],
    },
  );
}
