import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from "sequelize";
import { timestamps, uuid } from "./columns";

/** Where an import stands: uploaded (being mapped), queued, running, completed or failed. */
export type LeadImportStatus = "uploaded" | "queued" | "running" | "completed" | "failed";

/** One uploaded CSV of leads, what was chosen for it and how far its job got (migration 030, decision 062). */
export class LeadImport extends Model<InferAttributes<LeadImport>, InferCreationAttributes<LeadImport>> {
  declare id: CreationOptional<string>;
  declare createdById: string | null;
  declare leadSourceId: string | null;
  declare agentId: string | null;
  declare fileName: string;
  declare fileBytes: number;
  /** The header row, as a JSON array of strings. */
  declare headers: string;
  /** The column mapping (lead field per column index), as JSON; null until chosen. */
  declare mapping: string | null;
  declare distribution: "automatic" | "agent" | "unassigned" | null;
  declare status: LeadImportStatus;
  declare total: CreationOptional<number>;
  declare processed: CreationOptional<number>;
  declare imported: CreationOptional<number>;
  declare duplicates: CreationOptional<number>;
  declare alreadyImported: CreationOptional<number>;
  declare rejected: CreationOptional<number>;
  declare error: string | null;
  declare startedAt: Date | null;
  declare finishedAt: Date | null;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** A row of an uploaded file, its cells as a JSON array; kept until its import completes. */
export class LeadImportRow extends Model<InferAttributes<LeadImportRow>, InferCreationAttributes<LeadImportRow>> {
  declare importId: string;
  declare rowNumber: number;
  declare cells: string;
}

/** A row the import refused: its lead fields only (JSON) and the reason. */
export class LeadImportRejection extends Model<
  InferAttributes<LeadImportRejection>,
  InferCreationAttributes<LeadImportRejection>
> {
  declare importId: string;
  declare rowNumber: number;
  declare fields: string;
  declare reason: string;
}

/** A row a source's import took in, by its key (external id or row hash), unique per source. */
export class LeadImportKey extends Model<InferAttributes<LeadImportKey>, InferCreationAttributes<LeadImportKey>> {
  declare leadSourceId: string;
  declare rowKey: string;
  declare importId: string;
}

export function initLeadImportModels(sequelize: Sequelize) {
  const count = () => ({ type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
  LeadImport.init(
    {
      id: uuid(),
      createdById: { type: DataTypes.UUID, allowNull: true },
      leadSourceId: { type: DataTypes.UUID, allowNull: true },
      agentId: { type: DataTypes.UUID, allowNull: true },
      fileName: { type: DataTypes.STRING(255), allowNull: false },
      fileBytes: { type: DataTypes.INTEGER, allowNull: false },
      headers: { type: DataTypes.TEXT, allowNull: false },
      mapping: { type: DataTypes.TEXT, allowNull: true },
      distribution: { type: DataTypes.STRING(16), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false },
      total: count(),
      processed: count(),
      imported: count(),
      duplicates: count(),
      alreadyImported: count(),
      rejected: count(),
      error: { type: DataTypes.STRING(500), allowNull: true },
      startedAt: { type: DataTypes.DATE, allowNull: true },
      finishedAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "lead_imports",
      underscored: true,
      indexes: [{ name: "lead_imports_created", fields: ["created_at", "id"] }],
    },
  );
  LeadImportRow.init(
    {
      importId: { type: DataTypes.UUID, allowNull: false, primaryKey: true },
      rowNumber: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      cells: { type: DataTypes.TEXT, allowNull: false },
    },
    { sequelize, tableName: "lead_import_rows", underscored: true, timestamps: false },
  );
  LeadImportRejection.init(
    {
      importId: { type: DataTypes.UUID, allowNull: false, primaryKey: true },
      rowNumber: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
      fields: { type: DataTypes.TEXT, allowNull: false },
      reason: { type: DataTypes.STRING(1000), allowNull: false },
    },
    { sequelize, tableName: "lead_import_rejections", underscored: true, timestamps: false },
  );
  LeadImportKey.init(
    {
      leadSourceId: { type: DataTypes.UUID, allowNull: false, primaryKey: true },
      rowKey: { type: DataTypes.STRING(64), allowNull: false, primaryKey: true },
      importId: { type: DataTypes.UUID, allowNull: false },
    },
    { sequelize, tableName: "lead_import_keys", underscored: true, timestamps: false },
  );
}
