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
import type { User } from "./user";
import type { Carrier, Product } from "./carrier";
import { timestamps, uuid } from "./columns";

export type AgentStatus = "pending" | "approved" | "rejected" | "paused";

export class Bdm extends Model<InferAttributes<Bdm>, InferCreationAttributes<Bdm>> {
  declare id: CreationOptional<string>;
  declare firstName: string;
  declare lastName: string;
  declare email: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class Agent extends Model<InferAttributes<Agent>, InferCreationAttributes<Agent>> {
  declare id: CreationOptional<string>;
  declare userId: ForeignKey<User["id"]>;
  declare licenseNumber: string;
  declare companyName: CreationOptional<string | null>;
  declare status: CreationOptional<AgentStatus>;
  declare callsOrdered: CreationOptional<number>;
  declare callsLeft: CreationOptional<number>;
  declare callQuota: CreationOptional<number>;
  declare callsSold: CreationOptional<number>;
  declare bdmId: ForeignKey<Bdm["id"]> | null;
  declare setupComplete: CreationOptional<boolean>;
  declare temporaryPasswordEncrypted: CreationOptional<string | null>;
  declare approvedAt: CreationOptional<Date | null>;
  declare lastLeadAssignedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare user?: NonAttribute<User>;
  declare bdm?: NonAttribute<Bdm | null>;
  declare carriers?: NonAttribute<Carrier[]>;
  declare products?: NonAttribute<Product[]>;
  declare licensedStates?: NonAttribute<LicensedState[]>;
}

export class AgentCarrier extends Model<InferAttributes<AgentCarrier>, InferCreationAttributes<AgentCarrier>> {
  declare id: CreationOptional<string>;
  declare agentId: ForeignKey<Agent["id"]>;
  declare carrierId: ForeignKey<Carrier["id"]>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export class LicensedState extends Model<InferAttributes<LicensedState>, InferCreationAttributes<LicensedState>> {
  declare id: CreationOptional<string>;
  declare agentId: ForeignKey<Agent["id"]>;
  /** Two-letter code; the API speaks state names and converts at the edge. */
  declare state: string;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initAgentModels(sequelize: Sequelize) {
  Bdm.init(
    {
      id: uuid(),
      firstName: { type: DataTypes.STRING(100), allowNull: false },
      lastName: { type: DataTypes.STRING(100), allowNull: false },
      email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
      ...timestamps(),
    },
    { sequelize, tableName: "bdms", underscored: true },
  );
  Agent.init(
    {
      id: uuid(),
      userId: { type: DataTypes.UUID, allowNull: false },
      licenseNumber: { type: DataTypes.STRING(64), allowNull: false },
      companyName: { type: DataTypes.STRING(200), allowNull: true },
      status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: "pending" },
      callsOrdered: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      callsLeft: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      callQuota: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      callsSold: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      bdmId: { type: DataTypes.UUID, allowNull: true },
      setupComplete: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      temporaryPasswordEncrypted: { type: DataTypes.TEXT, allowNull: true },
      approvedAt: { type: DataTypes.DATE, allowNull: true },
      // Migration 028: distribution gives the next lead to the eligible agent assigned least recently.
      lastLeadAssignedAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "agents",
      underscored: true,
      indexes: [{ unique: true, fields: ["user_id"] }, { fields: ["status", "created_at"] }, { fields: ["bdm_id"] }],
    },
  );
  AgentCarrier.init(
    {
      id: uuid(),
      agentId: { type: DataTypes.UUID, allowNull: false },
      carrierId: { type: DataTypes.UUID, allowNull: false },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "agent_carriers",
      underscored: true,
      indexes: [{ unique: true, fields: ["agent_id", "carrier_id"] }],
    },
  );
  LicensedState.init(
    {
      id: uuid(),
      agentId: { type: DataTypes.UUID, allowNull: false },
      state: { type: DataTypes.STRING(2), allowNull: false },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "licensed_states",
      underscored: true,
      indexes: [{ unique: true, fields: ["agent_id", "state"] }],
    },
  );
}
