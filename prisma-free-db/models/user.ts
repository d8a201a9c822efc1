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
import type { Agent } from "./agent";
import { timestamps, uuid } from "./columns";

export type Role = "admin" | "agent";

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<string>;
  declare email: string;
  declare passwordHash: string;
  declare firstName: string;
  declare lastName: string;
  declare phone: CreationOptional<string | null>;
  declare role: Role;
  declare timezone: CreationOptional<string>;
  declare mustChangePassword: CreationOptional<boolean>;
  /** Set while the user's second factor is on (decision 079). */
  declare twoFactorEnabledAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare agent?: NonAttribute<Agent | null>;
}

export class Session extends Model<InferAttributes<Session>, InferCreationAttributes<Session>> {
  /** sha256 of the cookie's token: a leaked table cannot be replayed as cookies. */
  declare id: string;
  declare userId: ForeignKey<User["id"]>;
  declare expiresAt: Date;
  declare ipAddress: CreationOptional<string | null>;
  declare userAgent: CreationOptional<string | null>;
  /** Shown and used to end the session from the sessions page: never the hash above (migration 047). */
  declare publicId: CreationOptional<string>;
  /** When the session was last used, to within a few minutes (sessions.server). */
  declare lastSeenAt: CreationOptional<Date | null>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
  declare user?: NonAttribute<User>;
}

export function initUserModels(sequelize: Sequelize) {
  User.init(
    {
      id: uuid(),
      email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
      passwordHash: { type: DataTypes.STRING(255), allowNull: false },
      firstName: { type: DataTypes.STRING(100), allowNull: false },
      lastName: { type: DataTypes.STRING(100), allowNull: false },
      phone: { type: DataTypes.STRING(32), allowNull: true },
      role: { type: DataTypes.STRING(16), allowNull: false },
      timezone: { type: DataTypes.STRING(64), allowNull: false, defaultValue: "America/New_York" },
      mustChangePassword: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      twoFactorEnabledAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    { sequelize, tableName: "users", underscored: true, indexes: [{ fields: ["role"] }] },
  );
  Session.init(
    {
      id: { type: DataTypes.STRING(64), primaryKey: true },
      userId: { type: DataTypes.UUID, allowNull: false },
      expiresAt: { type: DataTypes.DATE, allowNull: false },
      ipAddress: { type: DataTypes.STRING(64), allowNull: true },
      userAgent: { type: DataTypes.STRING(255), allowNull: true },
      publicId: { type: DataTypes.STRING(36), allowNull: false, defaultValue: DataTypes.UUIDV4 },
      lastSeenAt: { type: DataTypes.DATE, allowNull: true },
      ...timestamps(),
    },
    {
      sequelize,
      tableName: "sessions",
      underscored: true,
      indexes: [{ fields: ["user_id"] }, { fields: ["expires_at"] }, { fields: ["public_id"], unique: true }],
    },
  );
}
