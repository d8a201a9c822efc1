import {
  DataTypes,
  Model,
  type CreationOptional,
  type ForeignKey,
  type InferAttributes,
  type InferCreationAttributes,
  type Sequelize,
} from "sequelize";
import { timestamps, uuid } from "./columns";
import type { User } from "./user";

/** A user's TOTP secret (encrypted), the one waiting for its first code, and the last step accepted. */
export class TwoFactorCredential extends Model<
  InferAttributes<TwoFactorCredential>,
  InferCreationAttributes<TwoFactorCredential>
> {
  declare userId: ForeignKey<User["id"]>;
  declare secretEncrypted: CreationOptional<string | null>;
  declare pendingSecretEncrypted: CreationOptional<string | null>;
  /** A BIGINT: Postgres answers it as text. */
  declare lastUsedStep: CreationOptional<number | string | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** One single-use recovery code, kept only as its SHA-256. */
export class RecoveryCode extends Model<InferAttributes<RecoveryCode>, InferCreationAttributes<RecoveryCode>> {
  declare id: CreationOptional<string>;
  declare userId: ForeignKey<User["id"]>;
  declare codeHash: string;
  declare usedAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

/** The step between a right password and a right code; the id is the SHA-256 of the client's token. */
export class TwoFactorChallenge extends Model<
  InferAttributes<TwoFactorChallenge>,
  InferCreationAttributes<TwoFactorChallenge>
> {
  declare id: string;
  declare userId: ForeignKey<User["id"]>;
  declare expiresAt: Date;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

export function initTwoFactorModels(sequelize: Sequelize) {
  TwoFactorCredential.init(
    {
      userId: { type: DataTypes.UUID, allowNull: false, primaryKey: true },
      secretEncrypted: { type: DataTypes.TEXT, allowNull: true },
      pendingSecretEncrypted: { type: DataTypes.TEXT, allowNull: true },
      lastUsedStep: { type: DataTypes.BIGINT, allowNull: true },
      ...timestamps(),
    },
    { sequelize, tableName: "two_factor_credentials", underscored: true },
  );
  RecoveryCode.init(
    {
      id: uuid(),
      userId: { type: DataTypes.UUID, allowNull: false },
      codeHash: { type: DataTypes.STRING(64), allowNull: false },
      usedAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "recovery_codes",
      underscored: true,
      indexes: [{ name: "recovery_codes_user_code", fields: ["user_id", "code_hash"] }],
    },
  );
  TwoFactorChallenge.init(
    {
      id: { type: DataTypes.STRING(64), primaryKey: true },
      userId: { type: DataTypes.UUID, allowNull: false },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "two_factor_challenges",
      underscored: true,
      indexes: [
        { name: "two_factor_challenges_user_id", fields: ["user_id"] },
        { name: "two_factor_challenges_expires_at", fields: ["expires_at"] },
      ],
    },
  );
}
