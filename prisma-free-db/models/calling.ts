import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from "sequelize";
import { uuid } from "./columns";

/** A state's calling window and daily limit, or the federal default (state "US"): migration 039, decision 071. */
export class CallingRule extends Model<InferAttributes<CallingRule>, InferCreationAttributes<CallingRule>> {
  declare state: string;
  /** "08:00": the first minute calls are allowed, on the lead's clock. */
  declare startTime: string;
  /** "20:00": the first minute they are not. */
  declare endTime: string;
  declare maxCallsPer24h: number | null;
  /** The days calls are allowed, "mon,tue,wed,thu,fri,sat,sun" in week order. */
  declare days: CreationOptional<string>;
  declare source: CreationOptional<string | null>;
  declare updatedById: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** One Call Now: the check's answer, the rule it applied, and the outcome set afterwards (decision 072). */
export class CallAttempt extends Model<InferAttributes<CallAttempt>, InferCreationAttributes<CallAttempt>> {
  declare id: CreationOptional<string>;
  declare applicationId: string;
  declare userId: string | null;
  declare phoneE164: string;
  declare allowed: boolean;
  /** The check's refusals, comma-separated ("" when it allowed the call). */
  declare reasons: string;
  /** The refusals an administrator overrode, comma-separated. */
  declare overridden: CreationOptional<string | null>;
  declare overrideReason: CreationOptional<string | null>;
  declare ruleState: string;
  declare windowStart: string;
  declare windowEnd: string;
  declare maxCallsPer24h: number | null;
  /** The rule's days, as calling_rules.days; null for calls logged before rules had days. */
  declare windowDays: CreationOptional<string | null>;
  declare timeZone: string;
  /** The lead's agent's licensed states when the call was made, comma-separated. */
  declare agentLicensedStates: CreationOptional<string | null>;
  declare outcome: CreationOptional<string | null>;
  declare outcomeAt: CreationOptional<Date | null>;
  declare outcomeById: CreationOptional<string | null>;
  declare createdAt: CreationOptional<Date>;
}

export function initCallingModels(sequelize: Sequelize) {
  const time = () => ({ type: DataTypes.STRING(5), allowNull: false });
  const optionalId = () => ({ type: DataTypes.UUID, allowNull: true });
  CallingRule.init(
    {
      state: { type: DataTypes.STRING(2), primaryKey: true, allowNull: false },
      startTime: time(),
      endTime: time(),
      maxCallsPer24h: { type: DataTypes.INTEGER, allowNull: true, field: "max_calls_per_24h" },
      days: { type: DataTypes.STRING(27), allowNull: false, defaultValue: "mon,tue,wed,thu,fri,sat,sun" },
      source: { type: DataTypes.STRING(300), allowNull: true },
      updatedById: optionalId(),
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    },
    { sequelize, tableName: "calling_rules", underscored: true },
  );
  CallAttempt.init(
    {
      id: uuid(),
      applicationId: { type: DataTypes.UUID, allowNull: false },
      userId: optionalId(),
      phoneE164: { type: DataTypes.STRING(16), allowNull: false },
      allowed: { type: DataTypes.BOOLEAN, allowNull: false },
      reasons: { type: DataTypes.STRING(200), allowNull: false },
      overridden: { type: DataTypes.STRING(200), allowNull: true },
      overrideReason: { type: DataTypes.STRING(500), allowNull: true },
      ruleState: { type: DataTypes.STRING(2), allowNull: false },
      windowStart: time(),
      windowEnd: time(),
      maxCallsPer24h: { type: DataTypes.INTEGER, allowNull: true, field: "max_calls_per_24h" },
      windowDays: { type: DataTypes.STRING(27), allowNull: true },
      timeZone: { type: DataTypes.STRING(64), allowNull: false },
      agentLicensedStates: { type: DataTypes.STRING(200), allowNull: true },
      outcome: { type: DataTypes.STRING(24), allowNull: true },
      outcomeAt: { type: DataTypes.DATE, allowNull: true },
      outcomeById: optionalId(),
      createdAt: { type: DataTypes.DATE, allowNull: false },
    },
    {
      sequelize,
      tableName: "call_attempts",
      underscored: true,
      updatedAt: false,
      indexes: [
        { name: "call_attempts_lead_created", fields: ["application_id", "created_at"] },
        { name: "call_attempts_created", fields: ["created_at", "outcome"] },
      ],
    },
  );
}
